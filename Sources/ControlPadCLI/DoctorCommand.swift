import PadConfig
import ControlPadUI
import ControlPadDoctor
import ArgumentParser
import FoundationEssentials
import Logging
import PdfpcTransport
import ImpressRemoteTransport
import ControlPadScripting
import SlideModel
import ImpressRemote
import Pdfpc
import SourceKit
import NIOCore

/// `controlpad doctor [HOST[:PORT]]`: why the pad cannot reach Impress, and
/// what to do, one check per line.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check the connection to Impress step by step, and say what to do about each problem.",
        discussion: """
            One line per check, saying whether it is fine, not (with what to do) or skipped: the name resolves; \
            the TCP port accepts connections (or: refused, i.e. the remote is off; timed out, i.e. \
            filtered; unreachable); what answers is Impress Remote (not a web server or another \
            service; not a remote that accepts and never answers); pairing (the remembered PIN \
            accepted, or Impress waits for a PIN); whether a show runs; whether its previews and \
            notes arrive; whether UDP discovery finds Impress (multicast, and asking the host \
            directly). It pairs like connect and send (the remembered name and PIN, or --name and \
            --pin) and, when a show runs, stays until Impress has sent it every preview.

            --json prints one JSON document: {"server", "ready", "checks": [{"name", "ok" (true, \
            false, or null when skipped), "needed", "title", "detail", "fix" (null when none)}]}; \
            names: name, port, impress, pairing, show, previews, discovery_multicast, discovery_direct.

            Exits 0 when the pad can pair with Impress and drive it (name, port, impress and pairing \
            fine; a show need not run yet, discovery is not needed), 1 otherwise.

            For pdfpc (doctor pdfpc://HOST[:PORT] --password PASSWORD): the name, the TCP port (nothing \
            listening: start pdfpc with -V), pdfpc's REST API and password (401: wrong password; \
            403: another computer drives it), the show, and whether pictures and notes arrive; \
            check names name, port, rest, show, previews.

            Examples:
              controlpad doctor 127.0.0.1
              controlpad doctor pdfpc://127.0.0.1 --password secret --json
            """
    )

    @Argument(help: ArgumentHelp(
        "The computer running Impress, e.g. 127.0.0.1 or laptop.local:1599 (default: the config's server).",
        valueName: "host[:port]"))
    var address: String?

    @OptionGroup var source: SourceOptions

    @Flag(help: "Print one JSON document instead of lines.")
    var json = false

    @Option(help: ArgumentHelp(
        "How long to wait at each step: the TCP connect, and Impress's answer to the pair request.", valueName: "SECONDS"))
    var timeout: Double = 3

    @Option(help: ArgumentHelp("Read the default server from FILE instead of $XDG_CONFIG_HOME/controlpad/config.toml.",
                               valueName: "FILE"))
    var config: String?

    @Option(help: ArgumentHelp("Write a log to FILE.", valueName: "FILE"))
    var log: String?

    func validate() throws {
        if let address {
            try SourceRegistry.check(address)
        }
        guard timeout > 0, timeout <= 60 else {
            throw ValidationError("--timeout must be between 0 and 60 seconds, e.g. --timeout 3")
        }
    }

    func run() throws {
        try bootstrapLogging(path: log)
        guard let text = address ?? (try? ConfigLoader.load(path: config).get())?.server else {
            throw ValidationError("say which computer runs Impress: controlpad doctor HOST[:PORT] (or set server in the config file)")
        }
        let logger = Logger(label: "controlpad.doctor")
        LineOutput.ignoreBrokenPipes()
        let kind = SourceRegistry.kind(for: text)
        if let pdfpc = kind as? PdfpcKind { return try checkPdfpc(try pdfpc.address(text), logger: logger) }
        let impress = ImpressKind()
        let server = try impress.server(text)
        var configuration = impress.configuration(for: server, settings: source.given, logger: logger)
        configuration.connectTimeout = .milliseconds(Int64(timeout * 1000))
        configuration.pairingTimeout = configuration.connectTimeout
        var findings = DoctorFindings(server: server, clientName: configuration.clientName)
        if let pin = source.pin {
            findings.pin = .given(pin)
        } else if let stored = configuration.pairingStore?.pin(forServer: server.description) {
            findings.pin = .stored(stored)
        }

        var printed = 0
        func show(upTo step: Int) {
            guard !json else { return }
            let checks = findings.checks.filter { $0.name.step <= step }
            for check in checks.dropFirst(printed) {
                DoctorOutput.lines(check).forEach { _ = LineOutput.write($0) }
            }
            printed = max(printed, checks.count)
        }
        if !json { _ = LineOutput.write("Checking Impress Remote at \(server) …") }

        // Discovery runs beside the other steps (it only waits).
        let discoverySeconds = min(timeout, 2)
        findings.discoverySeconds = discoverySeconds
        let wait = Duration.milliseconds(Int64(discoverySeconds * 1000))
        let multicast = ImpressDiscovery.search(targets: [], multicast: true, timeout: wait)

        // 1. name, 2. port.
        findings.resolution = DoctorProbes.resolve(server.host, port: server.port)
        let direct: DoctorFindings.Discovery?
        if case .failed? = findings.resolution {
            direct = nil
            show(upTo: 1)
        } else {
            let directSearch = ImpressDiscovery.search(
                targets: [ImpressDiscovery.Target(host: server.host)], multicast: false, timeout: wait)
            show(upTo: 0)
            findings.connection = DoctorProbes.connect(server.host, port: server.port, timeout: timeout).connection
            show(upTo: 1)
            // 3–6 through the network source, as the pad and `send` talk to Impress.
            if case .open? = findings.connection {
                findings.link = try Self.read(configuration: configuration, logger: logger, timeout: timeout)
                if case .lost(let reason)? = findings.link?.end, findings.link?.answer == DoctorLinkReading.Answer.none,
                   DoctorFindings.problem(forLostLink: reason) == .stuck {
                    // Accepts and never answers: a service that speaks first (SSH, mail) is not Impress.
                    findings.greeting = DoctorProbes.connect(server.host, port: server.port, timeout: timeout, listen: 1).greeting
                }
            }
            show(upTo: 2)
            direct = (try? directSearch.wait()).map { DoctorFindings.Discovery(servers: $0.servers, notes: $0.notes) }
        }
        findings.direct = direct
        findings.multicast = (try? multicast.wait()).map { DoctorFindings.Discovery(servers: $0.servers, notes: $0.notes) }
        show(upTo: 3)

        if json {
            _ = LineOutput.write(DoctorOutput.json(findings))
        } else {
            _ = LineOutput.write(DoctorOutput.summary(findings))
        }
        if !findings.isReady { throw ExitCode(1) }
    }

    /// One run of the network source: pairs, reads until `DoctorLinkReading`
    /// has seen enough (a show's whole stream of previews, when one runs),
    /// then leaves; never in the middle of the stream (docs/IMPRESS-REMOTE.md).
    private static func read(configuration: ImpressRemoteConfiguration, logger: Logger,
                             timeout: Double) throws -> DoctorLinkReading {
        var timing = DoctorLinkReading.Timing()
        timing.answer = 2 * timeout + 2  // connect, then the pair request: the source gives up first
        timing.showState = timeout
        let link = try HeadlessLink(source: ImpressRemoteSource(configuration: configuration, logger: logger))
        let start = link.now
        func now() -> Double { Double(link.now - start) / 1000 }
        var reading = DoctorLinkReading(timing: timing, at: 0)
        link.start()
        while !reading.isDone {
            let wake = reading.wakeUp().map { start + Millis(($0 * 1000).rounded(.up)) }
            switch link.next(before: wake) {
            case .event(let event)?: reading.note(event, at: now())
            case .interrupted?: reading.interrupt()
            case .written?, nil: break
            }
            reading.settle(at: now())
        }
        // Impress's stream, if a big show's is still coming, is waited for in the background.
        link.leave(logger: logger)
        return reading
    }
}

