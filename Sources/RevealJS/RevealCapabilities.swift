import SlideModel

/// What reveal.js can and cannot do from the pad, as data: the help and
/// `send`'s answers take it from here (the seam's `SourceKind` conformance
/// reads it).
public enum RevealCapabilities {
    /// Commands reveal.js carries out.
    public static let supported: [SourceCommand] = [.next, .previous, .goto(index: 0), .blank, .resume,
                                                    .pointerStarted(x: 0, y: 0), .ink(.clear)]

    /// What it cannot do, and why, in the help's words.
    public static let missing: [(command: String, why: String)] = [
        ("start/stop the show", "a reveal.js deck always presents"),
    ]

    /// The pad adds a laser pointer and ink to the audience's page (`RevealMarks`).
    public static let hasPointer = true
    public static let hasInk = true
    public static let hasStartStop = false
    /// Pictures are rendered by the browser at any size the pad asks for.
    public static let picturesAtAnySize = true
    /// Fragments are steps within a slide.
    public static let animationSteps = true
    public static let notesFormat = "html"

    public static func supports(_ command: SourceCommand) -> Bool {
        switch command {
        case .next, .previous, .goto, .blank, .resume, .pointerStarted, .pointerMoved, .pointerDismissed, .ink: true
        case .start, .stop: false
        }
    }
}
