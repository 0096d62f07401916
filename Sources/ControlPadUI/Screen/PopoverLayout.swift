import PadConfig
import PadGrid
/// Where a popover goes: a frame beside its anchor with an arrow on the
/// edge that faces it. The side follows the room available (above first,
/// then below, left, right); the arrow follows the anchor along that edge,
/// clamped so it never lands on a corner or right beside one.
struct PopoverPlacement: Equatable {
    enum Direction: Equatable { case up, down, left, right }

    var frame: Rect
    /// Which way the arrow points (towards the anchor); nil: no arrow.
    var arrow: Direction?
    /// The arrow's cell, on the frame's edge.
    var arrowAt: (x: Int, y: Int)?

    static func == (a: Self, b: Self) -> Bool {
        a.frame == b.frame && a.arrow == b.arrow && a.arrowAt?.x == b.arrowAt?.x && a.arrowAt?.y == b.arrowAt?.y
    }

    /// The content's room inside the frame, after the border and insets.
    func content(insets: (dx: Int, dy: Int)) -> Rect { frame.inset(dx: 1 + insets.dx, dy: 1 + insets.dy) }

    /// Places a popover whose content is `width × height` cells next to the
    /// cell `anchor`, inside `screen`.
    static func place(width: Int, height: Int, insets: (dx: Int, dy: Int) = (1, 0),
                      anchor: (x: Int, y: Int)?, in screen: Rect) -> PopoverPlacement {
        let wantW = width + 2 + 2 * insets.dx
        let wantH = height + 2 + 2 * insets.dy
        guard let anchor, screen.width >= 7, screen.height >= 4 else {
            return PopoverPlacement(frame: centred(wantW, wantH, in: screen), arrow: nil, arrowAt: nil)
        }
        let fw = min(wantW, screen.width), fh = min(wantH, screen.height)
        let ax = min(max(anchor.x, screen.x), screen.maxX - 1)
        let ay = min(max(anchor.y, screen.y), screen.maxY - 1)
        let room: [(Direction, Int)] = [
            (.down, ay - screen.y),               // popover above, arrow points down
            (.up, screen.maxY - 1 - ay),          // below, arrow points up
            (.right, ax - screen.x),              // left of it, arrow points right
            (.left, screen.maxX - 1 - ax),        // right of it, arrow points left
        ]
        let needed: (Direction) -> Int = { $0 == .down || $0 == .up ? fh : fw }
        let fitsAcross: (Direction) -> Bool = { $0 == .down || $0 == .up ? wantW <= screen.width : wantH <= screen.height }
        // The first side where it fits; else the roomier of above and below
        // (content is cut), unless both are too thin to hold anything.
        let vertical = room[0].1 >= room[1].1 ? room[0] : room[1]
        let side = room.first { $0.1 >= needed($0.0) && fitsAcross($0.0) }?.0
            ?? (vertical.1 >= 3 ? vertical.0 : room.max { $0.1 < $1.1 }!.0)
        let frame: Rect
        switch side {
        case .down, .up:
            let h = min(fh, side == .down ? ay - screen.y : screen.maxY - 1 - ay)
            let y = side == .down ? ay - h : ay + 1
            let x = min(max(screen.x, ax - fw / 2), screen.maxX - fw)
            frame = Rect(x: x, y: y, width: fw, height: h)
        case .right, .left:
            let w = min(fw, side == .right ? ax - screen.x : screen.maxX - 1 - ax)
            let x = side == .right ? ax - w : ax + 1
            let y = min(max(screen.y, ay - fh / 2), screen.maxY - fh)
            frame = Rect(x: x, y: y, width: w, height: fh)
        }
        guard frame.width >= 5, frame.height >= 3 else {
            return PopoverPlacement(frame: centred(fw, fh, in: screen), arrow: nil, arrowAt: nil)
        }
        // Two cells from each corner: the corner itself and its rounding.
        let arrowAt: (x: Int, y: Int)
        switch side {
        case .down: arrowAt = (clamp(ax, frame.x + 2, frame.maxX - 3), frame.maxY - 1)
        case .up: arrowAt = (clamp(ax, frame.x + 2, frame.maxX - 3), frame.y)
        case .right: arrowAt = (frame.maxX - 1, clamp(ay, frame.y + 1, frame.maxY - 2))
        case .left: arrowAt = (frame.x, clamp(ay, frame.y + 1, frame.maxY - 2))
        }
        return PopoverPlacement(frame: frame, arrow: side, arrowAt: arrowAt)
    }

    private static func clamp(_ v: Int, _ lo: Int, _ hi: Int) -> Int { max(lo, min(v, max(lo, hi))) }

    private static func centred(_ w: Int, _ h: Int, in screen: Rect) -> Rect {
        Rect(x: screen.x + max(0, (screen.width - w) / 2), y: screen.y + max(0, (screen.height - h) / 2),
             width: min(w, screen.width), height: min(h, screen.height))
    }
}

extension CellGrid {
    /// Draws a popover: its frame, its arrow, and returns the content area.
    @discardableResult
    mutating func popover(_ placement: PopoverPlacement, theme: PopoverTheme, title: String = "",
                          insets: (dx: Int, dy: Int) = (1, 0)) -> Rect {
        let style = Style(theme.role)
        frame(placement.frame, title: title, glyphs: theme.box, style: style)
        if let direction = placement.arrow, let at = placement.arrowAt {
            let glyph: String
            switch direction {
            case .up: glyph = theme.arrows.up
            case .down: glyph = theme.arrows.down
            case .left: glyph = theme.arrows.left
            case .right: glyph = theme.arrows.right
            }
            set(at.x, at.y, Cell(text: glyph, width: 1, style: style))
        }
        return placement.content(insets: insets)
    }
}
