import PadConfig
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Decides, before the first frame, how slides are drawn: from the choice,
/// what the terminal answers (`TerminalProbe`), which terminal it is
/// (`TerminalIdentity`) and whether tmux is between (tmux 3.4 and later
/// pass sixel when built with it, and answer DA1 with 4 then; kitty 0.26
/// images cannot be placed through tmux, so kitty there gets half-blocks).
/// Where the pad cannot know a protocol will show, it draws half-blocks
/// and the reason says why.
package struct PictureSetup {
    package var mode: PictureMode
    /// The cell size the terminal reported, if it did.
    package var cellSize: (width: Int, height: Int)?
    package var colorRegisters: Int?
    package var maxSixelSize: (width: Int, height: Int)?
    /// The most bytes one sixel picture may take (inside tmux).
    package var maxSixelBytes: Int?
    /// Every sixel picture encoded at once, none on another thread (inside tmux).
    package var sixelEncodesAtOnce = false
    /// Keys typed while the terminal was asked.
    package var typed: [TerminalInput] = []
    /// A choice given (`--pictures sixel`) that this terminal cannot show:
    /// what the pad says about the half-blocks it draws instead.
    package var notice: String?
    /// The terminal scales text itself (kitty's text sizing; never through tmux).
    package var textSizing = false
    /// The terminal, as far as the pad can tell (the log and the doctor name it).
    package var terminal = TerminalIdentity(family: .unknown)
    /// The terminal's background (OSC 11), 0–255 each, if it said.
    package var background: (red: Int, green: Int, blue: Int)?
    /// How long the terminal took to answer, in milliseconds (nil: no answer).
    package var answeredAfterMs: Int?
    /// The terminal reports the mouse in pixels (mode 1016), and says its
    /// cell's size: the pad turns pixel reports on (never through tmux).
    package var pixelMouse = false

    /// `probe` runs the given queries on the terminal (not called when the
    /// choice needs no answer); `tmuxFeatures`, what tmux knows of the
    /// terminal outside it (`TmuxClientFeatures`; nil: it does not say).
    package static func decide(choice: PictureChoice, colorOn: Bool, environment: [String: String],
                               tmuxFeatures: () -> Set<String>? = { nil },
                               probe: (String) -> TerminalProbe) -> PictureSetup {
        switch choice {
        case .none, .blocks:
            var setup = PictureSetup(mode: PictureMode(kind: choice == .none ? .none : .blocks, reason: "--pictures \(choice.rawValue)"))
            // Only the name and the background (for the theme), where colour is on.
            guard colorOn else { return setup }
            let answers = probe(TerminalProbe.nameAndBackground + "\u{1B}[c")
            setup.typed = answers.typed
            setup.terminal = TerminalIdentity.from(version: answers.version, environment: environment)
            setup.background = answers.background
            setup.answeredAfterMs = answers.answeredAfterMs
            return setup
        case .auto where !colorOn:
            return PictureSetup(mode: PictureMode(kind: .blocks, reason: "colour is off (NO_COLOR or --color none)"))
        default: break
        }
        let inTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        let answers = probe(inTmux ? TerminalProbe.tmuxQueries : TerminalProbe.queries)
        var setup = PictureSetup(mode: PictureMode(kind: .blocks, reason: ""), cellSize: answers.cellSize,
                                 colorRegisters: answers.colorRegisters, maxSixelSize: answers.maxSixelSize, typed: answers.typed)
        setup.textSizing = answers.textSizing && !inTmux
        setup.terminal = TerminalIdentity.from(version: answers.version, environment: environment)
        setup.background = answers.background
        setup.answeredAfterMs = answers.answeredAfterMs
        setup.pixelMouse = answers.pixelMouse && !inTmux && answers.cellSize != nil
        let heard = answers.answered ? "the terminal answered" : "no answer within \(TerminalProbe.timeoutMs) ms"
        let name = setup.terminal.name ?? "the terminal"
        let tmux = setup.terminal.family == .tmux ? name : "tmux"
        // iTerm2 3.5.5 and later answer kitty's query, then often show nothing
        // (yazi asks the name first too): iTerm2 gets its own protocol, and
        // so does WezTerm, whose kitty graphics are off by default.
        let speaksITerm = [.iTerm2, .wezTerm].contains(setup.terminal.family) && answers.answered
        // tmux says sixel (DA1 4) whatever is outside it; its client's features say whether that terminal has it.
        let outsideLacksSixel = inTmux && answers.sixel && tmuxFeatures().map { !$0.contains("sixel") } == true
        switch choice {
        case .iterm where inTmux:
            setup.mode = PictureMode(kind: .blocks, reason: "inside tmux iTerm2 images cannot be placed: half-blocks")
            setup.notice = "pictures: iTerm2 images cannot be placed through tmux; half-blocks instead"
        case .iterm:
            setup.mode = PictureMode(kind: .iterm, reason: "--pictures iterm")
        case .kitty where inTmux:
            setup.mode = PictureMode(kind: .kittyPlaceholders, reason: "--pictures kitty inside \(tmux): Unicode placeholders, "
                                     + "which need kitty 0.28 or later outside and `set -g allow-passthrough on`")
        case .kitty where answers.answered && !answers.kitty:
            setup.mode = PictureMode(kind: .blocks, reason: "--pictures kitty, but the terminal did not answer the kitty graphics query: half-blocks")
            setup.notice = "pictures: this terminal has no kitty graphics (it did not answer the query); half-blocks instead"
        case .kitty:
            setup.mode = PictureMode(kind: .kitty, reason: "--pictures kitty")
        case .sixel where outsideLacksSixel:
            setup.mode = PictureMode(kind: .blocks, reason: "--pictures sixel, but the terminal outside \(tmux) has no sixel "
                                     + "(tmux's client features lack it; tmux would draw a box): half-blocks")
            setup.notice = "pictures: the terminal outside tmux has no sixel; half-blocks instead"
        case .sixel where answers.answered && !answers.sixel:
            let whose = inTmux ? "this tmux has no sixel (built without it, or the terminal outside lacks it)"
                : "this terminal has no sixel (its device attributes lack 4)"
            setup.mode = PictureMode(kind: .blocks, reason: "--pictures sixel, but \(whose): half-blocks")
            setup.notice = "pictures: \(whose); half-blocks instead"
        case .sixel:
            setup.mode = PictureMode(kind: .sixel, reason: "--pictures sixel" + (answers.answered ? "" : " (no answer within \(TerminalProbe.timeoutMs) ms: trusted)"))
        case _ where speaksITerm && !inTmux:
            setup.mode = PictureMode(kind: .iterm, reason: "\(name) shows iTerm2's inline images (OSC 1337)"
                                     + (setup.terminal.family == .iTerm2 ? ", its own protocol (it answers kitty's query, then often shows nothing)" : ""))
        case _ where answers.kitty && !inTmux:
            setup.mode = PictureMode(kind: .kitty, reason: "\(name) answered the kitty graphics query")
        case _ where outsideLacksSixel:
            setup.mode = PictureMode(kind: .blocks, reason: "\(tmux) passes sixel, but the terminal outside it has none "
                                     + "(tmux's client features lack sixel; tmux would draw a box): half-blocks")
        case _ where answers.sixel && inTmux:
            setup.mode = PictureMode(kind: .sixel, reason: "\(tmux) passes sixel (DA1 has 4); the terminal outside must show sixel too "
                                     + "(tmux draws a box where it cannot; --pictures blocks if so)")
        case _ where answers.sixel:
            setup.mode = PictureMode(kind: .sixel, reason: "\(name) has sixel (DA1 has 4)")
        case _ where inTmux:
            setup.mode = PictureMode(kind: .blocks, reason: "inside \(tmux) without sixel (\(heard); tmux 3.4 and later built with it pass it); "
                                     + "kitty's Unicode placeholders need kitty 0.28+ outside and allow-passthrough, which the pad cannot ask "
                                     + "through tmux (--pictures kitty if you have them): half-blocks")
        default:
            setup.mode = PictureMode(kind: .blocks, reason: "no kitty graphics, no sixel (\(heard)): half-blocks")
        }
        if inTmux && setup.mode.kind == .sixel {
            setup.maxSixelSize = setup.maxSixelSize ?? PictureLimits.tmuxSixelSize
            setup.maxSixelBytes = PictureLimits.tmuxSixelBytes
            setup.sixelEncodesAtOnce = true
        }
        return setup
    }

    /// Whether the interface takes its colours for a light background:
    /// as chosen, else from the background the terminal said (OSC 11),
    /// light where its luminance is over half; dark where it said nothing.
    package func light(_ choice: ThemeChoice) -> (light: Bool, reason: String) {
        switch choice {
        case .light: return (true, "chosen")
        case .dark: return (false, "chosen")
        case .auto:
            guard let background else { return (false, "the terminal did not say its background") }
            let luminance = (0.2126 * Double(background.red) + 0.7152 * Double(background.green) + 0.0722 * Double(background.blue)) / 255
            return (luminance > 0.5, "the terminal's background is \(luminance > 0.5 ? "light" : "dark")")
        }
    }

    /// How the terminal answered, for the log and the doctor: "answered in
    /// 12 ms, background #ffffff".
    package var answeredText: String {
        let answered = answeredAfterMs.map { "answered in \($0) ms" } ?? "not asked, or no answer"
        guard let background else { return answered + ", background not said" }
        let hex = [background.red, background.green, background.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }
        return answered + ", background #" + hex.joined()
    }

    /// A cell's size in pixels from the terminal's window size, if it says.
    package static func cellPixels(fd: Int32) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
