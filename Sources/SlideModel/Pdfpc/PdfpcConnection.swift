/// The life of one link to pdfpc's REST server, without HTTP, threads or
/// clocks, as `ImpressConnection` is for Impress: it takes what happened
/// and when (`handle(_:now:)`) and says what to do; `PdfpcSource` only
/// carries that out with AsyncHTTPClient, and tests drive it on virtual time.
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
public struct PdfpcConnection: Sendable {
    public struct Settings: Sendable {
        /// `pdfpc://host:port`, as the user wrote it.
        public var address: String
        /// How the status line names the peer, e.g. "127.0.0.1".
        public var serverLabel: String
        public var countdownStep: Duration
        public var backoff: ReconnectBackoff
        public var fastPoll: Duration
        public var slowPoll: Duration
        public var activeWindow: Duration
        public var idlePoll: Duration
        public var idleAfter: Duration
        public var metaEvery: Duration
        public var maxPicturesInFlight: Int
        /// Fetch the whole deck's pictures and notes in the background.
        public var prefetch: Bool

        public init(address: String, serverLabel: String, countdownStep: Duration = .seconds(1),
                    backoff: ReconnectBackoff = ReconnectBackoff(), fastPoll: Duration = .milliseconds(100),
                    slowPoll: Duration = .seconds(1), activeWindow: Duration = .seconds(2),
                    idlePoll: Duration = .seconds(2), idleAfter: Duration = .seconds(60),
                    metaEvery: Duration = .seconds(10), maxPicturesInFlight: Int = 3, prefetch: Bool = true) {
            self.address = address
            self.serverLabel = serverLabel
            self.countdownStep = countdownStep
            self.backoff = backoff
            self.fastPoll = fastPoll
            self.slowPoll = max(slowPoll, fastPoll)
            self.activeWindow = activeWindow
            self.idlePoll = max(idlePoll, self.slowPoll)
            self.idleAfter = idleAfter
            self.metaEvery = metaEvery
            self.maxPicturesInFlight = max(1, maxPicturesInFlight)
            self.prefetch = prefetch
        }
    }

    public enum Timer: Sendable, Hashable { case poll, countdown }

    /// Why a request got no answer.
    public enum Failure: Sendable, Equatable, CustomStringConvertible {
        case refused, reset, timedOut, hostNotFound, unreachable
        /// The answer was longer than the driver accepts.
        case tooLarge(limit: Int)
        case other(String)

        public var description: String {
            switch self {
            case .refused: "connection refused"
            case .reset: "connection reset"
            case .timedOut: "no answer in time"
            case .hostNotFound: "host not found"
            case .unreachable: "host unreachable"
            case .tooLarge(let limit): "answer larger than \(limit >> 20) MB"
            case .other(let text): text
            }
        }
    }

    /// What happened.
    public enum Input: Sendable {
        case start
        /// Request `id` was answered with `status` and `body`.
        case answered(id: Int, status: Int, body: [UInt8])
        case failed(id: Int, Failure)
        case send(SourceCommand)
        case want([PictureWant])
        case timerFired(Timer)
        case retryNow
        case stop
    }

    /// What to do.
    public enum Action: Sendable, Equatable {
        /// Make this request; `command` is the press it carries out, if any.
        case request(id: Int, PdfpcAPI.Request, command: SourceCommand?)
        /// Forget every request in flight: their answers are of no use now.
        case abandonRequests
        case arm(Timer, after: Duration)
        case cancel(Timer)
        case emit(SourceEvent)
        /// A command that could not go out (not connected, no such thing in pdfpc).
        case dropped(SourceCommand)
        case log(ImpressLogLevel, String)
    }

    enum Phase: Sendable, Equatable {
        case idle, handshaking, readingMeta, readingState, open, stopped
        case countingDown(left: Duration, reason: String)
        /// Wrong password or another client's lock: no retry until asked.
        case waitingForRetry
    }

