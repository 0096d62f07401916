import Foundation
import PackagePlugin

/// Builds the demo deck into its target (DemoSource): every file of
/// `Resources/DemoDeck` (the editable source of truth) becomes a base64
/// literal in a generated `EmbeddedDemoDeck.swift`, so the binary needs no
/// resource bundle beside it. Changing any of those files regenerates it.
@main
struct EmbedDemoDeck: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let deck = context.package.directoryURL.appending(path: "Sources/\(target.name)/Resources/DemoDeck")
        let files = try FileManager.default
            .contentsOfDirectory(at: deck, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedDemoDeck.swift")
        return [
            .buildCommand(
                displayName: "Embedding the demo deck (\(files.count) files)",
                executable: try context.tool(named: "DemoDeckEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
