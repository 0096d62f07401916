import PadGrid
import SlideModel

/// A terminal's size in cells.
package struct TerminalSize: Equatable, Sendable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// What the loop needs of a terminal: the real one (`RealTerminal`), or an
/// in-memory one in the tests.
package protocol TerminalBackend: AnyObject {
    /// The size now (the loop asks once; later sizes come as `.resize`).
    var size: TerminalSize { get }
    /// The loop reads it (`TerminalChannel`); a hang-up ends the pad.
    var inputDescriptor: Int32 { get }
    /// Inputs that came before the loop read the terminal (keys typed
    /// during the start-up probe).
    func earlyInputs() -> [TerminalInput]
    /// What one read of the terminal brought, decoded.
    func readInputs(bytes: UnsafeRawBufferPointer) -> [TerminalInput]
    /// Bytes are held for the rest of a sequence (a lone ESC): the loop
    /// calls `flushInput` after `escapeDelay` without a read.
    var holdsInput: Bool { get }
    func flushInput() -> [TerminalInput]
    /// How long held bytes wait for the rest of their sequence
    /// (`InputDecoder.escapeDelay`, as curses' ESCDELAY).
    var escapeDelay: Duration { get }
    /// After SIGWINCH: the new size, if it changed.
    func resized() -> TerminalInput?
    /// Shows `grid`, writing only what changed since the last frame.
    func draw(_ grid: CellGrid)
    /// Ctrl-Z: the terminal back to the shell, the process stopped, and on
    /// `fg` the terminal taken again, its next frame written whole.
    func suspend()
    /// The terminal's bell (BEL), between frames: an alert the presenter asked to hear.
    func bell()
}

extension TerminalBackend {
    package func earlyInputs() -> [TerminalInput] { [] }
    package var holdsInput: Bool { false }
    package func flushInput() -> [TerminalInput] { [] }
    package var escapeDelay: Duration { InputDecoder.escapeDelay }
    package func resized() -> TerminalInput? { nil }
    package func suspend() {}
    package func bell() {}
}
