import Dispatch
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where `send`'s requests come in, for the kept link (`KeptLink`) and a
/// running pad (`PadDoor`) alike: accepts on `listener` on a thread of its
/// own until the listener is closed, reads each client's one request line
/// (a client that says nothing for 2 s, or something else, is answered
/// "fail" and dropped), and hands the request with the client's socket to
/// `take`, which answers it (`SendConversation.Step.answerLine`) and closes it.
package enum KeptLinkDoor {
    package static func serve(_ listener: Int32, label: String,
                              take: @escaping @Sendable (DoorRequest, Int32) -> Void) {
        DispatchQueue(label: label).async {
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return  // closed: its owner left
                }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                DispatchQueue.global().async {
                    guard let line = LocalSocket.readLine(client, timeoutMs: 2000), let request = DoorRequest(line: line) else {
                        answer(.fail("not a send request"), to: client)
                        return
                    }
                    take(request, client)
                }
            }
        }
    }

    /// Writes the answer's line and closes the client.
    package static func answer(_ step: SendConversation.Step, to client: Int32) {
        LocalSocket.writeLine(client, step.answerLine)
        close(client)
    }
}
