import Pdfpc
import Logging
import SlideModel
import SourceKit

/// pdfpc's doctor: the name, the TCP port, then one run of the pdfpc source
/// until it has shaken hands, said where the show is and sent the current
/// slide's picture and notes (or a problem, or `2 × timeout + 2` seconds).
package struct PdfpcDoctor: SourceDoctor {
    package var configuration: PdfpcConfiguration
    package var logger: Logger

    /// `configuration`'s timeouts are set from the context's at `run`.
    package init(configuration: PdfpcConfiguration, logger: Logger) {
        self.configuration = configuration
        self.logger = logger
    }

    package func run(_ context: DoctorContext) throws -> any DoctorReport {
        let address = configuration.address
        var findings = PdfpcDoctorFindings(address: address)
        context.say("Checking pdfpc at \(address) …")
        context.probe(&findings, host: address.host, port: address.port)
        return try context.readLink(findings) {
            // The command's wait for connecting and for each request; no pictures
            // fetched ahead, only the one the doctor asks for.
            var configuration = configuration
            configuration.connectTimeout = .milliseconds(Int64(context.timeout * 1000))
            configuration.requestTimeout = configuration.connectTimeout
            configuration.prefetch = false
            return PdfpcSource(configuration: configuration, logger: logger)
        }
    }
}

extension PdfpcKind: SourceKindDoctor {
    package var doctorHelp: String {
        """
        For pdfpc (doctor pdfpc://HOST[:PORT] --password PASSWORD): the name, the TCP port (nothing \
        listening: start pdfpc with -V), pdfpc's REST API and password (401: wrong password; \
        403: another computer drives it), the show, and whether pictures and notes arrive. \
        Check names: name, port, rest, show, previews.
        """
    }

    package func doctor(address: String, settings: SourceSettings, logger: Logger) throws -> any SourceDoctor {
        var configuration = PdfpcConfiguration(address: try self.address(address), password: settings["password"] ?? "")
        configuration.trustedCertificates = settings["trust"]
        return PdfpcDoctor(configuration: configuration, logger: logger)
    }
}