    public let settings: Settings
    private(set) var phase: Phase = .idle
    private var backoff: ReconnectBackoff
    private var nextID = 1
    private var inFlight: [Int: PdfpcAPI.Request] = [:]
    /// Whether the link was ever up (refused then means pdfpc quit).
    private var wasConnected = false
    /// The show the pad was told about (count), so a handshake again after
    /// a 412 does not reset what it shows.
    private var padCount: Int?
    private var meta: PdfpcAPI.Meta?
    private var state: PdfpcAPI.State?
    private var lastMeta: Duration = .zero
    // Polling.
    private var lastActivity: Duration = .zero
    private var pollDelay: Duration
    // Commands.
    private var control: (id: Int, command: SourceCommand?)?
    private var queue: [SourceCommand] = []
    /// Where presses made while a command was in flight are heading.
    private var pendingTarget: Int?
    /// Where the command in flight takes the show.
    private var heading: Int?
    // Pictures and notes.
    private var wants: [PictureWant] = []
    private var pictureRequests: [Int: (slide: Int, size: PixelSize)] = [:]
    private var delivered: [Int: (size: PixelSize, at: Duration)] = [:]
    private var failedPictures: Set<PictureKey> = []
    private var notesRequest: (id: Int, slide: Int)?
    private var notesKnown: Set<Int> = []
    /// The page each user slide was last seen on (overlays make them differ).
    private var pageOf: [Int: Int] = [:]

    struct PictureKey: Hashable { var slide: Int; var size: PixelSize }

    public init(_ settings: Settings) {
        self.settings = settings
        backoff = settings.backoff
        pollDelay = settings.fastPoll
    }

    public var isStopped: Bool { phase == .stopped }

    /// How many pictures are being fetched now (tests: never more than the limit).
    public var picturesInFlight: Int { pictureRequests.count }

    public mutating func handle(_ input: Input, now: Duration) -> [Action] {
        if isStopped { return input.command.map { [.dropped($0)] } ?? [] }
        switch input {
        case .start:
            guard phase == .idle else { return [] }
            return connect()
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
            return phase == .open ? pump(now: now) : []
        case .timerFired(.poll):
            return poll(now: now)
        case .timerFired(.countdown):
            guard case .countingDown(let left, let reason) = phase else { return [] }
            return countDown(left: left, reason: reason)
        case .retryNow:
            switch phase {
            case .countingDown, .waitingForRetry:
                backoff.reset()
                return [.cancel(.countdown), .log(.info, "reconnecting now, as asked")] + connect()
            default:
                return []
            }
        case .stop:
            phase = .stopped
            let dropped = queue.map(Action.dropped)
            queue = []
            inFlight = [:]
            return dropped + [.cancel(.poll), .cancel(.countdown), .abandonRequests]
        }
    }

    // MARK: the link

    private mutating func connect() -> [Action] {
        resetRequests()
        phase = .handshaking
        return [.emit(.link(.connecting(to: settings.address))), .log(.info, "connecting to \(settings.address)"),
                request(.helo)]
    }

    private mutating func request(_ request: PdfpcAPI.Request, command: SourceCommand? = nil) -> Action {
        let id = nextID
        nextID += 1
        inFlight[id] = request
        if case .control = request { control = (id, command) }
        return .request(id: id, request, command: command)
    }

    private mutating func resetRequests() {
        inFlight = [:]
        control = nil
        pendingTarget = nil
        heading = nil
        pictureRequests = [:]
        notesRequest = nil
    }

    /// The link is down: say why, and count down to a reconnect, or (wrong
    /// password, another client's lock) wait for the presenter.
    private mutating func lost(_ problem: LinkProblem, detail: String? = nil) -> [Action] {
        let reason = problem.reason
        let dropped = queue.map(Action.dropped) + (control?.command.map { [.dropped($0)] } ?? [])
        queue = []
        resetRequests()
        // Whatever answers next may be another pdfpc, or another deck: the pad hears the show anew.
        padCount = nil
        var actions: [Action] = dropped + [.abandonRequests, .cancel(.poll),
                                           .log(.notice, "\(settings.address): \(reason)" + (detail.map { " (\($0))" } ?? ""))]
        if problem == .pdfpcWrongPassword || problem == .pdfpcLocked {
            phase = .waitingForRetry
            actions.append(.emit(.link(.failed(message: reason))))
            return actions
        }
        return actions + countDown(left: backoff.nextDelay(), reason: reason)
    }

    /// "reconnecting in N s" every `countdownStep`, then connect.
    private mutating func countDown(left: Duration, reason: String) -> [Action] {
        guard left > .zero else { return connect() }
        let step = min(settings.countdownStep > .zero ? settings.countdownStep : left, left)
        phase = .countingDown(left: left - step, reason: reason)
        return [.emit(.link(.reconnecting(inSeconds: ReconnectBackoff.countdownSeconds(left), reason: reason))),
                .arm(.countdown, after: step)]
    }

    // MARK: answers

