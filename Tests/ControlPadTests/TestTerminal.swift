import Foundation
@testable import ControlPadUI
@testable import PadConfig
import Syscalls

/// An in-memory terminal for the loop's tests: inputs are typed into it,
/// frames are kept, and its descriptor (a pipe) wakes the loop's `poll`
/// like a real terminal would, or hangs up. Typing and reading the frames
/// may happen on the test's thread while the pad runs on its event loop.
final class TestTerminal: TerminalBackend, @unchecked Sendable {
    var size: TerminalSize
    private let lock = NSLock()
    private var _frames: [CellGrid] = []
    var frames: [CellGrid] { lock.withLock { _frames } }
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
        lock.withLock { pending += inputs }
        try? Syscalls.writeAll(pipe.write, [1])
    }

    /// The terminal goes away (an SSH link drops).
    func hangUp() {
        hungUp = true
        close(pipe.write)
    }

    func readInputs(ready: Bool) -> [TerminalInput] {
        Syscalls.drain(pipe.read)
        return lock.withLock {
            defer { pending = [] }
            return pending
        }
    }

    /// The pad's event loop read the pipe itself: what was typed.
    func readInputs(bytes: UnsafeRawBufferPointer) -> [TerminalInput] {
        lock.withLock {
            defer { pending = [] }
            return pending
        }
    }

    func draw(_ grid: CellGrid) { lock.withLock { _frames.append(grid) } }

    /// The last frame's text.
    var screen: String { frames.last?.text ?? "" }
}
