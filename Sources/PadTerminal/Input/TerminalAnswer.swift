/// What a terminal answers to the queries the pad sends (see
/// `TerminalProbe`), told apart from the keys typed around them.
package enum TerminalAnswer: Equatable {
    /// A kitty graphics answer: `ESC _G i=ID;OK ESC \` or an error message.
    case kitty(id: UInt32, message: String)
    /// Primary Device Attributes, `CSI ? 63;1;4 c`: 4 means sixel.
    case deviceAttributes([Int])
    /// `CSI 6;height;width t`: a cell's size in pixels.
    case cellSize(width: Int, height: Int)
    /// `CSI row;column R`: where the cursor is (1-based), the text-sizing probe's answer.
    case cursorPosition(row: Int, column: Int)
    /// XTSMGRAPHICS `CSI ? item;status;values S` (item 1: colour registers;
    /// item 2: the largest sixel picture, width;height).
    case graphics(item: Int, status: Int, values: [Int])
    /// XTVERSION, `DCS > | text ST`: the terminal's name and version
    /// (`XTerm(379)`, `kitty(0.26.5)`, `tmux 3.5a`, `WezTerm 20240203-…`).
    case version(String)
    /// OSC 11's answer, `OSC 11 ; rgb:RRRR/GGGG/BBBB ST`: the background, 0–255 each.
    case background(red: Int, green: Int, blue: Int)
    /// DECRPM `CSI ? mode ; setting $ y`: whether a private mode is known
    /// (setting 0: not recognised; 1, 2, 3: set, reset, always set; 4: always reset).
    case modeReport(mode: Int, setting: Int)
}
