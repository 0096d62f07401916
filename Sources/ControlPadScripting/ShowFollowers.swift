import Synchronization
import SlideModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The followers of the link a process holds to a show (`DoorRequest.follow`):
/// `watch`es that print the show through this link instead of opening one
/// of their own (one link per show). The holder (a kept link, a pad) gives
/// it every event of its source (`note`); a follower that comes in gets
/// the show so far (`FollowedShow.replay`), then each event as it comes,
/// one `FollowLine` each. Writing never blocks the holder: a follower
/// whose socket is full is dropped, and comes back for a fresh replay.
/// Safe from any thread.
package final class ShowFollowers: Sendable {
    private struct State {
        var show = FollowedShow()
        var clients: [Int32] = []
        var ended = false
    }

    private let state = Mutex(State())

    package init() {}

    /// How many follow now (`controlpad links`).
    package var count: Int { state.withLock { $0.clients.count } }

    /// An event of the holder's source, for the followers.
    package func note(_ event: SourceEvent) {
        state.withLock { state in
            state.show.note(event)
            Self.write(.event(event), to: &state.clients)
        }
    }

    /// The holder blanked or resumed the show itself (Impress says neither).
    package func assumeBlank(_ blank: Bool) {
        state.withLock { state in
            if let event = state.show.assumeBlank(blank) { Self.write(.event(event), to: &state.clients) }
        }
    }

    /// A follower came in on `client` (a socket this takes over): the show so far, then what comes.
    package func add(_ client: Int32) {
        state.withLock { state in
            guard !state.ended else {
                Self.send(.end(.left), to: client)
                close(client)
                return
            }
            var one = [client]
            for event in state.show.replay { Self.write(.event(event), to: &one) }
            state.clients += one
        }
    }

    /// Drops the followers that went away (a follower says nothing after
    /// `follow`: a socket with something to read, or hung up, is one that
    /// closed); returns how many are left.
    @discardableResult
    package func prune() -> Int {
        state.withLock { state in
            state.clients.removeAll { client in
                var polled = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
                guard poll(&polled, 1, 0) > 0 else { return false }
                close(client)
                return true
            }
            return state.clients.count
        }
    }

    /// The holder stops: each follower is told why, and let go.
    package func end(_ ending: FollowLine.Ending) {
        state.withLock { state in
            guard !state.ended else { return }
            state.ended = true
            Self.write(.end(ending), to: &state.clients)
            for client in state.clients { close(client) }
            state.clients = []
        }
    }

    /// Writes `line` to each client; one that cannot take it now is closed and dropped.
    private static func write(_ line: FollowLine, to clients: inout [Int32]) {
        // Every pad holds followers: with none, a source's event costs no JSON.
        guard !clients.isEmpty, let text = line.text else { return }
        clients.removeAll { client in
            guard !send(text, to: client) else { return false }
            close(client)
            return true
        }
    }

    @discardableResult
    private static func send(_ line: FollowLine, to client: Int32) -> Bool {
        line.text.map { send($0, to: client) } ?? true
    }

    /// The whole line now, or false (gone, or its socket full).
    private static func send(_ text: String, to client: Int32) -> Bool {
        var bytes = Array((text + "\n").utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes {
                Glibc.send(client, $0.baseAddress! + done, $0.count - done, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }
}
