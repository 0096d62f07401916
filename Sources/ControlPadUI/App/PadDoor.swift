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
        KeptLinkDoor.serve(listener, label: "controlpad.pad-door") { request, client in
            do throws(RemoteActionError) {
                driver.remote(try RemoteAction(words: request.words)) { KeptLinkDoor.answer($0, to: client) }
            } catch {
                KeptLinkDoor.answer(.fail(error.description), to: client)
            }
        }
    }

    /// Stops listening: the next `send` starts a kept link of its own.
    func close() {
        unlink(path)
        Glibc.close(listener)
    }
}
