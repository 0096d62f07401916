import SlideModel

/// What a reveal.js link is told (inputs) and what it says to do (actions).
extension RevealLink {
    /// The two WebSockets: the audience's page, and the pad's own hidden
    /// window on the same deck, where pictures are taken without moving the audience.
    public enum Channel: Sendable, Hashable { case audience, render }

    public enum HTTPPath: String, Sendable { case version = "/json/version", list = "/json/list" }

    public enum Timer: Sendable, Hashable, CountdownTimer {
        case countdown, readyPoll, renderReadyPoll
        /// While the pointer or ink is on the page: the pad is still there.
        case marksAlive
        /// A picture that takes longer than `captureTimeout`: the render window is made again.
        case captureTimeout
    }

    /// How loud a line is, in every source's levels (the life's lines share them).
    public typealias LogLevel = SourceLogLevel

    /// Why a connection or request failed, as the driver saw it.
    public enum Failure: Error, NetworkFailure {
        case refused, reset, timedOut
        /// No connection at all in time (a host that is off, or a firewall that drops).
        case unreachable
        /// The WebSocket upgrade was answered with this HTTP status (403: an origin rule; 500: no such target).
        case upgradeRefused(status: Int, body: String)
        case other(String)
        public static var hostNotFound: Failure { .other(NetworkFailureWords.hostNotFound) }

        public var description: String {
            switch self {
            case .unreachable: "no connection in time"
            case .upgradeRefused(let status, let body): "HTTP \(status) \(body.prefix(80))"
            case .other(let text): text
            default: sharedDescription ?? ""
            }
        }
    }

    public enum Input: Sendable, Equatable {
        case start
        case retryNow
        case stop
        case http(HTTPPath, status: Int, body: [UInt8])
        case httpFailed(HTTPPath, Failure)
        case opened(Channel)
        case openFailed(Channel, Failure)
        case closed(Channel)
        /// One text frame.
        case text(Channel, String)
        case timerFired(Timer)
        case send(SourceCommand)
        case want([PictureWant])
    }

    public enum Action: Sendable, Equatable, LinkLifeAction {
        case get(HTTPPath)
        case open(Channel, url: String)
        case close(Channel)
        case write(Channel, String)
        case arm(Timer, after: Duration)
        case cancel(Timer)
        case emit(SourceEvent)
        /// Where the show is now, in the pad's words (steps and stacks included).
        case position(RevealPosition)
        /// A command that could not go out (not connected, or reveal.js has no such thing).
        case dropped(SourceCommand)
        case log(LogLevel, String)
    }

    public struct Settings: Sendable {
        public var address: RevealAddress
        public var countdownStep: Duration = .seconds(1)
        /// Longer than Impress's and pdfpc's: a browser that is gone is
        /// usually gone for a while (0.5 s doubling up to 4 s).
        public var backoff = ReconnectBackoff(initial: .milliseconds(500), maximum: .seconds(4))
        /// How often to ask whether reveal.js is ready, while it loads.
        public var readyPoll: Duration = .milliseconds(100)
        /// How long reveal.js may take to get ready before the pad says so.
        public var readyPatience: Duration = .seconds(10)
        /// How long one picture may take before the render window is given up and made again.
        public var captureTimeout: Duration = .seconds(5)
        /// Render pictures in a window of the pad's own (false: no pictures).
        public var pictures = true
        /// Render every slide's thumbnail once the wanted pictures are there.
        public var background = true

        public init(address: RevealAddress) { self.address = address }
    }

    /// Where an attempt stands, while `life` is connecting or open (`idle`
    /// otherwise: between attempts, before the first, after the last).
    enum Phase: Sendable, Equatable {
        case idle, readingVersion, readingList, opening, attaching, installing, syncing, open
    }

    enum Pending: Sendable, Equatable {
        case setup, probe, install, sync, notes(Int), command(SourceCommand), marks
        case createTarget, renderSetup, renderProbe, renderStill, renderSlide
        case capture(slide: Int, size: PixelSize, step: Int)
    }

    enum Render: Sendable, Equatable {
        /// No window; `failures` in a row (after 3 the pad goes without pictures until the next connection).
        case none
        case creating
        case opening(targetID: String)
        case preparing(targetID: String)
        case ready(targetID: String)
    }
}