    private mutating func answered(id: Int, _ request: PdfpcAPI.Request, status: Int, body: [UInt8], now: Duration) -> [Action] {
        switch status {
        case 401: return lost(.pdfpcWrongPassword)
        case 403: return lost(.pdfpcLocked)
        case 412:
            // pdfpc forgot the handshake (restarted on the same port?): shake hands again.
            guard phase != .handshaking else { return lost(.notPdfpc, detail: "412 to the handshake") }
            let dropped = queue.map(Action.dropped) + (control?.command.map { [.dropped($0)] } ?? [])
            queue = []
            resetRequests()
            phase = .handshaking
            return dropped + [.abandonRequests, .log(.notice, "pdfpc answered 412 to \(request): shaking hands again"), self.request(.helo)]
        default: break
        }
        switch request {
        case .helo:
            guard status == 200, PdfpcAPI.isHelo(body) else {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            }
            phase = .readingMeta
            return [.log(.info, "pdfpc answered the handshake"), self.request(.meta)]
        case .meta:
            guard status == 200, let meta = PdfpcAPI.meta(body) else {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            }
            lastMeta = now
            let old = self.meta
            self.meta = meta
            if phase == .readingMeta {
                phase = .readingState
                return [self.request(.state)]
            }
            guard phase == .open, old?.userSlides != meta.userSlides || old?.pages != meta.pages else { return [] }
            // The deck changed (reloaded, or another PDF): everything known is stale.
            return [.log(.notice, "pdfpc's deck now has \(meta.userSlides) slides")] + startShow(now: now) + pump(now: now)
        case .state:
            guard status == 200, let state = PdfpcAPI.state(body) else {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            }
            if phase == .readingState { return opened(state, now: now) }
            return apply(state, now: now) + schedulePoll(now: now) + pump(now: now)
        case .control(let action, _):
            let command = control?.id == id ? control?.command : nil
            if control?.id == id { control = nil }
            var actions: [Action] = []
            if status == 200, let state = PdfpcAPI.state(body) {
                actions += apply(state, now: now)
            } else if status == 200 {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            } else {
                actions.append(.log(.notice, "pdfpc refused \(action): HTTP \(status)"))
                if let command { actions.append(.dropped(command)) }
            }
            heading = nil
            return actions + nextCommand(now: now) + schedulePoll(now: now) + pump(now: now)
        case .notes(let page):
            let slide = notesRequest?.id == id ? notesRequest!.slide : page
            if notesRequest?.id == id { notesRequest = nil }
            notesKnown.insert(slide)
            var actions: [Action] = []
            if status == 200 {
                actions.append(.emit(.notes(index: slide, PdfpcNotes.text(fromHTML: String(decoding: body, as: UTF8.self)))))
            } else {
                actions.append(.log(.notice, "no notes for slide \(slide + 1): HTTP \(status)"))
            }
            return actions + pump(now: now)
        case .image(_, let size):
            guard let picture = pictureRequests.removeValue(forKey: id) else { return pump(now: now) }
            guard status == 200 else {
                failedPictures.insert(PictureKey(slide: picture.slide, size: size))
                return [.log(.notice, "slide \(picture.slide + 1)'s picture at \(size): HTTP \(status)")] + pump(now: now)
            }
            delivered[picture.slide] = (size, now)
            if PixelSize(png: body) == nil { failedPictures.insert(PictureKey(slide: picture.slide, size: size)) }
            return [.emit(.preview(index: picture.slide, Preview(png: body, aspect: meta?.aspect)))] + pump(now: now)
        }
    }

    private mutating func failed(id: Int, _ request: PdfpcAPI.Request, _ failure: Failure, now: Duration) -> [Action] {
        switch request {
        case .image(_, let size):
            // One picture's trouble is that picture's: the pane says so.
            guard let picture = pictureRequests.removeValue(forKey: id) else { return pump(now: now) }
            failedPictures.insert(PictureKey(slide: picture.slide, size: size))
            var actions: [Action] = [.log(.notice, "slide \(picture.slide + 1)'s picture at \(size): \(failure)")]
            if case .tooLarge = failure {
                delivered[picture.slide] = (size, now)
                // An empty picture: its pane says it could not be read, and nothing is fetched again.
                actions.append(.emit(.preview(index: picture.slide, Preview(png: []))))
            }
            guard failure == .refused || failure == .reset else { return actions + pump(now: now) }
            return actions + lost(problem(for: failure), detail: "\(request)")
        case .notes:
            if let slide = notesRequest?.slide, notesRequest?.id == id {
                notesKnown.insert(slide)
                notesRequest = nil
            }
            guard failure == .refused || failure == .reset else { return [.log(.notice, "\(request): \(failure)")] + pump(now: now) }
            return lost(problem(for: failure), detail: "\(request)")
        default:
            return lost(problem(for: failure), detail: "\(request): \(failure)")
        }
    }

