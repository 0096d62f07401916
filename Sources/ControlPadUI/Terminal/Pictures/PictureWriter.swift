/// The terminal half of a real picture protocol (kitty, sixel; the same
/// object is the `PictureProtocol` the pipeline renders with): writes the
/// placements the frame carries over the cells curses drew, remembering
/// what the terminal shows. The backend asks it twice a frame: `prepare` before curses writes (the rows a picture left,
/// for curses to repaint), `bytes` after curses has flushed.
protocol PictureWriter: AnyObject {
    /// Rectangles curses must repaint whole: where pictures were and no
    /// longer are. `fullRepaint` means curses rewrites every cell anyway.
    func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect]
    /// The bytes that put `placements` on screen. `repainted` tells whether
    /// curses wrote any cell of a rectangle in this frame.
    func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8]
    /// Bytes that take every picture off the terminal (quit, crash, suspend).
    func clearAll() -> [UInt8]
    /// An answer from the terminal about a picture; returns the content of a
    /// picture the terminal rejected, if this answer says so.
    func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)?
}

/// Moves the cursor to a cell (0-based) in the bytes a picture is written with.
func cursorTo(x: Int, y: Int) -> [UInt8] { Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }

/// DECSC / DECRC: the cursor (and its attributes) where curses left them.
let saveCursor: [UInt8] = [0x1B, 0x37]
let restoreCursor: [UInt8] = [0x1B, 0x38]
