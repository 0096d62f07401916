import Foundation
import SlideModel
import TOMLKit

/// Reads `config.toml` (TOMLKit) into a `PadConfig`. Any problem — bad TOML,
/// an unknown section, key, action or key name, a bad colour — is reported
/// with its line, and the caller starts on defaults.
struct ConfigLoader {
    /// `$XDG_CONFIG_HOME/controlpad/config.toml`, or `~/.config/...`.
    static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.config"
        return base + "/controlpad/config.toml"
    }

    let file: String
    let text: String

    /// Loads `path`; a missing file at the default place is no problem.
    static func load(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<PadConfig, ConfigProblem> {
        let resolved = path ?? defaultPath(environment: environment)
        guard FileManager.default.fileExists(atPath: resolved) else {
            return path == nil ? .success(PadConfig())
                : .failure(ConfigProblem(file: resolved, line: nil, message: "no such file"))
        }
        guard let data = FileManager.default.contents(atPath: resolved), data.count <= 1 << 20,
              let text = String(data: data, encoding: .utf8) else {
            return .failure(ConfigProblem(file: resolved, line: nil, message: "cannot be read as UTF-8 text (at most 1 MiB)"))
        }
        return ConfigLoader(file: resolved, text: text).parse()
    }

    func parse() -> Result<PadConfig, ConfigProblem> {
        if let found = TOMLPrecheck.problem(in: text) {
            return .failure(problem(found.line, "not valid TOML: \(found.message)"))
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return .failure(problem(error.source.begin.line, "not valid TOML: \(error.description)"))
        } catch {
            return .failure(problem(nil, "not valid TOML: \(error)"))
        }
        do {
            return .success(try read(table))
        } catch let problem as ConfigProblem {
            return .failure(problem)
        } catch {
            return .failure(problem(nil, "\(error)"))
        }
    }

    private func problem(_ line: Int?, _ message: String) -> ConfigProblem {
        ConfigProblem(file: file, line: line, message: message)
    }

    private func read(_ root: TOMLTable) throws -> PadConfig {
        var config = PadConfig()
        for (key, value) in root {
            switch key {
            case "animation":
                config.animation = try bool(value, key, section: nil)
            case "duration":
                let text = try string(value, key, section: nil)
                guard let ms = DurationText.milliseconds(text) else {
                    throw problem(line(of: key), "duration \"\(text)\" is not a length like \"20m\", \"45m\" or \"1h30m\"")
                }
                config.talkDuration = ms
            case "server":
                config.server = try string(value, key, section: nil)
            case "cell-aspect":
                guard let ratio = value.double ?? value.int.map(Double.init), (0.5...4).contains(ratio) else {
                    throw problem(line(of: key), "cell-aspect must be a number from 0.5 to 4")
                }
                config.cellAspect = ratio
            case "pictures":
                let text = try string(value, key, section: nil)
                guard let choice = PictureChoice(rawValue: text) else {
                    throw problem(line(of: key), "pictures must be one of \(PictureChoice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
                }
                config.pictures = choice
            case "keys":
                config.bindings = try readKeys(try table(value, key))
            case "theme":
                try readTheme(try table(value, key), into: &config)
            case "popover":
                for (kind, sub) in try table(value, key) {
                    guard let popover = PopoverKind(rawValue: kind) else {
                        throw problem(line(ofSection: "popover.\(kind)"), "unknown popover \"\(kind)\" (known: \(PopoverKind.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    config.popovers[popover] = try readPopover(try table(sub, "popover.\(kind)"), section: "popover.\(kind)")
                }
            default:
                throw problem(line(of: key), "unknown setting \"\(key)\" (known: animation, duration, server, cell-aspect, pictures, [keys], [theme], [popover.*])")
            }
        }
        return config
    }

    private func readKeys(_ table: TOMLTable) throws -> KeyBindings {
        var bindings = KeyBindings.standard
        for (name, value) in table {
            guard let action = Action(rawValue: name) else {
                throw problem(line(of: name, section: "keys"), "unknown action \"\(name)\" (known: \(Action.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            let names: [String]
            if let one = value.string { names = [one] }
            else if let array = value.array { names = try array.map { try string($0, name, section: "keys") } }
            else { throw problem(line(of: name, section: "keys"), "keys.\(name) must be a key name or a list of them") }
            for key in bindings.keys(for: action) { bindings.bind(key, to: nil) }
            for keyName in names {
                guard let key = Key(name: keyName) else {
                    throw problem(line(of: name, section: "keys"), "\"\(keyName)\" is not a key (e.g. \"Right\", \"Space\", \"PgDn\", \"F5\", \"C-c\", \"q\")")
                }
                bindings.bind(key, to: action)
            }
        }
        return bindings
    }

    private func readTheme(_ table: TOMLTable, into config: inout PadConfig) throws {
        for (name, value) in table {
            if name == "box" {
                config.paneBox = try box(try string(value, name, section: "theme"), line: line(of: name, section: "theme"))
                continue
            }
            guard let role = Role.configNames[name] else {
                throw problem(line(of: name, section: "theme"), "unknown theme role \"\(name)\" (known: box, \(Role.configNames.keys.sorted().joined(separator: ", ")))")
            }
            config.looks[role] = try look(value, name: name)
        }
    }

    private func readPopover(_ table: TOMLTable, section: String) throws -> PopoverTheme {
        var theme = PopoverTheme()
        for (name, value) in table {
            let at = line(of: name, section: section)
            switch name {
            case "box": theme.box = try box(try string(value, name, section: section), line: at)
            case "role":
                let text = try string(value, name, section: section)
                guard let role = Role.configNames[text] else { throw problem(at, "unknown role \"\(text)\"") }
                theme.role = role
            case "arrow-up", "arrow-down", "arrow-left", "arrow-right":
                let glyph = try string(value, name, section: section)
                guard glyph.count == 1, DisplayWidth.of(glyph) == 1 else {
                    throw problem(at, "\(name) must be one single-width character")
                }
                switch name {
                case "arrow-up": theme.arrows.up = glyph
                case "arrow-down": theme.arrows.down = glyph
                case "arrow-left": theme.arrows.left = glyph
                default: theme.arrows.right = glyph
                }
            default:
                throw problem(at, "unknown popover setting \"\(name)\" (known: box, role, arrow-up, arrow-down, arrow-left, arrow-right)")
            }
        }
        return theme
    }

    private func look(_ value: TOMLValueConvertible, name: String) throws -> RoleLook {
        let at = line(of: name, section: "theme")
        if value.string != nil || value.int != nil { return RoleLook(foreground: try color(value, line: at)) }
        guard let table = value.table else {
            throw problem(at, "theme.\(name) must be a colour or a table like { fg = \"cyan\", bg = \"default\", bold = true }")
        }
        var look = RoleLook()
        for (key, item) in table {
            switch key {
            case "fg": look.foreground = try color(item, line: at)
            case "bg": look.background = try color(item, line: at)
            case "bold": look.bold = try bool(item, key, section: "theme")
            case "dim": look.dim = try bool(item, key, section: "theme")
            case "reverse": look.reverse = try bool(item, key, section: "theme")
            case "underline": look.underline = try bool(item, key, section: "theme")
            default: throw problem(at, "unknown style \"\(key)\" in theme.\(name) (known: fg, bg, bold, dim, reverse, underline)")
            }
        }
        return look
    }

    private func color(_ value: TOMLValueConvertible, line: Int?) throws -> CellColor {
        let text = value.string ?? value.int.map(String.init) ?? "\(value)"
        guard let colour = ColorName.parse(text) else {
            throw problem(line, "\"\(text)\" is not a colour (a name like \"cyan\" or \"bright-red\", \"default\", 0–255, or \"#rrggbb\")")
        }
        return colour
    }

    private func box(_ text: String, line: Int?) throws -> BoxGlyphs {
        guard let glyphs = BoxGlyphs.named[text] else {
            throw problem(line, "box \"\(text)\" is unknown (known: \(BoxGlyphs.named.keys.sorted().joined(separator: ", ")))")
        }
        return glyphs
    }

    // MARK: typed values

    private func table(_ value: TOMLValueConvertible, _ key: String) throws -> TOMLTable {
        guard let table = value.table else { throw problem(line(of: key), "\(key) must be a table ([\(key)])") }
        return table
    }

    private func string(_ value: TOMLValueConvertible, _ key: String, section: String?) throws -> String {
        guard let string = value.string else { throw problem(line(of: key, section: section), "\(key) must be a string in quotes") }
        return string
    }

    private func bool(_ value: TOMLValueConvertible, _ key: String, section: String?) throws -> Bool {
        guard let bool = value.bool else { throw problem(line(of: key, section: section), "\(key) must be true or false") }
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

/// "20m", "45 min", "1h30m", "90s", "1:30:00", "20" (minutes); at most a
/// day. Every number is checked against that before any arithmetic (found
/// by fuzzing: "9837237686063304240m" overflowed and trapped).
enum DurationText {
    static let day = 24 * 3600

    static func milliseconds(_ text: String) -> Millis? {
        let t = text.lowercased().replacingOccurrences(of: " ", with: "")
        if let minutes = Int(t) { return (1...day / 60).contains(minutes) ? minutes * 60_000 : nil }
        if t.contains(":") {
            let parts = t.split(separator: ":").compactMap { Int($0) }.filter { (0...day).contains($0) }
            guard parts.count == t.split(separator: ":").count, (2...3).contains(parts.count) else { return nil }
            let seconds = parts.reduce(0) { $0 * 60 + $1 }
            return seconds > 0 ? seconds * 1000 : nil
        }
        var total = 0, number = ""
        var rest = Substring(t)
        while let c = rest.first {
            if c.isNumber { number.append(c); rest = rest.dropFirst(); continue }
            guard let n = Int(number), n <= day else { return nil }
            let unit: Int
            if rest.hasPrefix("min") { unit = 60; rest = rest.dropFirst(3) }
            else if c == "h" { unit = 3600; rest = rest.dropFirst() }
            else if c == "m" { unit = 60; rest = rest.dropFirst() }
            else if c == "s" { unit = 1; rest = rest.dropFirst() }
            else { return nil }
            total += n * unit
            guard total <= day else { return nil }
            number = ""
        }
        guard number.isEmpty, total > 0 else { return nil }
        return total * 1000
    }
}
