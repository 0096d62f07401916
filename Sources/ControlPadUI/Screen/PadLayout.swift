/// Where each view goes for a terminal size: the current slide beside the
/// next slide and notes, or above them, whichever gives the current slide's
/// picture more room (160×12 is side by side, 60×50 stacked); where neither
/// has room, one line of position and the notes; below 20×6, only a message.
import SlideModel

struct PadLayout: Equatable {
    enum Kind: Equatable { case tooSmall, minimal, stacked, sideBySide, fullScreen }

    static let minimumWidth = 20, minimumHeight = 6

    var kind: Kind
    var width: Int
    var height: Int
    var current = Rect.zero
    var next = Rect.zero
    var notes = Rect.zero
    var status = Rect.zero
    /// The slide list's place when fully in (it slides in from the right).
    var list = Rect.zero

    init(width: Int, height: Int, fullScreen: Bool = false) {
        self.width = max(0, width)
        self.height = max(0, height)
        let screen = Rect(x: 0, y: 0, width: self.width, height: self.height)
        guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
            kind = .tooSmall
            return
        }
        if fullScreen {
            kind = .fullScreen
            current = screen
            return
        }
        let (body, statusRow) = screen.splitTop(height - 1)
        status = statusRow
        let listWidth = width < 40 ? width : min(48, max(28, width * 2 / 5))
        list = Rect(x: width - listWidth, y: 0, width: listWidth, height: body.height)
        let side = Self.sideBySide(body), stack = Self.stacked(body)
        let sideFits = width >= 60 && body.height >= 8, stackFits = width >= 40 && height >= 12
        if !sideFits && !stackFits {
            kind = .minimal
            (current, notes) = body.splitTop(1)
        } else if sideFits && (!stackFits || Self.room(side.current) >= Self.room(stack.current)) {
            kind = .sideBySide
            (current, next, notes) = side
        } else {
            kind = .stacked
            (current, next, notes) = stack
        }
    }

    private static func sideBySide(_ body: Rect) -> (current: Rect, next: Rect, notes: Rect) {
        let (left, right) = body.splitLeft(body.width * 3 / 5)
        let (next, notes) = right.splitTop(max(min(6, right.height / 2), right.height * 2 / 5))
        return (left, next, notes)
    }

    private static func stacked(_ body: Rect) -> (current: Rect, next: Rect, notes: Rect) {
        let (top, bottom) = body.splitTop(body.height / 2 + 1)
        let (next, notes) = bottom.splitLeft(max(14, body.width / 3))
        return (top, next, notes)
    }

    /// The cells a 16:9 slide gets inside a framed pane (cells twice as
    /// tall as wide): what the layouts are compared by.
    static func room(_ pane: Rect) -> Int {
        let inside = pane.inset(dx: 1, dy: 1)
        guard !inside.isEmpty else { return 0 }
        let cols = min(Double(inside.width), Double(inside.height) * 2 * 16 / 9)
        return Int(cols) * Int(cols / (2 * 16 / 9))
    }

    /// The sizes the reducer needs for paging and clamping.
    func viewport(notesLineCount: Int) -> Viewport {
        let notesRows = kind == .minimal ? notes.height : max(0, notes.height - 2)
        return Viewport(listRows: max(1, list.height - 2), notesRows: notesRows,
                        notesMaxScroll: max(0, notesLineCount - notesRows))
    }

    /// Where the current slide's picture goes: inside its pane's frame, or
    /// the whole screen in full screen. The one rule views and mouse routing share.
    var currentPictureArea: Rect { kind == .fullScreen ? current : current.inset(dx: 1, dy: 1) }

    /// Where the next slide's picture goes: inside its pane's frame.
    var nextPictureArea: Rect { next.inset(dx: 1, dy: 1) }

    /// The width notes wrap to.
    var notesTextWidth: Int { kind == .minimal ? notes.width : max(0, notes.width - 4) }
}
