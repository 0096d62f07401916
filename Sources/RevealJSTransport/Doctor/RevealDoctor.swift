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
        if allowed { context.probe(&findings, host: address.host, port: address.port) }
        context.progress(findings.checks, 1)
        return try context.readLink(findings) { try makeSource(address) }
    }
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
