import Foundation
@testable import ControlPadUI
import PadGrid
@testable import PadTerminal
@testable import PadConfig
import Syscalls

/// An in-memory terminal for the pad's loop (`PadOnEventLoop`): inputs are
/// typed into it, frames are kept, and its descriptor (a pipe) is read by the
/// loop's terminal channel like a real terminal's, or hangs up.
///
/// Typed either as inputs (`type`: the byte on the pipe only wakes the
/// loop), or, made `decodingAs` a terminfo entry, as the raw bytes a
/// terminal sends (`typeBytes`): the loop reads them off the pipe and they
/// go through the real decoder (a headless `RealTerminal`'s, what
/// `RealTerminal.readInputs` does with a read).
///
/// Typing and reading the frames happen on the test's thread while the pad
/// runs on its event loop. Each frame drawn wakes whoever waits
/// (`waitUntil`): a test waits for what the pad shows, never by a sleep.
final class TestTerminal: TerminalBackend, @unchecked Sendable {
    /// What the terminal knows at one moment: the frames so far, and how
    /// many of the typed inputs the pad had read when it drew the last one.
    struct Seen {
        var frames: Int
        var typed: Int
        var readAtLastFrame: Int
        /// The pad that drew here has ended (it draws no more).
        var ended: Bool
        /// Raw bytes written to the pipe, and read off it by the loop.
        var bytesTyped = 0
        var bytesRead = 0
        /// A frame was drawn after the pad read everything typed so far.
        var typedIsDrawn: Bool { readAtLastFrame >= typed }
    }

    private let changed = NSCondition()
    private var _size: TerminalSize
    private var _frames: [CellGrid] = []
    private var pending: [TerminalInput] = []
    private var typed = 0
    private var read = 0
    private var readAtLastFrame = 0
    private var ended = false
    private var suspensions = 0
    private let pipe: (read: Int32, write: Int32)
    private var hungUp = false
    /// The real decoder, when raw bytes are typed.
    private let decoding: RealTerminal?
    private var bytesTyped = 0
    private var bytesRead = 0
    /// How long held bytes wait for the rest of their sequence.
    let escapeDelay: Duration

    /// `decodingAs`: raw bytes are typed (`typeBytes`), decoded with this
    /// terminfo entry's spellings. `escapeDelay`: as the real terminal's,
    /// unless a test that cuts a sequence between two writes needs the
    /// loop to wait longer for its rest than a busy machine may take.
    init(width: Int = 100, height: Int = 30, decodingAs term: String? = nil,
         escapeDelay: Duration = InputDecoder.escapeDelay) throws {
        _size = TerminalSize(width: width, height: height)
        pipe = try Syscalls.pipe()
        decoding = try term.map { try RealTerminal(useColor: true, terminalName: $0, headless: .init(size: TerminalSize(width: width, height: height)) { _ in }) }
        self.escapeDelay = escapeDelay
    }

    deinit {
        close(pipe.read)
        if !hungUp { close(pipe.write) }
    }

    var size: TerminalSize {
        get { changed.withLock { _size } }
        set { changed.withLock { _size = newValue } }
    }

    var frames: [CellGrid] { changed.withLock { _frames } }
    /// The last frame's text.
    var screen: String { changed.withLock { _frames.last?.text ?? "" } }
    var seen: Seen { changed.withLock { now } }
    /// How many times the pad gave the terminal back (Ctrl-Z).
    var suspended: Int { changed.withLock { suspensions } }

    var inputDescriptor: Int32 { pipe.read }

    /// Inputs as the terminal would deliver them: one byte on the pipe
    /// wakes the pad's loop, which reads them all.
    func type(_ inputs: TerminalInput...) {
        precondition(decoding == nil, "this terminal is typed in bytes: typeBytes")
        changed.withLock {
            pending += inputs
            typed += inputs.count
        }
        try? Syscalls.writeAll(pipe.write, [1])
    }

    /// Bytes as the terminal sends them, in one write.
    func typeBytes(_ bytes: [UInt8]) {
        precondition(decoding != nil, "this terminal is typed in inputs: type")
        changed.withLock { bytesTyped += bytes.count }
        try? Syscalls.writeAll(pipe.write, bytes)
    }

    /// The terminal goes away (an SSH link drops).
    func hangUp() {
        hungUp = true
        close(pipe.write)
    }

    /// The pad that drew here has ended: waiters stop waiting for frames.
    func end() {
        changed.withLock {
            ended = true
            changed.broadcast()
        }
    }

    /// Waits until `condition` holds of what the terminal has seen, woken by
    /// each frame (and by `end`), or until `deadline`; false if it did not
    /// hold by then.
    func waitUntil(_ deadline: Date, _ condition: (Seen) -> Bool) -> Bool {
        changed.withLock {
            while !condition(now) {
                if !changed.wait(until: deadline) { return condition(now) }
            }
            return true
        }
    }

    private var now: Seen {
        Seen(frames: _frames.count, typed: typed, readAtLastFrame: readAtLastFrame, ended: ended,
             bytesTyped: bytesTyped, bytesRead: bytesRead)
    }

    // MARK: TerminalBackend (on the pad's loop)

    func earlyInputs() -> [TerminalInput] { takePending() }

    /// How many times the pad rang the bell (BEL).
    private var _bells = 0
    var bells: Int { changed.withLock { _bells } }
    func bell() { changed.withLock { _bells += 1 } }

    /// The loop read the pipe: what was typed (the bytes only wake it), or
    /// what the bytes decode to.
    func readInputs(bytes: UnsafeRawBufferPointer) -> [TerminalInput] {
        guard let decoding else { return takePending() }
        let inputs = decoding.readInputs(bytes: bytes)
        changed.withLock {
            bytesRead += bytes.count
            changed.broadcast()
        }
        return inputs
    }

    var holdsInput: Bool { decoding?.holdsInput ?? false }

    func flushInput() -> [TerminalInput] { decoding?.flushInput() ?? [] }

    private func takePending() -> [TerminalInput] {
        changed.withLock {
            defer { pending = [] }
            read += pending.count
            return pending
        }
    }

    /// Sizes come as typed `.resize` inputs.
    func resized() -> TerminalInput? { nil }

    func draw(_ grid: CellGrid) {
        changed.withLock {
            _frames.append(grid)
            readAtLastFrame = read
            changed.broadcast()
        }
    }

    func suspend() { changed.withLock { suspensions += 1 } }
}
