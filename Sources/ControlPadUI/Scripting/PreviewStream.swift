import SlideModel

/// Whether Impress is still sending this connection a show's previews.
///
/// LibreOffice 7.4 sends every client that pairs during a show, and every
/// client when a show starts or resumes, all previews and notes (one slide
/// per ~55 ms) from a thread that outlives the connection. A client that
/// leaves before the last slide's have been sent left Impress hung: no
/// client was answered again (seen with `controlpad send start`). So the
/// short-lived clients, `send` and `watch`, wait for the stream's end
/// before they close.
struct PreviewStream {
    /// Slides of the show whose stream is still coming; nil when none is.
    private(set) var awaiting: Int?

    mutating func note(_ event: SourceEvent) {
        switch event {
        case .showStarted(let count, _): awaiting = count > 0 ? count : nil
        case .showFinished: awaiting = nil
        case .preview(let index, _) where index + 1 == awaiting: awaiting = nil
        case .notes(let index, _) where index + 1 == awaiting: awaiting = nil
        default: break
        }
    }

    var isComplete: Bool { awaiting == nil }

    /// Whether `event` is part of a show's stream (its start, pictures, notes).
    static func isTraffic(_ event: SourceEvent) -> Bool {
        switch event {
        case .showStarted, .preview, .notes: return true
        default: return false
        }
    }
}
