import SlideModel

/// A mouse event in screen cells.
package struct MouseEvent: Equatable, Sendable {
    package enum Kind: Equatable, Sendable { case press, release, drag, wheelUp, wheelDown }
    package var kind: Kind
    package var x: Int
    package var y: Int

    package init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
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
