import SlideModel

/// A terminal's size in cells.
struct TerminalSize: Equatable, Sendable {
    var width: Int
    var height: Int
}

/// What the loop needs of a terminal: the ncurses backend
/// (`CursesTerminal`), or an in-memory one in the tests.
protocol TerminalBackend: AnyObject {
    /// The size now (the loop asks once; later sizes come as `.resize`).
    var size: TerminalSize { get }
    /// Becomes readable when input waits; the loop polls it beside its inbox.
    /// A hang-up on it ends the pad.
    var inputDescriptor: Int32 { get }
    /// Everything the terminal has for us now, without waiting.
    /// `ready`: the loop's poll found `inputDescriptor` readable. A press
    /// that is one whole key may come alone, before curses was asked (see
    /// `KeySequences`): a call with `ready` false gives what curses has.
    func readInputs(ready: Bool) -> [TerminalInput]
    /// What one read of the terminal brought (the pad's event loop read it
    /// from its own descriptor of the terminal, see `TerminalChannel`).
    func readInputs(bytes: UnsafeRawBufferPointer) -> [TerminalInput]
    /// After SIGWINCH: the new size, if it changed.
    func resized() -> TerminalInput?
    /// Shows `grid`, writing only what changed since the last frame.
    func draw(_ grid: CellGrid)
    /// Ctrl-Z: the terminal back to the shell, the process stopped, and on
    /// `fg` the terminal taken again, its next frame written whole.
    func suspend()
}

extension TerminalBackend {
    /// A terminal the pad polls (the tests') has nothing to pump.
    func readInputs(bytes: UnsafeRawBufferPointer) -> [TerminalInput] { readInputs(ready: false) }
    func resized() -> TerminalInput? { nil }
    func suspend() {}
}