extension DoctorCommand {
    /// pdfpc's steps: name, port, then one run of the pdfpc source until it
    /// has shaken hands, said where the show is and sent the current slide's
    /// picture and notes (or a problem, or `2 × timeout + 2` seconds).
    func checkPdfpc(_ address: PdfpcAddress, logger: Logger) throws {
        var findings = PdfpcDoctorFindings(address: address)
        if !json { _ = LineOutput.write("Checking pdfpc at \(address) …") }
        findings.resolution = DoctorProbes.resolve(address.host, port: address.port)
        if case .failed? = findings.resolution {} else {
            findings.connection = DoctorProbes.connect(address.host, port: address.port, timeout: timeout).connection
        }
        if case .open? = findings.connection {
            let kind = PdfpcKind()
            let settings = self.source.settings(for: kind, config: SourceRegistry.readConfig(path: config).config)
            let source = try kind.makeSource(address: address.description, settings: settings,
                                             use: .watch(timeout: .milliseconds(Int64(timeout * 1000))), logger: logger)
            let link = try HeadlessLink(source: source)
            link.start()
            let deadline = link.now + Millis((2 * timeout + 2) * 1000)
            while !findings.hasSeenEnough, let item = link.next(before: deadline) {
                if case .event(let event) = item {
                    findings.note(event)
                    // pdfpc renders on request: ask for the current slide, as a pane would.
                    if case .showStarted(_, let current) = event {
                        source.want([PictureWant(slide: current, size: PixelSize(width: 320, height: 180))])
                    }
                }
                if item == .interrupted { break }
            }
            link.leave(logger: logger)
        }
        if json {
            _ = LineOutput.write(DoctorOutput.json(findings.checks, server: address.description, ready: findings.isReady))
        } else {
            for check in findings.checks { DoctorOutput.lines(check).forEach { _ = LineOutput.write($0) } }
            _ = LineOutput.write(findings.isReady
                ? "ControlPad can drive pdfpc on \(address): controlpad connect \(address)"
                : "ControlPad cannot drive pdfpc on \(address) yet"
                    + (findings.checks.first { $0.name.isNeeded && $0.ok != true }.map { ": \($0.title) ✘" } ?? ""))
        }
        if !findings.isReady { throw ExitCode(1) }
    }
}
