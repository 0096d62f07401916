import ControlPadUI
import ArgumentParser
import SlideModel
import SourceKit

/// The command of the registry's local kind (`SourceRegistry.localKind`, a
/// show inside this process): named by its id, its help and options the
/// kind's, and the pad's default with no subcommand. It opens the pad as
/// `connect` does, on the kind's one address.
struct LocalSourceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: SourceRegistry.localKind.id,
        abstract: SourceRegistry.localKind.commandAbstract,
        discussion: SourceRegistry.localKind.commandDiscussion
    )

    @OptionGroup var pad: PadOptions
    @OptionGroup var options: LocalSourceOptions

    func validate() throws {
        do {
            try SourceRegistry.localKind.validate(options.given)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        try bootstrapLogging(path: pad.log)
        let kind = SourceRegistry.localKind
        let source: any SlideSource
        do {
            source = try kind.makeSource(address: kind.addressForm, settings: options.given, use: .pad, logger: nil)
        } catch {
            throw ValidationError("\(error)")
        }
        try PadRunner.run(source: source, settings: SourceRegistry.padSettings(pad.settings, for: kind), link: kind.initialLink(shown: kind.addressForm),
                          config: SourceRegistry.readConfig(path: pad.config))
    }
}
