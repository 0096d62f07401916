import SlideModel

/// Findings of a doctor that probes the name and the port, then reads one
/// run of its source through `PictureAskingWatch` (pdfpc, reveal.js): the
/// probes' results and what the link said (`LinkHeard`) are theirs to word.
package protocol LinkDoctorFindings: DoctorReport, EventFindings {
    var resolution: DoctorProbes.Resolution? { get set }
    var connection: DoctorProbes.Connection? { get set }
    var link: LinkHeard { get set }
}

extension LinkDoctorFindings {
    package mutating func note(_ event: SourceEvent) { link.note(event) }
    package var hasSeenEnough: Bool { link.hasSeenEnough }
}

extension DoctorContext {
    /// Steps 0 and 1: the name resolves, then (unless it did not) the port accepts.
    package func probe<Findings: LinkDoctorFindings>(_ findings: inout Findings, host: String, port: Int) {
        findings.resolution = DoctorProbes.resolve(host, port: port)
        if case .failed? = findings.resolution { return }
        findings.connection = DoctorProbes.connect(host, port: port, timeout: timeout).connection
    }

    /// Step 2, once the port accepted: one run of the source `makeSource`
    /// gives (made only then), the current slide's picture asked for, until
    /// the findings have seen enough or `2 × timeout + 2` seconds passed.
    /// Then the checks as they stand go to `progress`, and the findings back.
    package func readLink<Findings: LinkDoctorFindings>(
        _ findings: Findings, source makeSource: () throws -> any SlideSource
    ) throws -> Findings {
        var findings = findings
        if case .open? = findings.connection {
            var watch = PictureAskingWatch(findings: findings, source: try makeSource(), deadline: 2 * timeout + 2)
            try link.read(watch.source, into: &watch)
            findings = watch.findings
        }
        progress(findings.checks, Int.max)
        return findings
    }
}
