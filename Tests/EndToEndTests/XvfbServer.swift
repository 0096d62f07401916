import FakePeerSupport
import Foundation

/// Xvfb for `XTerminalSession`, on the first free display: with
/// `-displayfd 3` it picks the number itself and writes it to a pipe.
///
/// `-noreset`: by default an X server resets when its last client leaves,
/// and refuses connections while it does. A client that checks the
/// display and leaves, or LibreOffice restarting itself after it made a
/// new profile, then leaves the next client with "Can't open display":
/// LibreOffice never came up on its pipe in 2 to 4 starts of 10 here, and
/// a terminal's window sometimes never appeared. With it, 10 of 10.
enum XvfbServer {
    /// Starts it, with its output appended to `log`, and waits (20 s at most)
    /// for the display number. `CONTROLPAD_XVFB_DISPLAYS=81,82` keeps it to
    /// those numbers, for machines where others run X servers too: each
    /// without a lock file or socket is tried in turn (with -displayfd Xvfb
    /// writes no lock, so two tests running at once may pick the same one:
    /// the second's Xvfb fails, and it takes the next).
    static func start(log: String) throws -> (process: ChildProcess, number: Int) {
        guard let allowed = ProcessInfo.processInfo.environment["CONTROLPAD_XVFB_DISPLAYS"] else {
            return try start(display: nil, log: log)
        }
        let free = allowed.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            .filter { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
                && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") }
        var failure: Error = E2EError.make("no display of \(allowed) is free")
        for number in free {
            do { return try start(display: number, log: log) } catch { failure = error }
        }
        throw failure
    }

    private static func start(display: Int?, log: String) throws -> (process: ChildProcess, number: Int) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw E2EError.make("pipe failed") }
        defer { close(fds[0]) }
        let process: ChildProcess
        do {
            process = try ChildProcess(["Xvfb"] + (display.map { [":\($0)"] } ?? []) + ["-displayfd", "3", "-noreset", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                                       environment: ProcessInfo.processInfo.environment, output: log, appending: true,
                                       descriptor3: fds[1])
        } catch {
            close(fds[1])
            throw error
        }
        close(fds[1])
        guard let number = Int(readLine(fds[0], within: 20).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.stop(SIGTERM)
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw E2EError.make("Xvfb did not start\(display.map { " on :\($0)" } ?? ""): \(said.suffix(1000))")
        }
        return (process, number)
    }

    /// What `fd` gives up to its first newline, or by the time `seconds` pass
    /// (or it closes: Xvfb exited).
    private static func readLine(_ fd: Int32, within seconds: TimeInterval) -> String {
        var text = ""
        var byte: UInt8 = 0
        let deadline = Deadline(in: seconds)
        while !deadline.hasPassed, !text.hasSuffix("\n") {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 500) > 0 else { continue }
            guard read(fd, &byte, 1) == 1 else { break }
            text.append(Character(UnicodeScalar(byte)))
        }
        return text
    }
}
