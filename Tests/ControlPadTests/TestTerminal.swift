import Foundation
@testable import ControlPadUI
@testable import PadConfig
import Syscalls

/// An in-memory terminal for the loop's tests: inputs are typed into it,
/// frames are kept, and its descriptor (a pipe) wakes the loop's `poll`
/// like a real terminal would, or hangs up.
final class TestTerminal: TerminalBackend {
    var size: TerminalSize
    private(set) var frames: [CellGrid] = []
    private var pending: [TerminalInput] = []
    private let pipe: (read: Int32, write: Int32)
    private var hungUp = false

    init(width: Int = 100, height: Int = 30) throws {
        size = TerminalSize(width: width, height: height)
        pipe = try Syscalls.pipe()
    }

    deinit {
        close(pipe.read)
        if !hungUp { close(pipe.write) }
    }

    var inputDescriptor: Int32 { pipe.read }

    /// Inputs as the terminal would deliver them, waking the loop.
    func type(_ inputs: TerminalInput...) {
        pending += inputs
        try? Syscalls.writeAll(pipe.write, [1])
    }

    /// The terminal goes away (an SSH link drops).
    func hangUp() {
        hungUp = true
        close(pipe.write)
    }

    func readInputs(ready: Bool) -> [TerminalInput] {
        Syscalls.drain(pipe.read)
        defer { pending = [] }
        return pending
    }

    func draw(_ grid: CellGrid) { frames.append(grid) }

    /// The last frame's text.
    var screen: String { frames.last?.text ?? "" }
}
