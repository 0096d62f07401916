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
package struct RevealDoctorFindings: LinkDoctorFindings {
    package var address: RevealAddress
    /// nil: the address is refused (remote without --allow-remote).
    package var allowed = true
    package var resolution: DoctorProbes.Resolution?
    package var connection: DoctorProbes.Connection?
    /// What the link said; its server is "reveal.js 5.2.1 · Chrome/… ·
    /// 127.0.0.1:9222", once the show was read.
    package var link = LinkHeard()

    package init(address: RevealAddress) { self.address = address }

    package var serverName: String { address.description }
    package var appName: String { "reveal.js" }

    /// What the link said, as it happened.
    package mutating func note(_ event: SourceEvent) { link.note(event) }

    /// The current slide's step, which only reveal.js tells.
    package var step: SlideStep? { link.said.currentStep }

    package var checks: [DoctorCheck] {
        [addressCheck, nameCheck, portCheck, cdpCheck, revealCheck, showCheck,
         link.previewsCheck(noPicture: "the pad renders pictures in a window of its own: check that the browser may open one, then try again")]
    }

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
        DoctorCheck.nameCheck(host: address.host, resolution) { why in
            ("\(address.host) has no address (\(why))", "check the host's name, or use 127.0.0.1")
        }
    }

    private var portCheck: DoctorCheck {
        // Nothing listening: no browser, or one without the port, or
        // Chrome 136+ on the everyday profile, which ignores the port.
        let nothing = RevealProblem.nothingListens(address: address.hostAndPort)
        let skipped = allowed ? "skipped: the name did not resolve" : "skipped: the address is refused"
        return DoctorCheck.portCheck(port: address.port, connection, skipped: skipped) { failure in
            (failure == .refused ? nothing.reason : "no connection",
             failure == .timedOut
                ? "a firewall may be dropping the connection; the DevTools port is best kept to 127.0.0.1"
                : nothing.fix)
        }
    }

    private var cdpCheck: DoctorCheck {
        let title = "DevTools (CDP)"
        guard case .open? = connection else { return check(.cdp, title, nil, "skipped: no connection") }
        if link.server != nil { return check(.cdp, title, true, "a browser's DevTools port answered") }
        if let problem = link.problem, Self.pageProblems.contains(problem.code) { return check(.cdp, title, true, "a browser's DevTools port answered") }
        if let problem = link.problem { return check(.cdp, title, false, problem.reason, problem.fix) }
        return check(.cdp, title, false, "no answer from the DevTools port",
                     "check the port: the browser prints “DevTools listening on ws://127.0.0.1:PORT/…” when it starts")
    }

    private var revealCheck: DoctorCheck {
        let title = "reveal.js"
        guard cdpCheck.ok == true else { return check(.reveal, title, nil, "skipped: no DevTools port") }
        if let server = link.server { return check(.reveal, title, true, server) }
        if let problem = link.problem { return check(.reveal, title, false, problem.reason, problem.fix) }
        let slow = RevealProblem.notReady
        return check(.reveal, title, false, slow.reason, slow.fix)
    }

    private var showCheck: DoctorCheck {
        guard link.server != nil else { return check(.show, "Show", nil, "skipped: no deck") }
        guard let show = link.show else { return check(.show, "Show", false, "reveal.js did not say where the show is") }
        var detail = "slide \(show.current + 1) of \(show.count)"
        if let step, step.count > 0 { detail += ", step \(step.shown) of \(step.count)" }
        if let place = step?.detail { detail += " (\(place))" }
        return check(.show, "Show", true, detail)
    }
}
