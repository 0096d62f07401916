import FoundationEssentials
import ImpressRemoteTransport
import ControlPadScripting
import SlideModel

/// One line of `controlpad doctor`: what was checked, how it went (✔ true,
/// ✘ false, · nil: skipped), what was seen, and what to do about it.
package struct DoctorCheck: Equatable {
    package enum Name: String, CaseIterable {
        case name, port, impress, pairing, show, previews
        case multicast = "discovery_multicast"
        case direct = "discovery_direct"
        /// pdfpc's REST API answered and took the password.
        case rest

        /// The pad cannot drive a show without these; the others explain.
        package var isNeeded: Bool { [.name, .port, .impress, .pairing, .rest].contains(self) }

        /// Which step of the run decides it: the lines are printed as their step ends.
        package var step: Int {
            switch self {
            case .name: 0
            case .port: 1
            case .impress, .pairing, .show, .previews, .rest: 2
            case .multicast, .direct: 3
            }
        }
    }

    package var name: Name
    package var title: String
    package var ok: Bool?
    package var detail: String
    /// What to do, in a command line's words: the pad's "press r" is
    /// "run it again" here (`LinkProblem.outsideThePad`).
    package var fix: String? {
        get { padFix.map(LinkProblem.outsideThePad) }
        set { padFix = newValue }
    }
    private var padFix: String?

    package init(name: Name, title: String, ok: Bool?, detail: String, fix: String?) {
        self.name = name
        self.title = title
        self.ok = ok
        self.detail = detail
        self.padFix = fix
    }

    package var mark: String { ok == true ? "✔" : ok == false ? "✘" : "·" }
}
