import SlideModel
import Pdfpc
import SourceKit

extension DoctorCheck.Name {
    /// pdfpc's REST API answered and took the password.
    package static let rest = Self("rest", isNeeded: true, step: 2)
}

/// What `controlpad doctor pdfpc://HOST[:PORT]` saw, step by step, turned
/// into the same kind of lines as Impress's (`DoctorOutput`): the name, the
/// TCP port, pdfpc's REST API and password, the show, and whether pictures
/// and notes arrive. No sockets, no clocks: the command fills it in.
package struct PdfpcDoctorFindings: Equatable, DoctorReport {
    package var address: PdfpcAddress
    package var resolution: DoctorProbes.Resolution?
    package var connection: DoctorProbes.Connection?
    /// Why the link went down before it was up, or nil.
    package var problem: LinkProblem?
    /// "pdfpc · 127.0.0.1", once the handshake and the password were accepted.
    package var server: String?
    package var show: (count: Int, current: Int)?
    package var picture = false
    package var notes = false
    /// Whether the run waited its whole time (nothing more was coming).
    package var finished = false

    package init(address: PdfpcAddress) { self.address = address }

    package static func == (a: Self, b: Self) -> Bool {
        a.address == b.address && a.resolution == b.resolution && a.connection == b.connection && a.problem == b.problem
            && a.server == b.server && a.show?.count == b.show?.count && a.show?.current == b.show?.current
            && a.picture == b.picture && a.notes == b.notes && a.finished == b.finished
    }

    package var serverName: String { address.description }
    package var appName: String { "pdfpc" }

    /// What the link said, as it happened.
    package mutating func note(_ event: SourceEvent) {
        switch event {
        case .link(.connected(let server)): self.server = server; problem = nil
        case .link(.reconnecting(_, let lost)), .link(.failed(let lost)):
            if server == nil { problem = lost.source == PdfpcProblem.source ? lost : PdfpcProblem.notPdfpc.problem }
        case .showStarted(let count, let current): show = (count, current)
        case .preview: picture = true
        case .notes: notes = true
        default: break
        }
    }

    /// Whether there is nothing more to wait for.
    package var hasSeenEnough: Bool { problem != nil || (server != nil && show != nil && picture && notes) }

    package var checks: [DoctorCheck] { [nameCheck, portCheck, restCheck, showCheck, contentCheck] }

    private func check(_ name: DoctorCheck.Name, _ title: String, _ ok: Bool?, _ detail: String, _ fix: String? = nil) -> DoctorCheck {
        DoctorCheck(name: name, title: title, ok: ok, detail: detail, fix: fix)
    }

    private var nameCheck: DoctorCheck {
        switch resolution {
        case nil: return check(.name, "Name", nil, "not checked")
        case .literal?: return check(.name, "Name", true, "\(address.host) is an IP address")
        case .resolved(let addresses)?: return check(.name, "Name", true, "\(address.host) is \(addresses.joined(separator: ", "))")
        case .failed(let why)?:
            return check(.name, "Name", false, "\(address.host): \(PdfpcProblem.hostNotFound.reason) (\(why))", PdfpcProblem.hostNotFound.fix)
        }
    }

    private var portCheck: DoctorCheck {
        let title = "TCP port \(address.port)"
        switch connection {
        case nil: return check(.port, title, nil, "skipped: the name did not resolve")
        case .open(let at)?: return check(.port, title, true, "open: \(at) accepts connections")
        case .failed(let failure, let at, let detail)?:
            // Nothing listening is pdfpc without -V (or not running), and a reset
            // is pdfpc quitting as we knocked.
            let shown: (reason: String, fix: String) = switch failure {
            case .refused: (PdfpcProblem.notListening.reason, PdfpcProblem.notListening.fix)
            case .reset: (PdfpcProblem.quit.reason, PdfpcProblem.quit.fix)
            case .timedOut: ("no answer (timed out)",
                             "A firewall may be dropping the connection: allow TCP \(address.port) on the computer running pdfpc.")
            case .unreachable: (PdfpcProblem.unreachable.reason, PdfpcProblem.unreachable.fix)
            case .hostNotFound: (PdfpcProblem.hostNotFound.reason, PdfpcProblem.hostNotFound.fix)
            }
            let fix = shown.fix
            return check(.port, title, false, "\(at.map { "\($0): " } ?? "")\(shown.reason) (\(detail))", fix)
        }
    }

    private var restCheck: DoctorCheck {
        let title = "pdfpc REST"
        guard case .open? = connection else { return check(.rest, title, nil, "skipped: no connection") }
        if let server { return check(.rest, title, true, "\(server) answered the handshake and took the password") }
        if let problem { return check(.rest, title, false, problem.reason, problem.fix) }
        return check(.rest, title, false, PdfpcProblem.stalled.reason, PdfpcProblem.stalled.fix)
    }

    private var showCheck: DoctorCheck {
        guard server != nil else { return check(.show, "Show", nil, "skipped: pdfpc did not answer") }
        guard let show else { return check(.show, "Show", false, "pdfpc did not say where the show is") }
        return check(.show, "Show", true, "slide \(show.current + 1) of \(show.count)")
    }

    private var contentCheck: DoctorCheck {
        let title = "Pictures and notes"
        guard server != nil, show != nil else { return check(.previews, title, nil, "skipped: no show") }
        switch (picture, notes) {
        case (true, true): return check(.previews, title, true, "the current slide's picture and notes arrived")
        case (true, false): return check(.previews, title, true, "the current slide's picture arrived (it has no notes)")
        default: return check(.previews, title, false, "no picture of the current slide arrived",
                              "pdfpc renders pictures on request: check that it shows the deck, then try again.")
        }
    }
}
