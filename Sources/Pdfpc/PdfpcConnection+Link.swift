import SlideModel

/// The link itself: connecting, requests in flight, losing it (its
/// `LinkLife`, the same as every source's), and opening a show.
extension PdfpcConnection {
    package mutating func connect() -> [Action] {
        resetRequests()
        life.connecting()
        handshake = .helo
        return [.emit(.link(.connecting(to: settings.address))), .log(.info, "connecting to \(settings.address)"),
                request(.helo)]
    }

    mutating func request(_ request: PdfpcAPI.Request, command: SourceCommand? = nil) -> Action {
        let id = nextID
        nextID += 1
        inFlight[id] = request
        if case .control = request { control = (id, command) }
        return .request(id: id, request, command: command)
    }

    mutating func resetRequests() {
        inFlight = [:]
        control = nil
        heading = nil
        pressesJoined = false
        pictureRequests = [:]
        notesRequest = nil
        marks = PdfpcMarks()
    }

    /// The link is down: say why, and count down to a reconnect, or (wrong
    /// password, another client's lock) wait for the presenter.
    mutating func lost(_ known: PdfpcProblem, detail: String? = nil) -> [Action] {
        let problem = known.problem
        let reason = problem.reason
        let dropped = queue.map(Action.dropped) + (control?.command.map { [.dropped($0)] } ?? [])
        queue = []
        resetRequests()
        // Whatever answers next may be another pdfpc, or another deck: the pad hears the show anew.
        padCount = nil
        var actions: [Action] = dropped + [.abandonRequests, .cancel(.poll),
                                           .log(.notice, "\(settings.address): \(reason)" + (detail.map { " (\($0))" } ?? ""))]
        if known.waitsForPresenter {
            return actions + follow(life.refused(problem))
        }
        return actions + follow(life.lost(problem))
    }

    /// The first state after the handshake: the link is up.
    mutating func opened(_ state: PdfpcAPI.State, now: Duration) -> [Action] {
        life.opened()
        life.worked()
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
    mutating func startShow(now: Duration) -> [Action] {
        let count = meta?.userSlides ?? 0
        padCount = count
        delivered = [:]
        failedPictures = []
        notesKnown = []
        pageOf = [:]
        let current = min(state?.userSlide ?? 0, max(0, count - 1))
        if let state { pageOf[state.userSlide] = state.page }
        // pdfpc says whether its screen is black: a blank the pad kept from
        // before ended unless it still is.
        // before ended unless it still is; a black screen made in pdfpc is
        // the pad's BLANK (said after the show: the pad blanks a running show).
        let black = state?.black == true
        return (black ? [] : [.emit(.blankEnded)]) + [.emit(.showStarted(slideCount: count, current: current))]
            + (black ? [.emit(.blankStarted)] : [])
    }

    /// A state from a poll or a command's answer: a move is news, and news
    /// keeps the polling quick.
    mutating func apply(_ new: PdfpcAPI.State, now: Duration) -> [Action] {
        let old = state
        state = new
        pageOf[new.userSlide] = new.page
        guard let count = padCount, count > 0 else { return [] }
        var actions: [Action] = []
        // The screen turned black or back in pdfpc (its `b`, or the pad's): the pad follows.
        if let old, old.black != new.black { actions.append(.emit(new.black ? .blankStarted : .blankEnded)) }
        // pdfpc's pen switched on or off (the pad's `i`, or pdfpc's own keys): the show's ink mode.
        if old?.pen != new.pen { actions.append(.emit(.inkMode(new.pen))) }
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
}
