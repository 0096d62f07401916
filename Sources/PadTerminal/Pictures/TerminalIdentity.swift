/// Which terminal the pad runs in, as far as it can tell: the name it gives
/// to XTVERSION first (asked in the start-up probe; it crosses SSH, and
/// inside tmux tmux gives its own), then `TERM_PROGRAM` (set by iTerm2,
/// WezTerm, Ghostty and tmux, but not passed over SSH), `KONSOLE_VERSION`,
/// and `TERM=linux` for the Linux console. Pictures are chosen with it where
/// a terminal's answers mislead (iTerm2 answers the kitty graphics query
/// and then often shows nothing), and the log and the doctor name it.
package struct TerminalIdentity: Equatable, Sendable {
    package enum Family: String, Sendable {
        case xterm, kitty, tmux, iTerm2, wezTerm, foot, konsole, ghostty, linuxConsole, unknown
    }

    package var family: Family
    /// The name as the terminal or the environment gave it.
    package var name: String?
    /// Where the name came from: "XTVERSION", "TERM_PROGRAM", "KONSOLE_VERSION", "TERM".
    package var source: String?

    package init(family: Family, name: String? = nil, source: String? = nil) {
        self.family = family
        self.name = name
        self.source = source
    }

    /// The terminal from XTVERSION's answer (`version`) and the environment.
    package static func from(version: String?, environment: [String: String]) -> TerminalIdentity {
        if let version, !version.isEmpty, let family = family(of: version) {
            return TerminalIdentity(family: family, name: version, source: "XTVERSION")
        }
        if let program = environment["TERM_PROGRAM"], !program.isEmpty {
            let name = program + (environment["TERM_PROGRAM_VERSION"].map { " " + $0 } ?? "")
            if let family = family(of: program) { return TerminalIdentity(family: family, name: name, source: "TERM_PROGRAM") }
        }
        if let konsole = environment["KONSOLE_VERSION"], !konsole.isEmpty {
            return TerminalIdentity(family: .konsole, name: "Konsole \(konsole)", source: "KONSOLE_VERSION")
        }
        if environment["TERM"] == "linux" { return TerminalIdentity(family: .linuxConsole, name: "the Linux console", source: "TERM") }
        if let version, !version.isEmpty { return TerminalIdentity(family: .unknown, name: version, source: "XTVERSION") }
        return TerminalIdentity(family: .unknown)
    }

    /// The family a name (XTVERSION's or `TERM_PROGRAM`'s) belongs to.
    static func family(of name: String) -> Family? {
        let lower = name.lowercased()
        let prefixes: [(String, Family)] = [
            ("xterm(", .xterm), ("kitty", .kitty), ("tmux", .tmux), ("iterm", .iTerm2), ("wezterm", .wezTerm),
            ("foot", .foot), ("konsole", .konsole), ("ghostty", .ghostty),
        ]
        return prefixes.first { lower.hasPrefix($0.0) }?.1
    }

    /// tmux's version as a number (3.5 for "tmux 3.5a"), when this is tmux.
    package var tmuxVersion: Double? {
        guard family == .tmux, let name else { return nil }
        let digits = name.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." }
        return Double(digits)
    }

    /// As the log and the doctor say it: "kitty(0.26.5), from XTVERSION".
    package var described: String {
        guard let name else { return "not known (no answer to XTVERSION, no TERM_PROGRAM)" }
        return "\(name)" + (source.map { ", from \($0)" } ?? "")
    }
}
