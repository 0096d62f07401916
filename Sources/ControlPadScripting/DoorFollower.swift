import Dispatch
import Logging
import SlideModel
import SourceKit
import Synchronization
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `watch`'s source for a show whose kind wants one link
/// (`SourceCapabilities.oneKeptLink`, Impress): no link of its own. It
/// follows the process that holds the show's link at the show's door (a
/// pad, or a kept link: `DoorRequest.follow`), and starts a kept link when
/// none listens, as `send` does (`KeptLinkClient`). When that process lets
/// go (a kept link handing its link to a new pad, a pad quitting and
/// leaving its link to a keeper), it follows whoever holds the link next;
/// a new link is made only when nobody holds one. So a pedal's `send`s, the
/// pad and any number of `watch`es share one connection to LibreOffice.
///
/// It sends nothing: `watch` only reads.
package final class DoorFollower: ConfirmingSource, @unchecked Sendable {
    private struct Running {
        var stopped = false
        var socket: Int32 = -1
    }

    private let client: KeptLinkClient
    private let path: String
    private let server: String
    private let startKeeper: @Sendable () throws -> Void
    private let logger: Logger
    private let running = Mutex(Running())
    private let gate = EventGate()

    /// How long a holder that let go without handing the link on may take
    /// to come back at the door (a keeper taking a quitting pad's link).
    static let leftWait: Duration = .seconds(3)
    /// How long a new pad that took the link over may take to open its door.
    static let handedOverWait: Duration = .seconds(15)

    /// `server`: the show as `watch` names it ("127.0.0.1:1599"). Nil when
    /// the show's door has no owner-only directory (`KeptLinkClient.path`).
    package init?(client: KeptLinkClient, server: String, logger: Logger,
                  startKeeper: @escaping @Sendable () throws -> Void) {
        guard let path = client.path else { return nil }
        self.client = client
        self.path = path
        self.server = server
        self.logger = logger
        self.startKeeper = startKeeper
    }

    package func start(events: @escaping @Sendable (SourceEvent) -> Void) {
        gate.open(events)
        DispatchQueue(label: "controlpad.door-follower").async { self.follow() }
    }

    package func send(_ command: SourceCommand) {}

    package func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        whenWritten(false)
    }

    /// Stops following; nothing is delivered after this returns. The link stays with its holder.
    package func shutdown() {
        gate.close()
        running.withLock { running in
            running.stopped = true
            if running.socket >= 0 { Glibc.shutdown(running.socket, Int32(SHUT_RDWR)) }
        }
    }

    private func deliver(_ event: SourceEvent) {
        gate.deliver(event)
    }

    private var stopped: Bool { running.withLock { $0.stopped } }

    private func follow() {
        deliver(.link(.connecting(to: server)))
        var link: LinkState? = .connecting(to: server)
        var wait = Duration.zero
        var followedBefore = false
        while !stopped {
            let socket = Self.connect(path, within: wait, stopped: { self.stopped })
                ?? (try? client.connectOrStart(path, startKeeper: startKeeper)) ?? nil
            guard let socket else {
                logger.warning("nobody holds the link to \(server) and no kept link started")
                deliver(.link(.reconnecting(inSeconds: 1, problem: .unexplained(
                    "the process that keeps the link to \(server) did not start (`--log FILE` says why)", source: "controlpad"))))
                link = nil
                wait = .zero
                if !pause(.seconds(1)) { return }
                continue
            }
            let kept = running.withLock { running in
                guard !running.stopped else { return false }
                running.socket = socket
                return true
            }
            guard kept, LocalSocket.writeLine(socket, DoorRequest.follow.line) else {
                close(socket)
                continue
            }
            logger.info("following the link to \(server) at \(path)")
            // A new holder of the same link (a pad or keeper that took it
            // over) says its link from the start, connecting, then connected:
            // no news to a follower that was connected through the last one.
            var takenOver = followedBefore
            followedBefore = true
            var ending = FollowLine.Ending.left
            var heard = false
            for line in LineReader(socket: socket, limit: FollowLine.maxBytes) {
                let read = FollowLine(text: line)
                heard = heard || read != nil
                switch read {
                case .event(.link(let state))?:
                    if case .connecting = state, takenOver || link.isConnecting { continue }
                    if takenOver, case .connected = state, case .connected? = link {
                        takenOver = false
                        continue
                    }
                    takenOver = false
                    guard state != link else { continue }
                    link = state
                    deliver(.link(state))
                case .event(let event)?:
                    deliver(event)
                case .end(let said)?:
                    ending = said
                case nil:
                    logger.warning("not a follow line from \(path): \(line.prefix(80))")
                }
            }
            running.withLock { $0.socket = -1 }
            close(socket)
            logger.info("the holder of the link to \(server) let go (\(ending.rawValue))")
            wait = ending == .handedOver ? Self.handedOverWait : Self.leftWait
            // A holder that says nothing a follower reads (an older controlpad) is not asked again at once.
            if !heard, !pause(.seconds(1)) { return }
        }
    }

    /// A socket to whoever listens at `path`, trying until `within` has passed.
    private static func connect(_ path: String, within: Duration, stopped: () -> Bool) -> Int32? {
        let clock = ContinuousClock(), end = clock.now + within
        while true {
            if let socket = try? LocalSocket.connect(to: path) { return socket }
            if clock.now >= end || stopped() { return nil }
            usleep(50_000)
        }
    }

    /// Waits `duration`, or less when stopped; false when stopped.
    private func pause(_ duration: Duration) -> Bool {
        let clock = ContinuousClock(), end = clock.now + duration
        while clock.now < end {
            if stopped { return false }
            usleep(50_000)
        }
        return !stopped
    }
}

extension Optional where Wrapped == LinkState {
    fileprivate var isConnecting: Bool {
        if case .connecting? = self { true } else { false }
    }
}

/// The lines read from a socket until it closes (or a line grows past `limit`).
private struct LineReader: Sequence, IteratorProtocol {
    let socket: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    private var closed = false

    init(socket: Int32, limit: Int) {
        self.socket = socket
        self.limit = limit
    }

    mutating func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard !closed, buffer.count <= limit else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                closed = true
                return nil
            }
            buffer += chunk.prefix(n)
        }
    }
}
