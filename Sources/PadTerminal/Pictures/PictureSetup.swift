import PadConfig
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Decides, before the first frame, how slides are drawn: from the choice,
/// what the terminal answers (`TerminalProbe`) and whether tmux is between
/// (tmux shows sixel only when built with it, and answers DA1 with 4 then;
/// kitty 0.26 images cannot be placed through tmux, so kitty there gets
/// half-blocks).
package struct PictureSetup {
    package var mode: PictureMode
    /// The cell size the terminal reported, if it did.
    package var cellSize: (width: Int, height: Int)?
    package var colorRegisters: Int?
    package var maxSixelSize: (width: Int, height: Int)?
    /// Keys typed while the terminal was asked.
    package var typed: [TerminalInput] = []
    /// A choice given (`--pictures sixel`) that this terminal cannot show:
    /// what the pad says about the half-blocks it draws instead.
    package var notice: String?
    /// The terminal scales text itself (kitty's text sizing; never through tmux).
    package var textSizing = false
    /// The terminal reports the mouse in pixels (mode 1016), and says its
    /// cell's size: the pad turns pixel reports on (never through tmux).
    package var pixelMouse = false

    /// `probe` runs the given queries on the terminal (not called when the
    /// choice needs no answer).
    package static func decide(choice: PictureChoice, colorOn: Bool, environment: [String: String],
                       probe: (String) -> TerminalProbe) -> PictureSetup {
        switch choice {
        case .none: return PictureSetup(mode: PictureMode(kind: .none, reason: "--pictures none"))
        case .blocks: return PictureSetup(mode: PictureMode(kind: .blocks, reason: "--pictures blocks"))
        case .auto where !colorOn:
            return PictureSetup(mode: PictureMode(kind: .blocks, reason: "colour is off (NO_COLOR or --color none)"))
        default: break
        }
        let inTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        let answers = probe(inTmux ? TerminalProbe.tmuxQueries : TerminalProbe.queries)
        var setup = PictureSetup(mode: PictureMode(kind: .blocks, reason: ""), cellSize: answers.cellSize,
                                 colorRegisters: answers.colorRegisters, maxSixelSize: answers.maxSixelSize, typed: answers.typed)
        setup.textSizing = answers.textSizing && !inTmux
        setup.pixelMouse = answers.pixelMouse && !inTmux && answers.cellSize != nil
        let heard = answers.answered ? "the terminal answered" : "no answer within \(TerminalProbe.timeoutMs) ms"
        switch choice {
        case .kitty where inTmux:
            setup.mode = PictureMode(kind: .blocks, reason: "inside tmux kitty images cannot be placed (no passthrough placement): half-blocks")
            setup.notice = "pictures: kitty images cannot be placed through tmux; half-blocks instead"
        case .kitty where answers.answered && !answers.kitty:
            setup.mode = PictureMode(kind: .blocks, reason: "--pictures kitty, but the terminal did not answer the kitty graphics query: half-blocks")
            setup.notice = "pictures: this terminal has no kitty graphics (it did not answer the query); half-blocks instead"
        case .kitty:
            setup.mode = PictureMode(kind: .kitty, reason: "--pictures kitty")
        case .sixel where answers.answered && !answers.sixel:
            let whose = inTmux ? "this tmux has no sixel (built without it, or the terminal outside lacks it)"
                : "this terminal has no sixel (its device attributes lack 4)"
            setup.mode = PictureMode(kind: .blocks, reason: "--pictures sixel, but \(whose): half-blocks")
            setup.notice = "pictures: \(whose); half-blocks instead"
        case .sixel:
            setup.mode = PictureMode(kind: .sixel, reason: "--pictures sixel" + (answers.answered ? "" : " (no answer within \(TerminalProbe.timeoutMs) ms: trusted)"))
        case _ where answers.kitty && !inTmux:
            setup.mode = PictureMode(kind: .kitty, reason: "the terminal answered the kitty graphics query")
        case _ where answers.sixel:
            setup.mode = PictureMode(kind: .sixel, reason: inTmux ? "tmux passes sixel (DA1 has 4)" : "the terminal has sixel (DA1 has 4)")
        case _ where inTmux:
            setup.mode = PictureMode(kind: .blocks, reason: "inside tmux without sixel (\(heard)); kitty images would need passthrough: half-blocks")
        default:
            setup.mode = PictureMode(kind: .blocks, reason: "no kitty graphics, no sixel (\(heard)): half-blocks")
        }
        return setup
    }

    /// A cell's size in pixels from the terminal's window size, if it says.
    package static func cellPixels(fd: Int32) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0 else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
