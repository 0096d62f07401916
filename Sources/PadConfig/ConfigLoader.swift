import FoundationEssentials
import SlideModel
import SourceKit
import TOMLKit

/// A config file as read: every setting that is right applies, every one
/// that is wrong keeps its default and is a problem, in line order.
package struct LoadedConfig: Equatable {
    package var config = PadConfig()
    package var problems: [ConfigProblem] = []
    /// The file read (nil: none, the default place had no file).
    package var file: String?
}

/// Reads `config.toml` (TOMLKit) into a `PadConfig`, setting by setting:
/// bad TOML on a line, an unknown section, key, action or key name, a key
/// bound twice, a bad colour, server or length is reported with its line,
/// and only that setting falls back on its default.
package struct ConfigLoader {
    /// `$XDG_CONFIG_HOME/controlpad/config.toml`, or `~/.config/...`.
    package static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        // A relative one is invalid and ignored (the XDG base directory spec).
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config"
        return base + "/controlpad/config.toml"
    }

    package let file: String
    package let text: String
    package var sourceKeys: [SourceConfigKey] = []
    /// Bad lines blanked and the file parsed again, at most this often.
    package static let maxSyntaxProblems = 20

    /// Reads `path` (nil: the default place, where no file is no problem).
    /// `sourceKeys`: the top-level keys the source kinds declare.
    package static func read(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                             sourceKeys: [SourceConfigKey] = []) -> LoadedConfig {
        let resolved = path ?? defaultPath(environment: environment)
        var isFolder = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) else {
            return path == nil ? LoadedConfig()
                : LoadedConfig(problems: [ConfigProblem(file: resolved, line: nil, message: "no such file", key: "file")], file: resolved)
        }
        if isFolder {
            return LoadedConfig(problems: [ConfigProblem(file: resolved, line: nil, message: Self.folderMessage, key: "file")], file: resolved)
        }
        guard let data = FileManager.default.contents(atPath: resolved), data.count <= 1 << 20,
              let text = String(data: data, encoding: .utf8) else {
            return LoadedConfig(problems: [ConfigProblem(file: resolved, line: nil, message: "cannot be read as UTF-8 text (at most 1 MiB)", key: "file")],
                                file: resolved)
        }
        return ConfigLoader(file: resolved, text: text, sourceKeys: sourceKeys).parse()
    }

    /// The settings that apply, for callers that only need them (`doctor`'s
    /// server); a failure only when the file cannot be read at all.
    package static func load(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                             sourceKeys: [SourceConfigKey] = []) -> Result<PadConfig, ConfigProblem> {
        let loaded = read(path: path, environment: environment, sourceKeys: sourceKeys)
        if let unreadable = loaded.problems.first(where: { $0.key == "file" }) { return .failure(unreadable) }
        return .success(loaded.config)
    }

    /// A folder given where a file belongs (`--config ~/.config/controlpad`).
    package static let folderMessage = "is a folder, not a file: give the file's path (e.g. …/controlpad/config.toml)"

    package func parse() -> LoadedConfig {
        var (table, problems) = Self.table(text, file: file)
        let reader = SettingsReader(file: file, text: text, sourceKeys: sourceKeys)
        let config = table.map { reader.read($0) } ?? PadConfig()
        problems += reader.problems
        if table == nil, !problems.isEmpty {
            problems.append(ConfigProblem(file: file, line: nil, message: "the file cannot be read as TOML past these problems: nothing in it applies"))
        }
        return LoadedConfig(config: config, problems: Self.inLineOrder(problems), file: file)
    }

    /// `text` as TOML: a line TOML cannot read is reported with its number
    /// and left out, and the rest read again (at most `maxSyntaxProblems`
    /// times). Nil when nothing can be read.
    package static func table(_ text: String, file: String) -> (TOMLTable?, [ConfigProblem]) {
        var problems: [ConfigProblem] = []
        func problem(_ line: Int?, _ message: String) -> ConfigProblem { ConfigProblem(file: file, line: line, message: message) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table: TOMLTable?
        // A line TOML cannot read is reported and left out; the rest is read again.
        for _ in 0...maxSyntaxProblems {
            let current = lines.joined(separator: "\n")
            var bad: (line: Int?, message: String)?
            if let found = TOMLPrecheck.problem(in: current) {
                bad = (found.line, found.message)
            } else {
                do {
                    table = try TOMLTable(string: current)
                    break
                } catch let error as TOMLParseError {
                    bad = (error.source.begin.line, error.description)
                } catch {
                    bad = (nil, "\(error)")
                }
            }
            guard let bad else { break }
            guard let line = bad.line, (1...lines.count).contains(line), !lines[line - 1].isEmpty else {
                problems.append(problem(bad.line, "not valid TOML: \(TOMLWords.plain(bad.message))"))
                break
            }
            // A table header with its `]` forgotten is read as meant: the
            // settings under it land in their table, not in the one above.
            if let repaired = TOMLWords.repairedHeader(lines[line - 1]) {
                problems.append(problem(line, "not valid TOML: the table header has no closing ]; read as \(repaired)"))
                lines[line - 1] = repaired
                continue
            }
            // Another broken header: the settings under it are left out with it.
            let under = TOMLWords.isHeader(lines[line - 1])
                ? (line..<lines.count).prefix { !TOMLWords.isHeader(lines[$0]) }.count : 0
            let end = line + under
            problems.append(problem(line, "not valid TOML: \(TOMLWords.plain(bad.message))"
                + (under > 0 ? " (the header and what is under it, to line \(end), are left out)" : " (the line is left out)")))
            for i in (line - 1)..<end { lines[i] = "" }
        }
        return (table, problems)
    }

    /// Problems with a line first, by line; the others keep their order.
    package static func inLineOrder(_ problems: [ConfigProblem]) -> [ConfigProblem] {
        problems.enumerated().sorted { a, b in
            (a.element.line ?? Int.max, a.offset) < (b.element.line ?? Int.max, b.offset)
        }.map(\.element)
    }

}
