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
package struct PdfpcDoctorFindings: LinkDoctorFindings {
    package var address: PdfpcAddress
    package var resolution: DoctorProbes.Resolution?
    package var connection: DoctorProbes.Connection?
    /// What the link said. A problem in other words than pdfpc's own (a
    /// generic HTTP or TLS layer's) means whatever answered is not pdfpc.
    package var link = LinkHeard { $0.source == PdfpcProblem.source ? $0 : PdfpcProblem.notPdfpc.problem }

    package init(address: PdfpcAddress) { self.address = address }

    package var serverName: String { address.description }
    package var appName: String { "pdfpc" }

    package var checks: [DoctorCheck] {
        [nameCheck, portCheck, restCheck, showCheck,
         link.previewsCheck(noPicture: "pdfpc renders pictures on request: check that it shows the deck, then try again.")]
    }

    private func check(_ name: DoctorCheck.Name, _ title: String, _ ok: Bool?, _ detail: String, _ fix: String? = nil) -> DoctorCheck {
        DoctorCheck(name: name, title: title, ok: ok, detail: detail, fix: fix)
    }

    private var nameCheck: DoctorCheck {
        DoctorCheck.nameCheck(host: address.host, resolution) { why in
            ("\(address.host): \(PdfpcProblem.hostNotFound.reason) (\(why))", PdfpcProblem.hostNotFound.fix)
        }
    }

    private var portCheck: DoctorCheck {
        // Nothing listening is pdfpc without -V (or not running), and a reset
        // is pdfpc quitting as we knocked.
        DoctorCheck.portCheck(port: address.port, connection, skipped: "skipped: the name did not resolve") { failure in
            switch failure {
            case .refused: (PdfpcProblem.notListening.reason, PdfpcProblem.notListening.fix)
            case .reset: (PdfpcProblem.quit.reason, PdfpcProblem.quit.fix)
            case .timedOut: ("no answer (timed out)",
                             "A firewall may be dropping the connection: allow TCP \(address.port) on the computer running pdfpc.")
            case .unreachable: (PdfpcProblem.unreachable.reason, PdfpcProblem.unreachable.fix)
            case .hostNotFound: (PdfpcProblem.hostNotFound.reason, PdfpcProblem.hostNotFound.fix)
            }
        }
    }

    private var restCheck: DoctorCheck {
        let title = "pdfpc REST"
        guard case .open? = connection else { return check(.rest, title, nil, "skipped: no connection") }
        if let server = link.server { return check(.rest, title, true, "\(server) answered the handshake and took the password") }
        if let problem = link.problem { return check(.rest, title, false, problem.reason, problem.fix) }
        return check(.rest, title, false, PdfpcProblem.stalled.reason, PdfpcProblem.stalled.fix)
    }

    private var showCheck: DoctorCheck {
        guard link.server != nil else { return check(.show, "Show", nil, "skipped: pdfpc did not answer") }
        guard let show = link.show else { return check(.show, "Show", false, "pdfpc did not say where the show is") }
        return check(.show, "Show", true, "slide \(show.current + 1) of \(show.count)")
    }
}
