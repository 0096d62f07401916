import SlideModel

/// Connecting: the DevTools port, the page, attaching to reveal.js; losing
/// the link and counting down to the next attempt.
extension RevealLink {
    package mutating func connect() -> [Action] {
        life.connecting()
        phase = .readingVersion
        pending = [:]
        sawDetached = false
        return [.emit(.link(.connecting(to: settings.address.description))),
                .log(.info, "connecting to \(settings.address)"), .get(.version)]
    }

    mutating func answered(_ path: HTTPPath, status: Int, body: [UInt8]) -> [Action] {
        let address = settings.address.hostAndPort
        switch path {
        case .version:
            guard phase == .readingVersion else { return [] }
            guard status == 200, let browser = CDPTargets.browser(fromVersion: body) else {
                return lost(.notCDP(address: address, detail: status == 200 ? "not a DevTools answer" : "HTTP \(status)"))
            }
            self.browser = Notes.sanitized(browser)
            phase = .readingList
            return [.get(.list)]
        case .list:
            guard phase == .readingList else { return [] }
            guard status == 200, let targets = CDPTargets.parse(body) else {
                return lost(.notCDP(address: address, detail: "no page list"))
            }
            switch CDPTargets.choose(targets, named: settings.address.page) {
            case .failure(let problem): return lost(problem)
            case .success(let target):
                page = target
                phase = .opening
                return [.log(.info, "page \(target.label) (\(target.id))"), .open(.audience, url: pageSocketURL(target))]
            }
        }
    }

    /// The page's WebSocket on the address the presenter gave: only the
    /// path is taken from the list, so a list that names another host (a
    /// hostile server on the port) cannot send the pad past the loopback rule.
    func pageSocketURL(_ target: CDPTarget) -> String {
        let url = target.webSocketDebuggerURL ?? ""
        let path = url.firstRange(of: "/devtools/").map { String(url[$0.lowerBound...]) } ?? "/devtools/page/\(target.id)"
        return "ws://\(settings.address.hostAndPort)" + path.filter { $0.isASCII && !$0.isWhitespace && $0 != "#" && $0 != "?" }
    }

    mutating func httpFailed(_ path: HTTPPath, _ failure: Failure) -> [Action] {
        guard phase == .readingVersion || phase == .readingList else { return [] }
        let address = settings.address.hostAndPort
        switch failure {
        case .refused: return lost(wasConnected ? .browserGone : .nothingListens(address: address))
        case .unreachable: return lost(wasConnected ? .browserGone : .unreachable(address: address))
        case .timedOut: return lost(.notCDP(address: address, detail: "no answer"))
        case .other(let text) where text == NetworkFailureWords.hostNotFound: return lost(.hostNotFound(host: settings.address.host))
        default: return lost(.notCDP(address: address, detail: failure.description))
        }
    }

    mutating func openFailed(_ failure: Failure) -> [Action] {
        switch failure {
        case .refused: return lost(.browserGone)
        case .upgradeRefused(let status, let body) where status == 500 && body.contains("No such target"):
            return lost(.tabClosed)
        case .upgradeRefused(let status, _) where status == 403:
            return lost(.refused("an origin rule: HTTP 403"))
        default: return lost(.connectionLost(failure.description))
        }
    }

    /// The page's socket is open: enable the runtime, add the binding, ask whether reveal.js is ready.
    mutating func attach(now: Duration) -> [Action] {
        phase = .attaching
        waitingSince = now
        return [
            request(.audience, CDPRequest(id: 0, method: "Runtime.enable"), .setup),
            request(.audience, CDPRequest(id: 0, method: "Runtime.addBinding",
                                          params: ["name": .string(RevealScripts.bindingName)]), .setup),
            request(.audience, .evaluate(id: 0, RevealScripts.probe), .probe),
        ]
    }

    mutating func probed(_ result: Result<JSONValue, Failure>, now: Duration) -> [Action] {
        guard phase == .attaching else { return [] }
        let answer = (try? result.get()).map(CDPEvaluation.init(result:))?.value?.string
        switch answer {
        case "ready":
            phase = .installing
            return [request(.audience, .evaluate(id: 0, RevealScripts.install), .install)]
        case "absent":
            return lost(.noReveal(title: page?.title.isEmpty == false ? page!.title : page?.url ?? ""))
        default:
            if now - waitingSince > settings.readyPatience {
                waitingSince = now
                return [.emit(.link(.reconnecting(inSeconds: 0, problem: RevealProblem.notReady.problem))),
                        .arm(.readyPoll, after: settings.readyPoll)]
            }
            return [.arm(.readyPoll, after: settings.readyPoll)]
        }
    }

    /// The link is down: say why, and count down to a reconnect (or wait for the presenter).
    mutating func lost(_ problem: RevealProblem) -> [Action] {
        var actions: [Action] = [.cancel(.readyPoll), .log(.notice, "\(settings.address): \(problem.reason)")]
        actions += closeRender()
        if phase != .readingVersion && phase != .readingList { actions.append(.close(.audience)) }
        phase = .idle
        pending = [:]
        marks.inFlight = false
        marks.queue = []
        let dropped = afterReload.map { Action.dropped($0) }
        afterReload = []
        actions += dropped
        deck = nil
        at = nil
        notesAsked = []
        return actions + follow(problem.retries ? life.lost(problem.problem) : life.refused(problem.problem))
    }
}
