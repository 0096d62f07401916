import Foundation

/// The floor for key → wire: the plainest client that takes its key from a
/// terminal, as the pad does. This benchmark runs itself with
/// `--bare-client PORT` on a pseudo-terminal of its own; it pairs, puts the
/// terminal in raw mode, and for every read of key bytes writes
/// `transition_next` — no curses, no state, no screen. The pad and this
/// client then share the whole path a key takes (pty, wake-up, socket), so
/// their ratio is what the pad itself adds.
enum TerminalBareClient {
    static func run(port: Int) throws -> Never {
        let socket = try LoopbackImpress.bareClient(port: port)
        var raw = termios()
        tcgetattr(0, &raw)
        cfmakeraw(&raw)
        tcsetattr(0, TCSANOW, &raw)
        // The server's answers are read and dropped on a thread, as the pad's are.
        Thread.detachNewThread {
            var sink = [UInt8](repeating: 0, count: 4096)
            while read(socket, &sink, sink.count) > 0 {}
        }
        var key = [UInt8](repeating: 0, count: 64)
        while read(0, &key, key.count) > 0 {
            LoopbackImpress.send(socket, "transition_next\n\n")
        }
        exit(0)
    }
}
