import SlideModel

/// A mouse event in screen cells (0-based), with the pixel it was at where
/// the terminal reports pixels (SGR-pixels, mode 1016).
package struct MouseEvent: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case press, release, drag, wheelUp, wheelDown }
    package var kind: Kind
    package var x: Int
    package var y: Int
    /// The pixel (0-based, from the screen's top left) when the report was
    /// in pixels; the cells are then the pixel's.
    package var pixelX: Int?
    package var pixelY: Int?
    /// As the decoder read it: `x` and `y` are pixels (mode 1016 is on),
    /// to be made cells by `inCells` with the cell's size.
    package var inPixels = false

    package init(kind: Kind, x: Int, y: Int, pixelX: Int? = nil, pixelY: Int? = nil) {
        self.kind = kind
        self.x = x
        self.y = y
        self.pixelX = pixelX
        self.pixelY = pixelY
    }

    /// A report in pixels made a report in cells that keeps its pixel;
    /// one in cells as it is. A cell of no size counts as 1 × 1.
    package func inCells(cellWidth: Int, cellHeight: Int) -> MouseEvent {
        guard inPixels else { return self }
        return MouseEvent(kind: kind, x: x / max(1, cellWidth), y: y / max(1, cellHeight), pixelX: x, pixelY: y)
    }
}

/// What the terminal delivers to the loop.
package enum TerminalInput: Equatable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal has a new size: a message, like a key.
    case resize(TerminalSize)
    /// The terminal refused a picture (kitty answered with an error): the
    /// picture's content, and the terminal's words.
    case pictureRejected(content: UInt64, message: String)
    /// Text pasted (bracketed paste): typed into a prompt, never taken as keys.
    case paste(String)
}
