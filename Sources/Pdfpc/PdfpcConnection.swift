import SlideModel

/// The life of one link to pdfpc's REST server, without HTTP, threads or
/// clocks, as `ImpressConnection` is for Impress: it takes what happened
/// and when (`handle(_:now:)`) and says what to do; `PdfpcSource` only
/// carries that out on NIO's HTTP/1 codec, and tests drive it on virtual time.
///
/// - **Handshake.** `GET /api/helo` (before it pdfpc answers every call with
///   412), then `/api/meta` (slide count, aspect), then `/api/state`: the
///   pad hears `connected` and `showStarted`. pdfpc always presents: there
///   is no show to start or stop.
/// - **Polling.** pdfpc never pushes: `/api/state` is read every
///   `fastPoll` for `activeWindow` after a command or a change, then ever
///   more slowly up to `slowPoll` while nothing happens, and `idlePoll`
///   after `idleAfter` of quiet (idle CPU stays within its budget). `/api/meta` is read
///   again every `metaEvery`, so a slide count that changes is seen.
/// - **Commands.** One `PUT /api/control` at a time, answered with the new
///   state, which the pad believes. A press while one is in flight is not
///   lost: the presses add up to a target, sent as one `gotoPage` when the
///   answer comes (five quick → land five slides on).
/// - **Pictures and notes.** The pad says which slides its views show at
///   which pixel size (`want`); at most `maxPicturesInFlight` images are
///   fetched at once, the most wanted first, each at the largest size of
///   the slide's aspect that fits its pane; then, one at a time, the rest
///   of the deck in the background. Notes are fetched one at a time: the
///   current slide's first.
/// - **Trouble.** 401 (wrong password) and 403 (another computer drives
///   this pdfpc) wait for the presenter (`retryNow`); 412 (pdfpc forgot
///   the handshake) shakes hands again; anything else that breaks the link
///   (refused, reset, a stall, garbage) counts down and reconnects.
public struct PdfpcConnection: Sendable, LinkLiving {
    public let settings: Settings
    /// Idle, connecting, open, counting down, waiting, stopped.
    package var life: LinkLife
    var handshake: Handshake = .helo
    var nextID = 1
    var inFlight: [Int: PdfpcAPI.Request] = [:]
    /// Whether the link was ever up (refused then means pdfpc quit).
    var wasConnected = false
    /// The show the pad was told about (count), so a handshake again after
    /// a 412 does not reset what it shows.
    var padCount: Int?
    var meta: PdfpcAPI.Meta?
    var state: PdfpcAPI.State?
    var lastMeta: Duration = .zero
    // Polling.
    var lastActivity: Duration = .zero
    var pollDelay: Duration
    // Commands.
    var control: (id: Int, command: SourceCommand?)?
    var queue: [SourceCommand] = []
    /// The pointer and the pen (`PdfpcConnection+Marks`).
    var marks = PdfpcMarks()
    /// Where the command in flight and the presses made meanwhile take the show.
    var heading: Heading?
    /// Presses were made while a command was in flight: they go as one go-to
    /// to `heading` when it is answered.
    var pressesJoined = false
    // Pictures and notes.
    var wants: [PictureWant] = []
    var pictureRequests: [Int: (slide: Int, size: PixelSize)] = [:]
    var delivered: [Int: (size: PixelSize, at: Duration)] = [:]
    var failedPictures: Set<PictureKey> = []
    var notesRequest: (id: Int, slide: Int)?
    var notesKnown: Set<Int> = []
    /// The page each user slide was last seen on (overlays make them differ).
    var pageOf: [Int: Int] = [:]

    struct PictureKey: Hashable { var slide: Int; var size: PixelSize }

    public init(_ settings: Settings) {
        self.settings = settings
        life = LinkLife(backoff: settings.backoff, countdownStep: settings.countdownStep)
        pollDelay = settings.fastPoll
    }

    public var isStopped: Bool { life.isStopped }

    /// Connecting, and the handshake waits for `step`.
    func isHandshaking(_ step: Handshake) -> Bool { life.isConnecting && handshake == step }

    /// Where the presses are taking the show (nil: where it stands).
    public var headingTarget: Int? { heading?.target }

    /// How many pictures are being fetched now (tests: never more than the limit).
    public var picturesInFlight: Int { pictureRequests.count }

    public mutating func handle(_ input: Input, now: Duration) -> [Action] {
        if isStopped { return input.command.map { [.dropped($0)] } ?? [] }
        switch input {
        case .start:
            return follow(life.start())
        case .answered(let id, let status, let body):
            guard let request = inFlight.removeValue(forKey: id) else { return [] }
            return answered(id: id, request, status: status, body: body, now: now)
        case .failed(let id, let failure):
            guard let request = inFlight.removeValue(forKey: id) else { return [] }
            return failed(id: id, request, failure, now: now)
        case .send(let command):
            return send(command, now: now)
        case .want(let pictures):
            wants = pictures
            return life.isOpen ? pump(now: now) : []
        case .timerFired(.poll):
            return poll(now: now)
        case .timerFired(.countdown):
            return follow(life.countdownFired())
        case .retryNow:
            return follow(life.retryNow())
        case .stop:
            life.stop()
            let dropped = queue.map(Action.dropped)
            queue = []
            inFlight = [:]
            return dropped + [.cancel(.poll), .cancel(.countdown), .abandonRequests]
        }
    }
}
