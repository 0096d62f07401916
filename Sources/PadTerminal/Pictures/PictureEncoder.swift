import PadGrid
/// The terminal half of a real picture protocol (kitty, sixel; the same
/// object is the `PictureProtocol` the pad's pipeline renders with): encodes the
/// placements a frame carries into that frame's bytes, after its cells,
/// remembering what the terminal shows. The backend asks it twice a
/// frame: `prepare` before the cells are encoded (the places a picture
/// left, whose cells must be written again), `bytes` after them.
package protocol PictureEncoder: AnyObject {
    /// Rectangles whose cells must be written again: where pictures were and
    /// no longer are. `fullRepaint` means every cell is written anyway.
    func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect]
    /// The bytes that put `placements` on screen. `repainted` tells whether
    /// any cell of a rectangle was written in this frame.
    func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8]
    /// Bytes that free what the terminal keeps of the pictures sent, which
    /// are forgotten (quit, Ctrl-Z: before `offScreen`).
    func freeAll() -> [UInt8]
    /// Bytes that take every picture off the screen, whatever was sent: the
    /// first part of giving the terminal back (`TerminalModes.giveBack`),
    /// which the crash handler writes too.
    var offScreen: [UInt8] { get }
    /// An answer from the terminal about a picture; returns the content of a
    /// picture the terminal rejected, if this answer says so.
    func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)?
}

/// Moves the cursor to a cell (0-based) in the bytes a picture is written with.
func cursorTo(x: Int, y: Int) -> [UInt8] { Array("\u{1B}[\(y + 1);\(x + 1)H".utf8) }

/// DECSC / DECRC: a picture's bytes leave the cursor and the rendition
/// where the cells left them (`CellEncoder` keeps track of both).
let saveCursor: [UInt8] = [0x1B, 0x37]
let restoreCursor: [UInt8] = [0x1B, 0x38]
