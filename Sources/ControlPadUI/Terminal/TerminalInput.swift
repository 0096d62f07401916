import SlideModel

/// A mouse event in screen cells.
struct MouseEvent: Equatable, Sendable {
    enum Kind: Equatable, Sendable { case press, release, drag, wheelUp, wheelDown }
    var kind: Kind
    var x: Int
    var y: Int
}

/// What the terminal delivers to the loop.
enum TerminalInput: Equatable, Sendable {
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