    private func problem(for failure: Failure) -> LinkProblem {
        switch failure {
        case .refused: return wasConnected ? .pdfpcQuit : .pdfpcNotListening
        case .reset: return wasConnected ? .pdfpcQuit : .reset
        case .timedOut: return .pdfpcStalled
        case .hostNotFound: return .hostNotFound
        case .unreachable: return .unreachable
        case .tooLarge: return .notPdfpc
        case .other: return .notPdfpc
        }
    }

    /// The start of a body, for a log line (never raw on a terminal).
    static func peek(_ body: [UInt8]) -> String {
        body.isEmpty ? "(empty)" : TerminalText.escaped(String(decoding: body.prefix(60), as: UTF8.self))
    }

    /// The first state after the handshake: the link is up.
    private mutating func opened(_ state: PdfpcAPI.State, now: Duration) -> [Action] {
        phase = .open
        backoff.reset()
        let first = !wasConnected
        wasConnected = true
        var actions: [Action] = [.emit(.link(.connected(server: "pdfpc · \(settings.serverLabel)")))]
        if first { actions.append(.log(.info, "connected to pdfpc at \(settings.address)")) }
        self.state = nil
        if padCount == meta?.userSlides, padCount != nil {
            actions += apply(state, now: now)
        } else {
            self.state = state
            actions += startShow(now: now)
        }
        lastActivity = now
        pollDelay = settings.fastPoll
        return actions + schedulePoll(now: now) + pump(now: now)
    }

    /// Tells the pad a (new) show: every picture and note is fetched anew.
    private mutating func startShow(now: Duration) -> [Action] {
        let count = meta?.userSlides ?? 0
        padCount = count
        delivered = [:]
        failedPictures = []
        notesKnown = []
        pageOf = [:]
        let current = min(state?.userSlide ?? 0, max(0, count - 1))
        if let state { pageOf[state.userSlide] = state.page }
        return [.emit(.showStarted(slideCount: count, current: current))]
    }

    /// A state from a poll or a command's answer: a move is news, and news
    /// keeps the polling quick.
    private mutating func apply(_ new: PdfpcAPI.State, now: Duration) -> [Action] {
        let old = state
        state = new
        pageOf[new.userSlide] = new.page
        guard let count = padCount, count > 0 else { return [] }
        var actions: [Action] = []
        if old?.userSlide != new.userSlide || old == nil {
            lastActivity = now
            pollDelay = settings.fastPoll
            actions.append(.emit(.slideChanged(index: min(new.userSlide, count - 1))))
        } else if old?.page != new.page {
            // An overlay of the same slide: its picture changes.
            lastActivity = now
            pollDelay = settings.fastPoll
            delivered[new.userSlide] = nil
        }
        return actions
    }

    // MARK: polling

    private mutating func schedulePoll(now: Duration) -> [Action] {
        guard phase == .open else { return [] }
        if now - lastActivity < settings.activeWindow {
            pollDelay = settings.fastPoll
        } else {
            let slowest = now - lastActivity >= settings.idleAfter ? settings.idlePoll : settings.slowPoll
            pollDelay = min(pollDelay * 2, slowest)
        }
        return [.arm(.poll, after: pollDelay)]
    }

    private mutating func poll(now: Duration) -> [Action] {
        guard phase == .open else { return [] }
        var actions: [Action] = []
        if now - lastMeta >= settings.metaEvery, !inFlight.values.contains(.meta) {
            lastMeta = now
            actions.append(request(.meta))
        }
        // A command's answer is a state too: no poll beside it.
        if control == nil, !inFlight.values.contains(.state) { actions.append(request(.state)) }
        else { actions += schedulePoll(now: now) }
        return actions
    }

    // MARK: commands

    private var current: Int { state?.userSlide ?? 0 }
    private var count: Int { padCount ?? 0 }

    private func clamp(_ index: Int) -> Int { min(max(0, index), max(0, count - 1)) }

