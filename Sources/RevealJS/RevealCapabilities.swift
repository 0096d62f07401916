import SlideModel

/// What reveal.js can and cannot do from the pad, as data: the help and
/// `send`'s answers take it from here (the seam's `SourceKind` conformance
/// reads it).
public enum RevealCapabilities {
    /// Commands reveal.js carries out.
    public static let supported: [SourceCommand] = [.next, .previous, .goto(index: 0), .blank, .resume]

    /// What it cannot do, and why, in the help's words.
    public static let missing: [(command: String, why: String)] = [
        ("start/stop the show", "a reveal.js deck always presents"),
        ("pointer", "reveal.js has no pointer of its own"),
    ]

    public static let hasPointer = false
    public static let hasStartStop = false
    /// Pictures are rendered by the browser at any size the pad asks for.
    public static let picturesAtAnySize = true
    /// Fragments are steps within a slide.
    public static let animationSteps = true
    public static let notesFormat = "html"

    public static func supports(_ command: SourceCommand) -> Bool {
        switch command {
        case .next, .previous, .goto, .blank, .resume: true
        case .start, .stop, .pointerStarted, .pointerMoved, .pointerDismissed: false
        }
    }
}
