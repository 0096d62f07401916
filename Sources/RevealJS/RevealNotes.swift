import SlideModel

/// The one place a reveal.js note becomes an event. reveal.js gives notes
/// as HTML (`Reveal.getSlideNotes()`), which the pad reads as rich notes
/// (`SlideNotes.html`: bold, lists, tables; never raw markup on screen).
public enum RevealNotes {
    /// Notes larger than this are cut (a hostile page cannot fill the pad's memory).
    public static let maxBytes = 1 << 20

    public static func event(index: Int, html: String) -> SourceEvent {
        .notes(index: index, .html(html.utf8.count > maxBytes ? String(decoding: html.utf8.prefix(maxBytes), as: UTF8.self) : html))
    }
}
