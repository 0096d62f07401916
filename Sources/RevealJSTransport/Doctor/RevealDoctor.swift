import Logging
import RevealJS
import SlideModel
import SourceKit

/// reveal.js's doctor: the address (loopback unless --allow-remote), the
/// name, the TCP port, then one run of the reveal.js source until it has
/// read the show and sent the current slide's picture and notes (or a
/// problem, or `2 × timeout + 2` seconds).
package struct RevealDoctor: SourceDoctor {
    package var address: RevealAddress
    package var allowed: Bool
    package var makeSource: (RevealAddress) throws -> RevealJSSource

    package func run(_ context: DoctorContext) throws -> any DoctorReport {
        var findings = RevealDoctorFindings(address: address)
        findings.allowed = allowed
        context.say("Checking reveal.js at \(address) …")
        if allowed {
            findings.resolution = DoctorProbes.resolve(address.host, port: address.port)
            if case .failed? = findings.resolution {} else {
                findings.connection = DoctorProbes.connect(address.host, port: address.port, timeout: context.timeout).connection
            }
        }
        context.progress(findings.checks, 1)
        if case .open? = findings.connection {
            var watch = RevealLinkWatch(findings: findings, source: try makeSource(address), deadline: 2 * context.timeout + 2)
            try context.link.read(watch.source, into: &watch)
            findings = watch.findings
        }
        context.progress(findings.checks, Int.max)
        return findings
    }
}

/// One run of the reveal.js source for the doctor: its events into the
/// findings, the current slide's picture asked for as a pane would.
struct RevealLinkWatch: DoctorLinkWatcher {
    var findings: RevealDoctorFindings
    let source: RevealJSSource
    let deadline: Double
    private var over = false

    init(findings: RevealDoctorFindings, source: RevealJSSource, deadline: Double) {
        self.findings = findings
        self.source = source
        self.deadline = deadline
    }

    var isDone: Bool { over || findings.hasSeenEnough }

    mutating func note(_ event: SourceEvent, at seconds: Double) {
        findings.note(event)
        if case .showStarted(_, let current) = event {
            source.want([PictureWant(slide: current, size: PixelSize(width: 320, height: 180))])
        }
        settle(at: seconds)
    }

    mutating func interrupt() { over = true }

    mutating func settle(at seconds: Double) {
        if seconds >= deadline { over = true }
    }

    func wakeUp() -> Double? { isDone ? nil : deadline }
}

extension RevealKind: SourceKindDoctor {
    package var doctorHelp: String {
        """
        For a reveal.js deck in a browser (doctor reveal://HOST:PORT[/PAGE]): the address (loopback \
        unless --allow-remote), the name, the TCP port (nothing listening: start the browser with a \
        dedicated profile and --remote-debugging-port; Chrome 136+ ignores the port on the default \
        profile), the DevTools protocol, the page running reveal.js, the show, and whether pictures \
        and notes arrive. Check names: address, name, port, cdp, reveal, show, previews.
        """
    }

    package func doctor(address: String, settings: SourceSettings, logger: Logger) throws -> any SourceDoctor {
        let allowed = Self.allowsRemote(settings)
        let parsed = try self.address(address, allowRemote: true)
        return RevealDoctor(address: parsed, allowed: allowed || parsed.isLoopback) { address in
            // Pictures on: the doctor checks that they arrive.
            try self.source(address, settings: settings, use: .pad, logger: logger)
        }
    }
}
