import ImpressRemote
import Logging
import SlideModel
import SourceKit

/// Impress's doctor: the name, the TCP port, then one run of the network
/// source as the pad and `send` talk to Impress (is it Impress Remote,
/// pairing, the show, its previews and notes), and UDP discovery beside
/// them (multicast, and asking the host directly).
package struct ImpressDoctor: SourceDoctor {
    package var configuration: ImpressRemoteConfiguration
    package var pin: ImpressDoctorFindings.PinSource
    package var logger: Logger

    /// `configuration`'s timeouts are set from the context's at `run`.
    package init(configuration: ImpressRemoteConfiguration, pin: ImpressDoctorFindings.PinSource, logger: Logger) {
        self.configuration = configuration
        self.pin = pin
        self.logger = logger
    }

    package func run(_ context: DoctorContext) throws -> any DoctorReport {
        let timeout = context.timeout
        let server = configuration.address
        var configuration = configuration
        configuration.connectTimeout = .milliseconds(Int64(timeout * 1000))
        configuration.pairingTimeout = configuration.connectTimeout
        var findings = ImpressDoctorFindings(server: server, clientName: configuration.clientName, pin: pin)
        context.say("Checking Impress Remote at \(server) …")

        // Discovery runs beside the other steps (it only waits).
        let discoverySeconds = min(timeout, 2)
        findings.discoverySeconds = discoverySeconds
        let wait = Duration.milliseconds(Int64(discoverySeconds * 1000))
        let multicast = ImpressDiscovery.search(targets: [], multicast: true, timeout: wait)

        // 1. name, 2. port.
        findings.resolution = DoctorProbes.resolve(server.host, port: server.port)
        let direct: ImpressDoctorFindings.Discovery?
        if case .failed? = findings.resolution {
            direct = nil
            context.progress(findings.checks, 1)
        } else {
            let directSearch = ImpressDiscovery.search(
                targets: [ImpressDiscovery.Target(host: server.host)], multicast: false, timeout: wait)
            context.progress(findings.checks, 0)
            findings.connection = DoctorProbes.connect(server.host, port: server.port, timeout: timeout).connection
            context.progress(findings.checks, 1)
            // 3–6 through the network source, as the pad and `send` talk to Impress.
            if case .open? = findings.connection {
                var timing = ImpressLinkReading.Timing()
                timing.answer = 2 * timeout + 2  // connect, then the pair request: the source gives up first
                timing.showState = timeout
                var reading = ImpressLinkReading(timing: timing, at: 0)
                try context.link.read(ImpressRemoteSource(configuration: configuration, logger: logger), into: &reading)
                findings.link = reading
                if case .lost(let problem)? = reading.end, reading.answer == ImpressLinkReading.Answer.none,
                   ImpressDoctorFindings.problem(forLostLink: problem) == .stuck {
                    // Accepts and never answers: a service that speaks first (SSH, mail) is not Impress.
                    findings.greeting = DoctorProbes.connect(server.host, port: server.port, timeout: timeout, listen: 1).greeting
                }
            }
            context.progress(findings.checks, 2)
            direct = (try? directSearch.wait()).map { ImpressDoctorFindings.Discovery(servers: $0.servers, notes: $0.notes) }
        }
        findings.direct = direct
        findings.multicast = (try? multicast.wait()).map { ImpressDoctorFindings.Discovery(servers: $0.servers, notes: $0.notes) }
        context.progress(findings.checks, 3)
        return findings
    }
}

extension ImpressKind: SourceKindDoctor {
    package var doctorHelp: String {
        """
        For Impress (doctor HOST[:PORT]): the name resolves; the TCP port accepts connections (or: \
        refused, i.e. the remote is off; timed out, i.e. filtered; unreachable); what answers is \
        Impress Remote (not a web server or another service; not a remote that accepts and never \
        answers); pairing (the remembered PIN accepted, or Impress waits for a PIN); whether a show \
        runs; whether its previews and notes arrive; whether UDP discovery finds Impress (multicast, \
        and asking the host directly). It pairs like connect and send (the remembered name and PIN, \
        or --name and --pin) and, when a show runs, stays until Impress has sent it every preview. \
        Check names: name, port, impress, pairing, show, previews, discovery_multicast, \
        discovery_direct. Ready when name, port, impress and pairing are fine (a show need not run \
        yet, discovery is not needed).
        """
    }

    package func doctor(address: String, settings: SourceSettings, logger: Logger) throws -> any SourceDoctor {
        let server = try server(address)
        let configuration = configuration(for: server, settings: settings, logger: logger)
        var pin = ImpressDoctorFindings.PinSource.fresh
        if let given = settings["pin"] {
            pin = .given(given)
        } else if let stored = configuration.pairingStore?.pin(forServer: server.description) {
            pin = .stored(stored)
        }
        return ImpressDoctor(configuration: configuration, pin: pin, logger: logger)
    }
}
