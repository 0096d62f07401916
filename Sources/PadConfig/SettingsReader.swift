import FoundationEssentials
import SlideModel
import SourceKit
import TOMLKit

/// Reads each setting on its own: a problem is noted and the setting keeps
/// its default; nothing throws past one setting.
package final class SettingsReader {
    package let file: String
    package let text: String
    /// The top-level keys the source kinds declare (`SourceKind.configKeys`).
    package let sourceKeys: [SourceConfigKey]
    private(set) var problems: [ConfigProblem] = []

    package init(file: String, text: String, sourceKeys: [SourceConfigKey] = []) {
        self.file = file
        self.text = text
        self.sourceKeys = sourceKeys
    }

    package struct Bad: Error {
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

    package func bad(_ line: Int?, _ message: String, key: String? = nil) -> Bad {
        Bad(problem: ConfigProblem(file: file, line: line, message: message, key: key))
    }

    package func read(_ root: TOMLTable) -> PadConfig {
        var config = PadConfig()
        for (key, value) in root {
            switch key {
            case "animation":
                if let on = attempt({ try bool(value, key, section: nil) }) { config.animation = on }
            case "duration":
                config.talkDuration = attempt { () throws -> Duration in
                    if let minutes = value.int {
                        guard let ms = DurationText.length(String(minutes)) else {
                            throw bad(line(of: key), "duration \(minutes) is not a length from 1 minute to a day")
                        }
                        return ms
                    }
                    let text = try string(value, key, section: nil)
                    guard let ms = DurationText.length(text) else {
                        throw bad(line(of: key), "duration " + DurationText.problem(text))
                    }
                    return ms
                } ?? config.talkDuration
            case "alert":
                config.alerts = attempt { () throws -> AlertRules in
                    let text = try string(value, key, section: nil)
                    switch AlertText.rules(text) {
                    case .success(let rules): return rules
                    case .failure(let problem): throw bad(line(of: key), "alert: " + problem.description)
                    }
                } ?? config.alerts
            case "agenda":
                config.agenda = attempt { () throws -> String in
                    let text = try string(value, key, section: nil)
                    guard !text.isEmpty else { throw bad(line(of: key), "agenda must name a file, e.g. agenda = \"talk-agenda.toml\"") }
                    if text.hasPrefix("/") { return text }
                    if text.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] { return home + text.dropFirst(1) }
                    let folder = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                    return folder.isEmpty ? text : folder + "/" + text
                } ?? config.agenda
            case "server":
                config.server = attempt { () throws -> String in
                    let text = try string(value, key, section: nil)
                    // SCHEME://… is a source kind's own address, checked by the command.
                    if text.contains("://") { return text }
                    do {
                        _ = try HostAndPort.parse(text, defaultPort: 1)
                    } catch {
                        throw bad(line(of: key), "server: \(error)", key: "server")
                    }
                    return text
                } ?? config.server
            case "source":
                guard let kinds = attempt({ try table(value, key) }) else { continue }
                for (kind, sub) in kinds {
                    guard let settings = attempt({ try table(sub, "source.\(kind)") }) else { continue }
                    // Only what the kind declares: a misspelt setting is said, not ignored.
                    let known = sourceKeys.filter { $0.source == kind }.map(\.setting)
                    for (setting, value) in settings {
                        if !known.isEmpty, !known.contains(setting) {
                            problems.append(bad(line(of: setting, section: "source.\(kind)"),
                                                "unknown setting \"\(setting)\" in [source.\(kind)] (known: \(known.joined(separator: ", ")))").problem)
                            continue
                        }
                        // A flag may be written as one (`allow-remote = true`).
                        if let flag = value.bool {
                            config.sources[kind, default: [:]][setting] = flag ? "true" : "false"
                        } else if let text = attempt({ try string(value, setting, section: "source.\(kind)") }) {
                            config.sources[kind, default: [:]][setting] = text
                        }
                    }
                }
            case _ where sourceKeys.contains { $0.key == key }:
                let declared = sourceKeys.first { $0.key == key }!
                // `[source.ID]` says it more precisely, and wins wherever it is in the file.
                if let text = attempt({ try string(value, key, section: nil) }),
                   root["source"]?.table?[declared.source]?.table?[declared.setting] == nil {
                    config.sources[declared.source, default: [:]][declared.setting] = text
                }
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
                        throw bad(line(of: key), "pictures must be one of \(PictureChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
                                  + DidYouMean.suffix(text, in: PictureChoice.allCases.map(\.rawValue)))
                    }
                    return choice
                } ?? config.pictures
            case "layout":
                config.layout = attempt { () throws -> LayoutMode in
                    let text = try string(value, key, section: nil)
                    guard let mode = LayoutMode(rawValue: text) else {
                        throw bad(line(of: key), "layout must be one of \(LayoutMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))"
                                  + DidYouMean.suffix(text, in: LayoutMode.allCases.map(\.rawValue)))
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
                let declared = sourceKeys.compactMap(\.key).joined(separator: ", ")
                let known = ["animation", "duration", "agenda", "server", "cell-aspect", "pictures", "layout", "keys", "theme", "popover", "source"]
                    + sourceKeys.compactMap(\.key)
                problems.append(bad(line(of: key), "unknown setting \"\(key)\" (known: animation, duration, server, \(declared.isEmpty ? "" : declared + ", ")cell-aspect, pictures, layout, [keys], [theme], [popover.*], [source.*])"
                                    + DidYouMean.suffix(key, in: known)).problem)
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
            if name == "background" {
                config.themeBackground = attempt { () throws -> ThemeChoice in
                    let text = try string(value, name, section: "theme")
                    guard let choice = ThemeChoice(rawValue: text) else {
                        throw bad(line(of: name, section: "theme"), "background must be one of \(ThemeChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                    }
                    return choice
                } ?? config.themeBackground
                continue
            }
            guard let role = Role.configNames[name] else {
                problems.append(bad(line(of: name, section: "theme"), "unknown theme role \"\(name)\" (known: background, box, \(Role.configNames.keys.sorted().joined(separator: ", ")))"
                                    + DidYouMean.suffix(name, in: ["background", "box"] + Role.configNames.keys.sorted())).problem)
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
        // Every mistake in the table is said, in the order written in the docs (fg, bg, …), not only the first.
        let order = ["fg", "bg", "bold", "dim", "reverse", "underline"]
        var failures: [Bad] = []
        for (key, item) in table.sorted(by: { (order.firstIndex(of: $0.0) ?? order.count, $0.0) < (order.firstIndex(of: $1.0) ?? order.count, $1.0) }) {
            do {
                switch key {
                case "fg": look.foreground = try color(item, line: at)
                case "bg": look.background = try color(item, line: at)
                case "bold": look.bold = try bool(item, key, section: "theme", line: at)
                case "dim": look.dim = try bool(item, key, section: "theme", line: at)
                case "reverse": look.reverse = try bool(item, key, section: "theme", line: at)
                case "underline": look.underline = try bool(item, key, section: "theme", line: at)
                default: throw bad(at, "unknown style \"\(key)\" in theme.\(name) (known: fg, bg, bold, dim, reverse, underline)")
                }
            } catch let failure as Bad {
                failures.append(failure)
            }
        }
        if let last = failures.last {
            problems += failures.dropLast().map(\.problem)
            throw last
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
            throw bad(line, "box \"\(text)\" is unknown (known: \(BoxGlyphs.named.keys.sorted().joined(separator: ", ")))"
                      + DidYouMean.suffix(text, in: BoxGlyphs.named.keys.sorted()))
        }
        return glyphs
    }

    // MARK: typed values

    package func table(_ value: TOMLValueConvertible, _ key: String) throws -> TOMLTable {
        guard let table = value.table else { throw bad(line(of: key), "\(key) must be a table ([\(key)])") }
        return table
    }

    package func string(_ value: TOMLValueConvertible, _ key: String, section: String?) throws -> String {
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
    /// the text: read once, the first time a line is asked for (a reader
    /// asks for one per setting).
    package func line(of key: String, section: String? = nil) -> Int? {
        if keyLines == nil { keyLines = Self.keyLines(text) }
        return keyLines?[LineKey(section: section, key: key)]
    }

    private struct LineKey: Hashable {
        var section: String?
        var key: String
    }

    private var keyLines: [LineKey: Int]?

    /// Where each key is set, by its section, and where each section's
    /// header is (as a top-level key): the first line of each, 1-based.
    private static func keyLines(_ text: String) -> [LineKey: Int] {
        var found: [LineKey: Int] = [:]
        var current: String? = nil
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = raw.trimmingWhitespace()
            // A header with its `]` forgotten is read as `[keys]` (`TOMLWords.repairedHeader`).
            if let repaired = TOMLWords.repairedHeader(line) { line = repaired }
            let header = line.split(separator: "#", maxSplits: 1).first.map { String($0).trimmingWhitespace() } ?? line
            if line.hasPrefix("["), header.hasSuffix("]") {
                current = line.trimmingCharacters(inSet: "[] ")
                if let current, found[LineKey(section: nil, key: current)] == nil { found[LineKey(section: nil, key: current)] = i + 1 }
                continue
            }
            guard let name = line.split(separator: "=", maxSplits: 1).first?.trimmingCharacters(inSet: " \"'") else { continue }
            if found[LineKey(section: current, key: name)] == nil { found[LineKey(section: current, key: name)] = i + 1 }
        }
        return found
    }

    package func line(ofSection section: String) -> Int? { line(of: section, section: nil) }
}
