import Foundation
import SlideModel
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
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/controlpad/config.toml"
    }

    let file: String
    let text: String
    /// Bad lines blanked and the file parsed again, at most this often.
    static let maxSyntaxProblems = 20

    /// Reads `path` (nil: the default place, where no file is no problem).
    package static func read(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> LoadedConfig {
        let resolved = path ?? defaultPath(environment: environment)
        guard FileManager.default.fileExists(atPath: resolved) else {
            return path == nil ? LoadedConfig()
                : LoadedConfig(problems: [ConfigProblem(file: resolved, line: nil, message: "no such file", key: "file")], file: resolved)
        }
        guard let data = FileManager.default.contents(atPath: resolved), data.count <= 1 << 20,
              let text = String(data: data, encoding: .utf8) else {
            return LoadedConfig(problems: [ConfigProblem(file: resolved, line: nil, message: "cannot be read as UTF-8 text (at most 1 MiB)", key: "file")],
                                file: resolved)
        }
        return ConfigLoader(file: resolved, text: text).parse()
    }

    /// The settings that apply, for callers that only need them (`doctor`'s
    /// server); a failure only when the file cannot be read at all.
    package static func load(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<PadConfig, ConfigProblem> {
        let loaded = read(path: path, environment: environment)
        if let unreadable = loaded.problems.first(where: { $0.key == "file" }) { return .failure(unreadable) }
        return .success(loaded.config)
    }

    func parse() -> LoadedConfig {
        var problems: [ConfigProblem] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table: TOMLTable?
        // A line TOML cannot read is reported and left out; the rest is read again.
        for _ in 0...Self.maxSyntaxProblems {
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
            problems.append(problem(bad.line, "not valid TOML: \(bad.message)" + (bad.line == nil ? "" : " (the line is left out)")))
            guard let line = bad.line, (1...lines.count).contains(line), !lines[line - 1].isEmpty else { break }
            lines[line - 1] = ""
        }
        let reader = SettingsReader(file: file, text: text)
        let config = table.map { reader.read($0) } ?? PadConfig()
        problems += reader.problems
        if table == nil, !problems.isEmpty {
            problems.append(problem(nil, "the file cannot be read as TOML past these problems: nothing in it applies"))
        }
        return LoadedConfig(config: config, problems: Self.inLineOrder(problems), file: file)
    }

    /// Problems with a line first, by line; the others keep their order.
    static func inLineOrder(_ problems: [ConfigProblem]) -> [ConfigProblem] {
        problems.enumerated().sorted { a, b in
            (a.element.line ?? Int.max, a.offset) < (b.element.line ?? Int.max, b.offset)
        }.map(\.element)
    }

    private func problem(_ line: Int?, _ message: String) -> ConfigProblem {
        ConfigProblem(file: file, line: line, message: message)
    }
}

/// Reads each setting on its own: a problem is noted and the setting keeps
/// its default; nothing throws past one setting.
final class SettingsReader {
    let file: String
    let text: String
    private(set) var problems: [ConfigProblem] = []

    init(file: String, text: String) {
        self.file = file
        self.text = text
    }

    struct Bad: Error {
        var problem: ConfigProblem
    }

    /// Runs `body`; a problem it throws is noted and nil returned.
    private func attempt<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let bad as Bad {
            problems.append(bad.problem)
        } catch {
            problems.append(ConfigProblem(file: file, line: nil, message: "\(error)"))
        }
        return nil
    }

    func bad(_ line: Int?, _ message: String, key: String? = nil) -> Bad {
        Bad(problem: ConfigProblem(file: file, line: line, message: message, key: key))
    }

    func read(_ root: TOMLTable) -> PadConfig {
        var config = PadConfig()
        for (key, value) in root {
            switch key {
            case "animation":
                if let on = attempt({ try bool(value, key, section: nil) }) { config.animation = on }
            case "duration":
                config.talkDuration = attempt { () throws -> Millis in
                    if let minutes = value.int {
                        guard let ms = DurationText.milliseconds(String(minutes)) else {
                            throw bad(line(of: key), "duration \(minutes) is not a length from 1 minute to a day")
                        }
                        return ms
                    }
                    let text = try string(value, key, section: nil)
                    guard let ms = DurationText.milliseconds(text) else {
                        throw bad(line(of: key), "duration " + DurationText.problem(text))
                    }
                    return ms
                } ?? config.talkDuration
            case "server":
                config.server = attempt { () throws -> String in
                    let text = try string(value, key, section: nil)
                    // pdfpc://HOST is pdfpc's own kind of address, checked by `connect`.
                    if text.lowercased().hasPrefix("pdfpc://") { return text }
                    do {
                        _ = try ImpressServerAddress.parse(text)
                    } catch {
                        throw bad(line(of: key), "server: \(error)", key: "server")
                    }
                    return text
                } ?? config.server
            case "pdfpc-password":
                config.pdfpcPassword = attempt { try string(value, key, section: nil) } ?? config.pdfpcPassword
            case "cell-aspect":
                config.cellAspect = attempt { () throws -> Double in
                    guard let ratio = value.double ?? value.int.map(Double.init), (0.5...4).contains(ratio) else {
                        throw bad(line(of: key), "cell-aspect must be a number from 0.5 to 4")
                    }
                    return ratio
                } ?? config.cellAspect
            case "pictures":
                config.pictures = attempt { () throws -> PictureChoice in
                    let text = try string(value, key, section: nil)
                    guard let choice = PictureChoice(rawValue: text) else {
                        throw bad(line(of: key), "pictures must be one of \(PictureChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                    }
                    return choice
                } ?? config.pictures
            case "layout":
                config.layout = attempt { () throws -> LayoutMode in
                    let text = try string(value, key, section: nil)
                    guard let mode = LayoutMode(rawValue: text) else {
                        throw bad(line(of: key), "layout must be one of \(LayoutMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                    }
                    return mode
                } ?? config.layout
            case "keys":
                if let keys = attempt({ try table(value, key) }) {
                    var reader = KeyBindingsReader(settings: self)
                    config.bindings = reader.read(keys)
                    problems += reader.problems
                }
            case "theme":
                if let theme = attempt({ try table(value, key) }) { readTheme(theme, into: &config) }
            case "popover":
                guard let popovers = attempt({ try table(value, key) }) else { continue }
                for (kind, sub) in popovers {
                    guard let popover = PopoverKind(rawValue: kind) else {
                        problems.append(bad(line(ofSection: "popover.\(kind)"), "unknown popover \"\(kind)\" (known: \(PopoverKind.allCases.map(\.rawValue).joined(separator: ", ")))").problem)
                        continue
                    }
                    if let table = attempt({ try table(sub, "popover.\(kind)") }) {
                        config.popovers[popover] = readPopover(table, section: "popover.\(kind)")
                    }
                }
            default:
                problems.append(bad(line(of: key), "unknown setting \"\(key)\" (known: animation, duration, server, pdfpc-password, cell-aspect, pictures, layout, [keys], [theme], [popover.*])").problem)
            }
        }
        return config
    }

    private func readTheme(_ table: TOMLTable, into config: inout PadConfig) {
        for (name, value) in table {
            if name == "box" {
                if let glyphs = attempt({ try box(try string(value, name, section: "theme"), line: line(of: name, section: "theme")) }) {
                    config.paneBox = glyphs
                }
                continue
            }
            guard let role = Role.configNames[name] else {
                problems.append(bad(line(of: name, section: "theme"), "unknown theme role \"\(name)\" (known: box, \(Role.configNames.keys.sorted().joined(separator: ", ")))").problem)
                continue
            }
            if let look = attempt({ try look(value, name: name) }) { config.looks[role] = look }
        }
    }

    private func readPopover(_ table: TOMLTable, section: String) -> PopoverTheme {
        var theme = PopoverTheme()
        for (name, value) in table {
            let at = line(of: name, section: section)
            _ = attempt { () throws -> Void in
                switch name {
                case "box": theme.box = try box(try string(value, name, section: section), line: at)
                case "role":
                    let text = try string(value, name, section: section)
                    guard let role = Role.configNames[text] else { throw bad(at, "unknown role \"\(text)\"") }
                    theme.role = role
                case "arrow-up", "arrow-down", "arrow-left", "arrow-right":
                    let glyph = try string(value, name, section: section)
                    guard glyph.count == 1, DisplayWidth.of(glyph) == 1 else {
                        throw bad(at, "\(name) must be one single-width character")
                    }
                    switch name {
                    case "arrow-up": theme.arrows.up = glyph
                    case "arrow-down": theme.arrows.down = glyph
                    case "arrow-left": theme.arrows.left = glyph
                    default: theme.arrows.right = glyph
                    }
                default:
                    throw bad(at, "unknown popover setting \"\(name)\" (known: box, role, arrow-up, arrow-down, arrow-left, arrow-right)")
                }
            }
        }
        return theme
    }

    /// A role's look, whole or not at all: one bad colour keeps the role's default.
    private func look(_ value: TOMLValueConvertible, name: String) throws -> RoleLook {
        let at = line(of: name, section: "theme")
        if value.string != nil || value.int != nil { return RoleLook(foreground: try color(value, line: at)) }
        guard let table = value.table else {
            throw bad(at, "theme.\(name) must be a colour or a table like { fg = \"cyan\", bg = \"default\", bold = true }")
        }
        var look = RoleLook()
        for (key, item) in table {
            switch key {
            case "fg": look.foreground = try color(item, line: at)
            case "bg": look.background = try color(item, line: at)
            case "bold": look.bold = try bool(item, key, section: "theme", line: at)
            case "dim": look.dim = try bool(item, key, section: "theme", line: at)
            case "reverse": look.reverse = try bool(item, key, section: "theme", line: at)
            case "underline": look.underline = try bool(item, key, section: "theme", line: at)
            default: throw bad(at, "unknown style \"\(key)\" in theme.\(name) (known: fg, bg, bold, dim, reverse, underline)")
            }
        }
        return look
    }

    private func color(_ value: TOMLValueConvertible, line: Int?) throws -> CellColor {
        let text = value.string ?? value.int.map(String.init) ?? "\(value)"
        guard let colour = ColorName.parse(text) else {
            throw bad(line, "\"\(text)\" is not a colour (a name like \"cyan\" or \"bright-red\", \"default\", 0–255, or \"#rrggbb\")")
        }
        return colour
    }

    private func box(_ text: String, line: Int?) throws -> BoxGlyphs {
        guard let glyphs = BoxGlyphs.named[text] else {
            throw bad(line, "box \"\(text)\" is unknown (known: \(BoxGlyphs.named.keys.sorted().joined(separator: ", ")))")
        }
        return glyphs
    }

    // MARK: typed values

    func table(_ value: TOMLValueConvertible, _ key: String) throws -> TOMLTable {
        guard let table = value.table else { throw bad(line(of: key), "\(key) must be a table ([\(key)])") }
        return table
    }

    func string(_ value: TOMLValueConvertible, _ key: String, section: String?) throws -> String {
        guard let string = value.string else { throw bad(line(of: key, section: section), "\(key) must be a string in quotes") }
        return string
    }

    private func bool(_ value: TOMLValueConvertible, _ key: String, section: String?, line at: Int? = nil) throws -> Bool {
        guard let bool = value.bool else { throw bad(at ?? line(of: key, section: section), "\(key) must be true or false") }
        return bool
    }

    // MARK: lines

    /// The line where `key` is set inside `[section]` (nil: the top level).
    /// TOMLKit reports lines only for syntax errors, so keys are found in
    /// the text.
    func line(of key: String, section: String? = nil) -> Int? {
        var current: String? = nil
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                current = line.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                if section == nil && current == key { return i + 1 }
                continue
            }
            guard current == section else { continue }
            let name = line.split(separator: "=", maxSplits: 1).first?
                .trimmingCharacters(in: CharacterSet(charactersIn: " \"'"))
            if name == key { return i + 1 }
        }
        return nil
    }

    func line(ofSection section: String) -> Int? { line(of: section, section: nil) }
}