    private mutating func send(_ command: SourceCommand, now: Duration) -> [Action] {
        guard phase == .open else { return [.dropped(command), .log(.debug, "not connected: dropped \(command)")] }
        switch command {
        case .start, .stop, .pointerStarted, .pointerMoved, .pointerDismissed:
            return [.dropped(command), .log(.debug, "pdfpc has no \(command): dropped")]
        default: break
        }
        lastActivity = now
        pollDelay = settings.fastPoll
        guard control != nil else { return [.cancel(.poll)] + go(command) }
        switch command {
        case .next, .previous:
            let delta = command == .next ? 1 : -1
            pendingTarget = clamp((pendingTarget ?? heading ?? current) + delta)
        case .goto(let index):
            pendingTarget = clamp(index)
        default:
            queue.append(command)
            return [.log(.trace, "queued \(command) behind the command in flight")]
        }
        return [.log(.trace, "\(command) joins the presses in flight: heading for slide \((pendingTarget ?? 0) + 1)")]
    }

    /// The control request for `command`.
    private mutating func go(_ command: SourceCommand) -> [Action] {
        switch command {
        case .next:
            heading = clamp(current + 1)
            return [request(.control(action: "next", argument: nil), command: command)]
        case .previous:
            heading = clamp(current - 1)
            return [request(.control(action: "prev", argument: nil), command: command)]
        case .goto(let index):
            heading = clamp(index)
            return [request(.control(action: "gotoPage", argument: "\(clamp(index) + 1)"), command: command)]
        case .blank:
            // pdfpc's blank toggles: sent only when the screen is not black already.
            if state?.black == true { return [.log(.debug, "already blank")] }
            return [request(.control(action: "blank", argument: nil), command: command)]
        case .resume:
            return [request(.control(action: "exitState", argument: nil), command: command)]
        default:
            return [.dropped(command)]
        }
    }

    /// After an answer: the presses made meanwhile, as one go-to; then the queue.
    private mutating func nextCommand(now: Duration) -> [Action] {
        guard control == nil else { return [] }
        if let target = pendingTarget {
            pendingTarget = nil
            if target != current { return go(.goto(index: target)) }
        }
        while !queue.isEmpty {
            let actions = go(queue.removeFirst())
            if control != nil { return actions }
        }
        return []
    }

    // MARK: pictures and notes

    private func page(for slide: Int) -> Int {
        guard let meta, meta.pages != meta.userSlides else { return slide }
        if slide == state?.userSlide, let page = state?.page { return page }
        if let page = pageOf[slide] { return page }
        // Not seen yet: spread the overlays' pages evenly (a guess).
        return meta.userSlides > 0 ? slide * meta.pages / meta.userSlides : slide
    }

    private func fitted(_ size: PixelSize) -> PixelSize { size.fitting(aspect: meta?.aspect ?? Double(size.width) / Double(max(1, size.height))) }

    /// Starts what is most wanted and not yet fetched, within the limits.
    private mutating func pump(now: Duration) -> [Action] {
        guard phase == .open, count > 0 else { return [] }
        var actions: [Action] = []
        let fetching = Set(pictureRequests.values.map(\.slide))
        for want in wants where pictureRequests.count < settings.maxPicturesInFlight {
            guard (0..<count).contains(want.slide), !fetching.contains(want.slide) else { continue }
            let size = fitted(want.size)
            guard want.have != size, !failedPictures.contains(PictureKey(slide: want.slide, size: size)) else { continue }
            // Just sent, and the pad has not taken it in yet.
            if let sent = delivered[want.slide], sent.size == size, now - sent.at < .seconds(2) { continue }
            actions.append(fetchPicture(want.slide, size: size))
        }
        if settings.prefetch, pictureRequests.isEmpty, let size = wants.first.map({ fitted($0.size) }) {
            let order = [current, current + 1] + Array(0..<count)
            if let slide = order.first(where: { s in
                (0..<count).contains(s) && delivered[s] == nil && !failedPictures.contains(PictureKey(slide: s, size: size))
            }) {
                actions.append(fetchPicture(slide, size: size))
            }
        }
        if notesRequest == nil {
            let order = [current, current + 1] + (settings.prefetch ? Array(0..<count) : [])
            if let slide = order.first(where: { (0..<count).contains($0) && !notesKnown.contains($0) }) {
                let action = request(.notes(page: page(for: slide)))
                if case .request(let id, _, _) = action { notesRequest = (id, slide) }
                actions.append(action)
            }
        }
        return actions
    }

    private mutating func fetchPicture(_ slide: Int, size: PixelSize) -> Action {
        let action = request(.image(page: page(for: slide), size: size))
        if case .request(let id, _, _) = action { pictureRequests[id] = (slide, size) }
        return action
    }
}

extension PdfpcConnection.Input {
    var command: SourceCommand? { if case .send(let c) = self { c } else { nil } }
}
