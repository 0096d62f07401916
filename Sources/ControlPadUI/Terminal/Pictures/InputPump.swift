import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SlideModel
import Syscalls

/// Stands between the terminal and curses, always on a real terminal: the
/// pad's event loop reads the terminal (its own descriptor of it, see
/// `TerminalChannel`) and hands the pump what came; the pump keeps the
/// terminal's answers (kitty errors) for the picture writer and passes
/// every other byte, in order, into the pipe curses reads keys from; a read
/// that is one whole key it knows (`KeySequences`) goes to the loop without
/// curses.
final class InputPump {
    /// The terminal: the loop polls it.
    let terminal: Int32
    /// What curses reads (the pipe's read end, as a FILE for `newterm`).
    let cursesInput: UnsafeMutablePointer<FILE>
    private let pipeWrite: Int32
    private var filter = AnswerFilter()
    /// Kept from read to read: a key's way to the wire allocates nothing here.
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// Bytes went into curses' pipe that curses has not read yet: a key
    /// read after them must follow them through curses.
    private var cursesHasUnread = false

    /// `typed`: keys that arrived during the start-up queries, passed first.
    init(terminal: Int32, typed: [UInt8]) throws {
        self.terminal = terminal
        let pipe = try Syscalls.pipe()
        guard let file = fdopen(pipe.read, "r") else {
            Syscalls.close(pipe.read)
            Syscalls.close(pipe.write)
            throw SystemCallError("fdopen", errno: errno)
        }
        cursesInput = file
        pipeWrite = pipe.write
        _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
        if !typed.isEmpty {
            try? Syscalls.writeAll(pipe.write, typed)
            cursesHasUnread = true
        }
    }

    /// What one read from the terminal brought.
    struct Pumped {
        var answers: [TerminalAnswer] = []
        /// The read was exactly this one key (see `KeySequences`), and
        /// curses had nothing unread before it: it skipped curses.
        var key: Key?
    }

    /// Moves what the terminal has into curses' pipe, with one read (the
    /// loop's poll found it readable, so the read does not wait; anything
    /// left wakes the next poll at once), unless it is one key `shortcuts`
    /// knows.
    func pump(shortcuts: KeySequences) -> Pumped {
        let n = buffer.withUnsafeMutableBytes { read(terminal, $0.baseAddress, $0.count) }
        guard n > 0 else { return Pumped() }
        return take(buffer[0..<n], shortcuts: shortcuts)
    }

    /// What one read brought (`bytes`, read by the pad's event loop).
    func take(_ bytes: some Collection<UInt8>, shortcuts: KeySequences) -> Pumped {
        guard !bytes.isEmpty else { return Pumped() }
        if !cursesHasUnread, !filter.isHolding, let key = shortcuts.key(bytes) {
            return Pumped(key: key)
        }
        let (keys, answers) = filter.feed(Array(bytes))
        if !keys.isEmpty {
            try? Syscalls.writeAll(pipeWrite, keys)
            cursesHasUnread = true
        }
        return Pumped(answers: answers)
    }

    /// Curses has read everything the pump gave it (it answered "no key").
    func cursesDrained() {
        cursesHasUnread = false
    }

    private var isShut = false

    /// Closes curses' pipe; safe to call more than once.
    func shutDown() {
        guard !isShut else { return }
        isShut = true
        fclose(cursesInput)
        Syscalls.close(pipeWrite)
    }
}
