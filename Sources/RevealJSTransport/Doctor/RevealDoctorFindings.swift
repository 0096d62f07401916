import RevealJS
import SlideModel
import SourceKit

extension DoctorCheck.Name {
    /// The address is this computer, or --allow-remote was given (step 0).
    package static let address = Self("address", isNeeded: true, step: 0)
    /// The port is a browser's DevTools port (step 2).
    package static let cdp = Self("cdp", isNeeded: true, step: 2)
    /// A page runs reveal.js, ready, and the pad knows which one (step 2).
    package static let reveal = Self("reveal", isNeeded: true, step: 2)
}

/// What `controlpad doctor reveal://HOST:PORT` saw, step by step: the
/// address (loopback unless allowed), the name, the TCP port, a DevTools
/// port, a page running reveal.js, the show, and whether pictures and notes
/// arrive. No sockets, no clocks: the doctor fills it in.
package struct RevealDoctorFindings: DoctorReport {
    package var address: RevealAddress
    /// nil: the address is refused (remote without --allow-remote).
    package var allowed = true
    package var resolution: DoctorProbes.Resolution?
    package var connection: DoctorProbes.Connection?
    /// Why the link went down before it was up, or nil.
    package var problem: LinkProblem?
    /// "reveal.js 5.2.1 · Chrome/… · 127.0.0.1:9222", once the show was read.
    package var server: String?
    package var show: (count: Int, current: Int)?
    package var step: SlideStep?
    package var picture = false
    package var notes = false

    package init(address: RevealAddress) { self.address = address }

    package var serverName: String { address.description }
    package var appName: String { "reveal.js" }

    /// What the link said, as it happened.
    package mutating func note(_ event: SourceEvent) {
        switch event {
        case .link(.connected(let server)): self.server = server; problem = nil
        case .link(.reconnecting(_, let lost)), .link(.failed(let lost)):
            if server == nil { problem = lost }
        case .showStarted(let count, let current): show = (count, current)
        case .slideChanged(let index): if let count = show?.count { show = (count, index) }
        case .step(let index, let step) where index == show?.current: self.step = step
        case .preview: picture = true
        case .notes: notes = true
        default: break
        }
    }

    /// Whether there is nothing more to wait for.
    package var hasSeenEnough: Bool { problem != nil || (server != nil && show != nil && picture && notes) }

    package var checks: [DoctorCheck] { [addressCheck, nameCheck, portCheck, cdpCheck, revealCheck, showCheck, contentCheck] }

    private func check(_ name: DoctorCheck.Name, _ title: String, _ ok: Bool?, _ detail: String, _ fix: String? = nil) -> DoctorCheck {
        DoctorCheck(name: name, title: title, ok: ok, detail: detail, fix: fix)
    }

    /// The problems a browser's DevTools port can have once it answered as one.
    private static let pageProblems: Set<String> = ["no-page", "no-such-page", "several-pages", "no-reveal", "not-ready", "tab-closed", "reloaded"]

    private var addressCheck: DoctorCheck {
        guard allowed else {
            let refused = RevealProblem.remoteRefused(host: address.host)
            return check(.address, "Address", false, refused.reason, refused.fix)
        }
        if address.isLoopback { return check(.address, "Address", true, "\(address.host) is this computer") }
        return check(.address, "Address", true, "\(address.host) is another computer (--allow-remote): " + RevealAddress.remoteWarning)
    }

    private var nameCheck: DoctorCheck {
        switch resolution {
        case nil: return check(.name, "Name", nil, "not checked")
        case .literal?: return check(.name, "Name", true, "\(address.host) is an IP address")
        case .resolved(let addresses)?: return check(.name, "Name", true, "\(address.host) is \(addresses.joined(separator: ", "))")
        case .failed(let why)?:
            return check(.name, "Name", false, "\(address.host) has no address (\(why))", "check the host's name, or use 127.0.0.1")
        }
    }

    private var portCheck: DoctorCheck {
        let title = "TCP port \(address.port)"
        switch connection {
        case nil: return check(.port, title, nil, allowed ? "skipped: the name did not resolve" : "skipped: the address is refused")
        case .open(let at)?: return check(.port, title, true, "open: \(at) accepts connections")
        case .failed(let failure, let at, let detail)?:
            // Nothing listening: no browser, or one without the port, or
            // Chrome 136+ on the everyday profile, which ignores the port.
            let nothing = RevealProblem.nothingListens(address: address.hostAndPort)
            let reason = failure == .refused ? nothing.reason : "no connection"
            let fix = failure == .timedOut
                ? "a firewall may be dropping the connection; the DevTools port is best kept to 127.0.0.1"
                : nothing.fix
            return check(.port, title, false, "\(at.map { "\($0): " } ?? "")\(reason) (\(detail))", fix)
        }
    }

    private var cdpCheck: DoctorCheck {
        let title = "DevTools (CDP)"
        guard case .open? = connection else { return check(.cdp, title, nil, "skipped: no connection") }
        if server != nil { return check(.cdp, title, true, "a browser's DevTools port answered") }
        if let problem, Self.pageProblems.contains(problem.code) { return check(.cdp, title, true, "a browser's DevTools port answered") }
        if let problem { return check(.cdp, title, false, problem.reason, problem.fix) }
        return check(.cdp, title, false, "no answer from the DevTools port",
                     "check the port: the browser prints “DevTools listening on ws://127.0.0.1:PORT/…” when it starts")
    }

    private var revealCheck: DoctorCheck {
        let title = "reveal.js"
        guard cdpCheck.ok == true else { return check(.reveal, title, nil, "skipped: no DevTools port") }
        if let server { return check(.reveal, title, true, server) }
        if let problem { return check(.reveal, title, false, problem.reason, problem.fix) }
        let slow = RevealProblem.notReady
        return check(.reveal, title, false, slow.reason, slow.fix)
    }

    private var showCheck: DoctorCheck {
        guard server != nil else { return check(.show, "Show", nil, "skipped: no deck") }
        guard let show else { return check(.show, "Show", false, "reveal.js did not say where the show is") }
        var detail = "slide \(show.current + 1) of \(show.count)"
        if let step, step.count > 0 { detail += ", step \(step.shown) of \(step.count)" }
        if let place = step?.detail { detail += " (\(place))" }
        return check(.show, "Show", true, detail)
    }

    private var contentCheck: DoctorCheck {
        let title = "Pictures and notes"
        guard server != nil, show != nil else { return check(.previews, title, nil, "skipped: no show") }
        switch (picture, notes) {
        case (true, true): return check(.previews, title, true, "the current slide's picture and notes arrived")
        case (true, false): return check(.previews, title, true, "the current slide's picture arrived (it has no notes)")
        default: return check(.previews, title, false, "no picture of the current slide arrived",
                              "the pad renders pictures in a window of its own: check that the browser may open one, then try again")
        }
    }
}
