import Foundation
import Syscalls

/// Stands between the terminal and curses while real pictures are on: the
/// loop polls the terminal, the pump reads what came, keeps the terminal's
/// answers (kitty errors) for the picture writer and passes every other
/// byte, in order, into the pipe curses reads keys from.
final class InputPump {
    /// The terminal: the loop polls it.
    let terminal: Int32
    /// What curses reads (the pipe's read end, as a FILE for `newterm`).
    let cursesInput: UnsafeMutablePointer<FILE>
    private let pipeWrite: Int32
    private var filter = AnswerFilter()

    /// `typed`: keys that arrived during the start-up queries, passed first.
    init(terminal: Int32, typed: [UInt8]) throws {
        self.terminal = terminal
        let pipe = try Syscalls.pipe()
        guard let file = fdopen(pipe.read, "r") else {
            Foundation.close(pipe.read)
            Foundation.close(pipe.write)
            throw SystemCallError("fdopen", errno: errno)
        }
        cursesInput = file
        pipeWrite = pipe.write
        _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
        if !typed.isEmpty { try? Syscalls.writeAll(pipe.write, typed) }
    }

    /// Moves everything the terminal has now into curses' pipe; returns the
    /// answers found on the way.
    func pump() -> [TerminalAnswer] {
        var answers: [TerminalAnswer] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Syscalls.poll([terminal], timeout: 0)[0] & Int16(POLLIN) != 0 {
            let n = read(terminal, &buffer, buffer.count)
            guard n > 0 else { break }
            let (keys, found) = filter.feed(Array(buffer[0..<n]))
            answers += found
            if !keys.isEmpty { try? Syscalls.writeAll(pipeWrite, keys) }
        }
        return answers
    }

    func shutDown() {
        fclose(cursesInput)
        Foundation.close(pipeWrite)
    }
}
