import SlideModel

/// The life of one link to a reveal.js deck in a browser, without sockets,
/// threads or clocks: it takes what happened and when (`handle(_:now:)`)
/// and says what to do; `RevealJSSource` carries that out on SwiftNIO, and
/// tests drive it on virtual time.
///
/// - **Connect.** `GET /json/version` (is this a DevTools port?), then
///   `/json/list` (which page: the named one, or the only one), then a
///   WebSocket to that page.
/// - **Attach.** `Runtime.enable` (so the binding survives a reload),
///   `Runtime.addBinding`, then ask until reveal.js is ready; install one
///   listener per reveal.js event (`RevealScripts.install`), then read the
///   whole show at once (`RevealScripts.sync`): the pad hears `connected`,
///   `showStarted`, the title and the current slide's notes.
/// - **Follow.** Every move, whoever made it (the pad, the browser, a
///   second pad) arrives as a pushed `Runtime.bindingCalled`; nothing polls.
/// - **Commands** are written at once: reveal.js steps through fragments
///   itself, in the order the presses came.
/// - **Reload** (`Runtime.executionContextsCleared`): the listeners are
///   gone; wait for reveal.js, install them again, resync.
/// - **Tab closed, browser gone:** say so, count down, connect again: its
///   `LinkLife`, the same as every source's (only the backoff's figures
///   are reveal's own, `Settings.backoff`).
/// - **Pictures** (`+Pictures`): in a window of the pad's own.
public struct RevealLink: Sendable, LinkLiving {
    public let settings: Settings
    /// Idle, connecting, open, counting down, waiting, stopped.
    package var life: LinkLife
    /// Where the attempt stands within `life`'s connecting and open.
    var phase: Phase = .idle
    var nextID = 1
    var pending: [Int: Pending] = [:]
    var browser = ""
    var page: CDPTarget?
    var wasConnected = false
    var sawDetached = false
    var waitingSince: Duration = .zero
    // The show.
    var deck: RevealDeck?
    var at: RevealIndices?
    var viewport = PixelSize(width: 1280, height: 720)
    var deckURL = ""
    var notesAsked: Set<Int> = []
    /// Presses made while a reloaded page is read again: sent once it is.
    var afterReload: [SourceCommand] = []
    // Pictures.
    var render: Render = .none
    var renderFailures = 0
    var renderSince: Duration = .zero
    var wants: [PictureWant] = []
    var capturing: Int?
    var delivered: [Int: PictureKey] = [:]
    var unconfirmed: Set<Int> = []
    /// Pictures that could not be taken (slide, size, step): not asked again on this connection.
    var failedPictures: Set<FailedPicture> = []
    // The pointer and the ink on the audience's page.
    var marks = RevealMarks()

    struct PictureKey: Sendable, Hashable { var size: PixelSize; var step: Int }
    struct FailedPicture: Sendable, Hashable { var slide: Int; var key: PictureKey }

    public init(_ settings: Settings) {
        self.settings = settings
        life = LinkLife(backoff: settings.backoff, countdownStep: settings.countdownStep)
    }

    public var isStopped: Bool { life.isStopped }
    public var isOpen: Bool { phase == .open }
    /// The show's position now, when known.
    public var position: RevealPosition? { at.flatMap { deck?.position($0) } }
    /// Pictures being taken now (never more than one: the render window shows one slide at a time).
    public var picturesInFlight: Int { capturing == nil ? 0 : 1 }

