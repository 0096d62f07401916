import SlideModel

/// A doctor's findings that take a source's events one by one and know when
/// they have seen enough (a problem, or the server, the show, a picture and notes).
package protocol EventFindings {
    mutating func note(_ event: SourceEvent)
    var hasSeenEnough: Bool { get }
}

/// One run of a source that renders on request (pdfpc, reveal.js) for the
/// doctor: its events into the findings, the current slide's picture asked
/// for as a pane would, until the findings have seen enough or the deadline.
package struct PictureAskingWatch<Findings: EventFindings>: DoctorLinkWatcher {
    package var findings: Findings
    package let source: any SlideSource
    /// Seconds from the start.
    package let deadline: Double
    private var over = false

    package init(findings: Findings, source: any SlideSource, deadline: Double) {
        self.findings = findings
        self.source = source
        self.deadline = deadline
    }

    package var isDone: Bool { over || findings.hasSeenEnough }

    package mutating func note(_ event: SourceEvent, at seconds: Double) {
        findings.note(event)
        if case .showStarted(_, let current) = event {
            source.want([PictureWant(slide: current, size: PixelSize(width: 320, height: 180))])
        }
        settle(at: seconds)
    }

    package mutating func interrupt() { over = true }

    package mutating func settle(at seconds: Double) {
        if seconds >= deadline { over = true }
    }

    package func wakeUp() -> Double? { isDone ? nil : deadline }
}
