import FoundationEssentials
import SlideModel
import SourceKit
import ImpressRemote

extension DoctorCheck.Name {
    /// What answers the port is Impress Remote.
    package static let impress = Self("impress", isNeeded: true, step: 2)
    /// Impress knows this remote's name and PIN.
    package static let pairing = Self("pairing", isNeeded: true, step: 2)
    package static let multicast = Self("discovery_multicast", isNeeded: false, step: 3)
    package static let direct = Self("discovery_direct", isNeeded: false, step: 3)
}

/// Everything Impress's doctor saw, step by step (nil: the step has not
/// run, or was skipped because an earlier one failed), turned into the list
/// of checks by `checks`. No sockets, no clocks: `ImpressDoctor` fills it in.
package struct ImpressDoctorFindings: Equatable, DoctorReport {
    package typealias Resolution = DoctorProbes.Resolution
    package typealias Connection = DoctorProbes.Connection

    /// What a discovery search heard: the servers that answered, and why a
    /// search could not be sent (`DiscoveryResult`'s notes).
    package struct Discovery: Equatable {
        package var servers: [DiscoveredServer] = []
        package var notes: [String] = []

        package init(servers: [DiscoveredServer] = [], notes: [String] = []) {
            self.servers = servers
            self.notes = notes
        }
    }

    /// Where the PIN the doctor paired with came from.
    package enum PinSource: Equatable {
        case given(String), stored(String), fresh
    }

    package var server: ImpressServerAddress
    package var clientName: String
    package var pin = PinSource.fresh
    /// Seconds discovery waited for answers.
    package var discoverySeconds: Double = 2
    package var resolution: Resolution?
    package var connection: Connection?
    package var link: ImpressLinkReading?
    /// What a server that never answered the pair request sends on its own
    /// to a fresh connection (an SSH or mail server greets; Impress never does).
    package var greeting: String?
    package var multicast: Discovery?
    package var direct: Discovery?

    package init(server: ImpressServerAddress, clientName: String, pin: PinSource = .fresh) {
        self.server = server
        self.clientName = clientName
        self.pin = pin
    }

    package var serverName: String { server.description }
    package var appName: String { "Impress" }

    package var checks: [DoctorCheck] {
        [nameCheck, portCheck, impressCheck, pairingCheck, showCheck, previewsCheck, multicastCheck, directCheck]
    }

    // MARK: the checks, in order

    private var nameCheck: DoctorCheck {
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .name, title: "Name", ok: ok, detail: detail, fix: fix)
        }
        switch resolution {
        case nil: return check(nil, "not checked", nil)
        case .literal?: return check(true, "\(server.host) is an IP address", nil)
        case .resolved(let addresses)?: return check(true, "\(server.host) is \(addresses.joined(separator: ", "))", nil)
        case .failed(let why)?:
            return check(false, "\(server.host): \(ImpressProblem.hostNotFound.reason) (\(why))", ImpressProblem.hostNotFound.fix)
        }
    }

    private var portCheck: DoctorCheck {
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .port, title: "TCP port \(server.port)", ok: ok, detail: detail, fix: fix)
        }
        switch connection {
        case nil: return check(nil, "skipped: the name did not resolve", nil)
        case .open(let address)?: return check(true, "open: \(address) accepts connections", nil)
        case .failed(let problem, let address, let detail)?:
            let at = address.map { "\($0): " } ?? ""
            let problem = Self.problem(problem)
            var fix = problem.fix
            if problem == .refused && server.port != ImpressServerAddress.defaultPort {
                fix = "Impress Remote listens on port \(ImpressServerAddress.defaultPort), not \(server.port). " + fix
            }
            return check(false, "\(at)\(problem.reason) (\(detail))", fix)
        }
    }

    /// What a failed connect is for Impress.
    package static func problem(_ failure: DoctorProbes.ConnectFailure) -> ImpressProblem {
        switch failure {
        case .hostNotFound: .hostNotFound
        case .refused: .refused
        case .unreachable: .unreachable
        case .timedOut: .timedOut
        case .reset: .reset
        }
    }

    /// Why the link dropped before Impress answered, as one of the catalogue's problems.
    package static func problem(forLostLink lost: LinkProblem) -> ImpressProblem {
        // The source says its catalogue's problems; the others are half an
        // answer, or one too big to be Impress's.
        if let problem = ImpressProblem(lost) { return problem }
        if lost.code == ImpressProblem.midMessageCode || lost.code == ImpressProblem.protocolErrorCode { return .notImpress }
        return .closed
    }

    private var impressCheck: DoctorCheck {
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .impress, title: "Impress Remote", ok: ok, detail: detail, fix: fix)
        }
        guard case .open? = connection, let link else { return check(nil, "skipped: no connection", nil) }
        switch link.answer {
        case .paired:
            return check(true, "\(link.server ?? "Impress") answered the pair request", nil)
        case .waitingForPin:
            return check(true, "Impress answered the pair request", nil)
        case .none:
            break
        }
        switch link.end {
        case .interrupted?, nil:
            return check(nil, "interrupted", nil)
        case .lost(let reason)?:
            var problem = Self.problem(forLostLink: reason)
            if problem == .stuck, let greeting { problem = .notImpress; return greeted(problem, greeting, check) }
            return check(false, problem.reason, problem.fix)
        default:
            if let greeting { return greeted(.notImpress, greeting, check) }
            return check(false, ImpressProblem.stuck.reason, ImpressProblem.stuck.fix)
        }
    }

    private func greeted(_ problem: ImpressProblem, _ greeting: String,
                         _ check: (Bool?, String, String?) -> DoctorCheck) -> DoctorCheck {
        check(false, "\(problem.reason): it greets with \"\(greeting)\"", problem.fix)
    }

    private var pairingCheck: DoctorCheck {
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .pairing, title: "Pairing", ok: ok, detail: detail, fix: fix)
        }
        switch link?.answer {
        case .paired?:
            let how: String
            switch pin {
            case .given: how = " with --pin"
            case .stored: how = " with the remembered PIN"
            case .fresh: how = ""
            }
            return check(true, "paired as \"\(clientName)\"\(how)", nil)
        case .waitingForPin?:
            let known: String
            switch pin {
            case .given(let p): known = "it does not know \"\(clientName)\" with PIN \(p) (--pin)"
            case .stored(let p): known = "it no longer knows \"\(clientName)\" with the remembered PIN \(p)"
            case .fresh: known = "it does not know \"\(clientName)\" yet"
            }
            return check(false, "\(ImpressProblem.waitingForPin.reason): \(known)", ImpressProblem.waitingForPin.fix)
        case .none?, nil:
            return check(nil, "skipped: \(notPaired ?? "")", nil)
        }
    }

    /// Why the steps after pairing were skipped; nil when paired.
    private var notPaired: String? {
        guard case .open? = connection, let link else { return "no connection" }
        switch link.answer {
        case .paired: return nil
        case .waitingForPin: return "not paired"
        case .none: return "Impress did not answer"
        }
    }

    private var showCheck: DoctorCheck {
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .show, title: "Show", ok: ok, detail: detail, fix: fix)
        }
        if let notPaired { return check(nil, "skipped: \(notPaired)", nil) }
        guard let link else { return check(nil, "skipped", nil) }
        switch link.show {
        case .running(let slides, let current):
            let title = link.title.map { ", \"\($0)\"" } ?? ""
            return check(true, "running: slide \(current + 1) of \(slides)\(title)", nil)
        case .none:
            return check(false, "no slide show is running",
                         "Start the slide show: F5 in Impress or in the pad, or `controlpad send \(server) start`.")
        case .unknown:
            switch link.end {
            // Paired, then silence or a closed link: the pad cannot drive
            // this show, whatever the show check's own rule.
            case .lost(let reason)?:
                let problem = Self.problem(forLostLink: reason)
                return check(false, "the link closed before Impress said whether a show runs: \(problem.reason)", problem.fix)
                    .blocking()
            case .interrupted?, nil:
                return check(nil, "interrupted", nil)
            default:
                return check(false, ImpressProblem.silentAfterPairing.reason, ImpressProblem.silentAfterPairing.fix)
                    .blocking()
            }
        }
    }

    private var previewsCheck: DoctorCheck {
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .previews, title: "Previews and notes", ok: ok, detail: detail, fix: fix)
        }
        if let notPaired { return check(nil, "skipped: \(notPaired)", nil) }
        guard let link, case .running(let slides, _) = link.show else {
            return check(nil, link?.show == ImpressLinkReading.Show.none ? "skipped: no show running" : "skipped: no show", nil)
        }
        let got = link.previews.count
        let seconds = link.streamSeconds.map { cFormat("%.1f s", $0) } ?? "0 s"
        let notes = link.notes.isEmpty ? "no notes" : "notes of \(link.notes.count) slide\(link.notes.count == 1 ? "" : "s")"
        let stillComing = "Impress sends every new client all previews and notes, one slide at a time"
        switch link.end {
        case .complete?:
            return check(true, "\(got) of \(slides) previews and \(notes) in \(seconds)", nil)
        case .lost(let reason)?:
            let problem = Self.problem(forLostLink: reason)
            return check(false, "the link closed after \(got) of \(slides) previews: \(problem.reason)", problem.fix)
        case .window?:
            guard got > 0 else { break }
            return check(true, "\(got) of \(slides) previews and \(notes) in \(seconds), still coming (\(stillComing))", nil)
        case .interrupted?:
            return check(nil, "interrupted after \(got) of \(slides) previews", nil)
        default:
            guard got > 0 else { break }
            return check(false, "the previews stopped after \(got) of \(slides) (\(notes))",
                         "The pad shows the slides that came; if the panes stay empty, restart LibreOffice.")
        }
        return check(false, "no preview arrived (\(stillComing))",
                     "The pad can drive the show, without pictures; if it stays so, quit LibreOffice completely and open the presentation again.")
    }

    private static func list(_ servers: [DiscoveredServer]) -> String {
        servers.map { $0.name == $0.address ? $0.name : "\($0.name) (\($0.address))" }.joined(separator: ", ")
    }

    private var waited: String {
        discoverySeconds == discoverySeconds.rounded() ? "\(Int(discoverySeconds)) s" : "\(discoverySeconds) s"
    }

    private var multicastCheck: DoctorCheck {
        let title = "Discovery, multicast"
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .multicast, title: title, ok: ok, detail: detail, fix: fix)
        }
        guard let multicast else { return check(nil, "not checked", nil) }
        if !multicast.servers.isEmpty {
            return check(true, "answered by \(Self.list(multicast.servers))", nil)
        }
        if let note = multicast.notes.first {
            return check(false, "no search sent: \(note)",
                         "Multicast cannot leave this computer; "
                            + (askDirectly.map { "ask the computer running Impress directly: \($0)." } ?? "connect by the address of the computer running Impress."))
        }
        let detail = "no answer from \(ImpressDiscoveryCodec.multicastGroup) UDP \(ImpressDiscoveryCodec.port) in \(waited)"
        // When nothing listens on the TCP port either, the port's fix says why.
        if case .failed(.refused, _, _)? = connection { return check(false, detail, nil) }
        return check(false, detail,
                     "Not needed to connect: routers and Wi-Fi access points often drop multicast, and LibreOffice "
                        + "listens for it on one network only. Connect by address" + (askDirectly.map { ", or \($0)." } ?? "."))
    }

    /// `controlpad discover --host HOST`, when HOST is a name that resolves
    /// (for one that does not, the name's fix comes first).
    private var askDirectly: String? {
        if case .failed? = resolution { return nil }
        return "`controlpad discover --host \(server.host)`"
    }

    private var directCheck: DoctorCheck {
        let check = { (ok: Bool?, detail: String, fix: String?) in
            DoctorCheck(name: .direct, title: "Discovery, direct", ok: ok, detail: detail, fix: fix)
        }
        if case .failed? = resolution { return check(nil, "skipped: the name did not resolve", nil) }
        guard let direct else { return check(nil, "not checked", nil) }
        if !direct.servers.isEmpty {
            // Impress answers discovery for its remote on TCP 1599: a server
            // reached on another port is not the one that answered.
            if server.port != ImpressServerAddress.defaultPort, case .open? = connection {
                return check(nil, "not this server's: \(server.host) answered on UDP \(ImpressDiscoveryCodec.port) for the Impress Remote "
                                + "on TCP \(ImpressServerAddress.defaultPort) (\(Self.list(direct.servers))); discovery finds none on port \(server.port)", nil)
            }
            var detail = "\(server.host) answered on UDP \(ImpressDiscoveryCodec.port): \(Self.list(direct.servers))"
            if case .failed? = connection, server.port != ImpressServerAddress.defaultPort {
                detail += "; Impress runs there, so check the port: Impress Remote listens on TCP \(ImpressServerAddress.defaultPort)"
            }
            return check(true, detail, nil)
        }
        if let note = direct.notes.first { return check(nil, "skipped: \(note)", nil) }
        let detail = "no answer from \(server.host) on UDP \(ImpressDiscoveryCodec.port) in \(waited)"
        if server.port != ImpressServerAddress.defaultPort, case .open? = connection {
            return check(nil, detail + " (discovery finds Impress Remote on TCP \(ImpressServerAddress.defaultPort) only, not on port \(server.port))", nil)
        }
        if case .open? = connection {
            return check(false, detail,
                         "Not needed to connect (by address); `controlpad discover` cannot find this Impress: "
                            + "a firewall may drop UDP \(ImpressDiscoveryCodec.port) on the computer running it.")
        }
        return check(false, detail + " either", nil)
    }
}
