import SlideModel

/// The one place a reveal.js note becomes an event. reveal.js gives notes
/// as HTML (`Reveal.getSlideNotes()`); for now the event carries that HTML
/// as is, and the pad's rich notes (a `SlideNotes` value, `.html`) take it
/// at the merge by changing this one line.
public enum RevealNotes {
    /// Notes larger than this are cut (a hostile page cannot fill the pad's memory).
    public static let maxBytes = 1 << 20

    public static func event(index: Int, html: String) -> SourceEvent {
        .notes(index: index, html.utf8.count > maxBytes ? String(decoding: html.utf8.prefix(maxBytes), as: UTF8.self) : html)
    }
}
