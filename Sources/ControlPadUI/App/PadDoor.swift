import Dispatch
import ControlPadScripting
import SlideModel
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `controlpad send` through a running pad: while the pad is linked to a
/// show whose kind wants one link (`SourceCapabilities.oneKeptLink`), it
/// listens where `send` looks for the show's kept link (`KeptLinkClient`),
/// so a pedal's press goes through the pad's own link, heading and pacer
/// instead of a connection of its own. When another process keeps that
/// link already, the pad leaves the door to it.
final class PadDoor: @unchecked Sendable {
    private let path: String
    private let listener: Int32

    /// Nil when the socket cannot be had (another process listens there).
    init?(path: String, driver: PadOnEventLoop) {
        guard let listener = try? LocalSocket.listen(at: path) else { return nil }
        self.path = path
        self.listener = listener
        DispatchQueue(label: "controlpad.pad-door").async {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return  // closed: the pad quits
                }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                DispatchQueue.global().async {
                    let answer: @Sendable (SendConversation.Step) -> Void = { step in
                        LocalSocket.writeLine(client, step.answerLine)
                        Glibc.close(client)
                    }
                    guard let line = LocalSocket.readLine(client, timeoutMs: 2000), let request = KeptLinkRequest(line: line) else {
                        return answer(.fail("not a send request"))
                    }
                    do throws(RemoteActionError) {
                        driver.remote(try RemoteAction(words: request.words)) { answer($0) }
                    } catch {
                        answer(.fail(error.description))
                    }
                }
            }
        }
    }

    /// Stops listening: the next `send` starts a kept link of its own.
    func close() {
        unlink(path)
        Glibc.close(listener)
    }
}