    public mutating func handle(_ input: Input, now: Duration) -> [Action] {
        if isStopped {
            if case .send(let command) = input { return [.dropped(command)] }
            return []
        }
        switch input {
        case .start:
            return follow(life.start())
        case .retryNow:
            return follow(life.retryNow())
        case .stop:
            life.stop()
            var actions = removeMarks()
            phase = .idle
            actions += [.cancel(.countdown), .cancel(.readyPoll), .cancel(.renderReadyPoll), .cancel(.marksAlive)]
            actions += closeRender()
            return actions + [.close(.audience)]
        case .http(let path, let status, let body):
            return answered(path, status: status, body: body)
        case .httpFailed(let path, let failure):
            return httpFailed(path, failure)
        case .opened(.audience):
            guard phase == .opening else { return [] }
            return attach(now: now)
        case .opened(.render):
            return renderOpened(now: now)
        case .openFailed(.audience, let failure):
            guard phase == .opening else { return [] }
            return openFailed(failure)
        case .openFailed(.render, let failure):
            return renderLost("the render window's connection failed: \(failure)")
        case .closed(.audience):
            guard phase != .idle else { return [] }
            return lost(sawDetached ? .tabClosed : .connectionLost("closed"))
        case .closed(.render):
            return renderLost("the render window closed")
        case .text(let channel, let text):
            guard let message = CDPIncoming.decode(text) else {
                return [.log(.debug, "not a CDP message on the \(channel) page (\(text.utf8.count) bytes), ignored")]
            }
            return received(message, on: channel, now: now)
        case .timerFired(.countdown):
            return follow(life.countdownFired())
        case .timerFired(.readyPoll):
            guard phase == .attaching else { return [] }
            return [request(.audience, .evaluate(id: 0, RevealScripts.probe), .probe)]
        case .timerFired(.captureTimeout):
            guard capturing != nil else { return [] }
            return renderLost("no picture within \(settings.captureTimeout)")
        case .timerFired(.marksAlive):
            return marksAliveFired()
        case .timerFired(.renderReadyPoll):
            guard case .preparing = render else { return [] }
            return [request(.render, .evaluate(id: 0, RevealScripts.probe), .renderProbe)]
        case .send(let command):
            return send(command)
        case .want(let pictures):
            wants = pictures
            return noteWants() + pumpPictures()
        }
    }

    /// A request on `channel`, numbered and remembered.
    mutating func request(_ channel: Channel, _ request: CDPRequest, _ purpose: Pending) -> Action {
        var request = request
        request.id = nextID
        nextID += 1
        pending[request.id] = purpose
        return .write(channel, request.encoded)
    }

    mutating func received(_ message: CDPIncoming, on channel: Channel, now: Duration) -> [Action] {
        switch message {
        case .event(let method, let params):
            return channel == .audience ? audienceEvent(method, params, now: now) : []
        case .error(let id, let code, let text):
            guard let purpose = pending.removeValue(forKey: id) else { return [] }
            return answered(purpose, .failure(.other("CDP error \(code): \(text)")), now: now)
        case .result(let id, let result):
            guard let purpose = pending.removeValue(forKey: id) else { return [] }
            return answered(purpose, .success(result), now: now)
        }
    }

    mutating func answered(_ purpose: Pending, _ result: Result<JSONValue, Failure>, now: Duration) -> [Action] {
        switch purpose {
        case .setup, .renderSetup, .renderSlide:
            if case .failure(let f) = result { return [.log(.debug, "\(purpose): \(f)")] }
            return []
        case .probe: return probed(result, now: now)
        case .install:
            guard phase == .installing else { return [] }
            phase = .syncing
            return [request(.audience, .evaluate(id: 0, RevealScripts.sync), .sync)]
        case .sync: return synced(result)
        case .notes(let n): return notesArrived(n, result)
        case .marks: return marksAnswered(result)
        case .command(let command):
            switch result.map(CDPEvaluation.init(result:)) {
            case .failure(let f): return [.log(.notice, "\(command) failed: \(f)")]
            case .success(.threw(let text)): return [.log(.notice, "\(command): the page threw \(Notes.sanitized(text))")]
            case .success: return []
            }
        case .createTarget: return renderCreated(result)
        case .renderProbe: return renderProbed(result, now: now)
        case .renderStill: return renderStill(result)
        case .capture(let slide, let size, let step): return captured(slide: slide, size: size, step: step, result)
        }
    }
}
