import ControlPadScripting
import SlideModel
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where a pad's link to a show is found by other controlpads: `send`
/// (`KeptLinkClient`), `controlpad links` and the doctor. `keeper` is a
/// `controlpad send`'s arguments for the same show: a link that must stay
/// open after the pad quits goes to a `controlpad keep-link` with them (`LinkLeaving`).
package struct ShowDoor: Sendable {
    package var path: String
    package var server: String
    package var kindName: String
    package var keeper: [String]

    package init(path: String, server: String, kindName: String, keeper: [String]) {
        self.path = path
        self.server = server
        self.kindName = kindName
        self.keeper = keeper
    }
}

/// `controlpad send` through a running pad: while the pad is linked to a
/// show whose kind wants one link (`SourceCapabilities.oneKeptLink`), it
/// listens where `send` looks for the show's kept link (`KeptLinkClient`),
/// so a pedal's press goes through the pad's own link, heading and pacer
/// instead of a connection of its own. When another process keeps that
/// link already, the pad leaves the door to it. It says what it is to
/// `controlpad links`, and keeps its link (no other pad takes it over).
/// `watch`es follow the show through it (`ShowFollowers`): the pad's
/// source's events, and the blank it makes.
final class PadDoor: @unchecked Sendable {
    private let path: String
    private let listener: Int32
    private let followers = ShowFollowers()
    private var closed = false

    /// Nil when the socket cannot be had (another process listens there).
    init?(_ door: ShowDoor, driver: PadOnEventLoop) {
        guard let listener = try? LocalSocket.listen(at: door.path) else { return nil }
        self.path = door.path
        self.listener = listener
        let since = LinkAbout.now()
        let followers = followers
        driver.followers = followers
        KeptLinkDoor.serve(listener, label: "controlpad.pad-door") { request, client in
            switch request {
            case .send(let request):
                do throws(RemoteActionError) {
                    driver.remote(try RemoteAction(words: request.words), timeout: request.timeout) {
                        KeptLinkDoor.answer($0, to: client)
                    }
                } catch {
                    KeptLinkDoor.answer(.fail(error.description), to: client)
                }
            case .about:
                driver.report { show in
                    let about = LinkAbout(role: "pad", pid: getpid(), since: since, server: door.server, kind: door.kindName,
                                          show: show, holdsUntilShowEnds: false, followers: followers.prune())
                    LocalSocket.writeLine(client, about.answerLine)
                    Glibc.close(client)
                }
            case .adopt:
                LinkHandOver.refuse("a pad (pid \(getpid())) uses the link to \(door.server)", on: client)
                Glibc.close(client)
            case .close:
                KeptLinkDoor.answer(.fail("a pad (pid \(getpid())) uses the link to \(door.server): quit it there (q)"), to: client)
            case .follow:
                followers.add(client)
            }
        }
    }

    /// Stops listening: the next `send` starts a kept link of its own.
    func close() {
        guard !closed else { return }
        closed = true
        unlink(path)
        Glibc.close(listener)
        followers.end(.left)
    }
}
