/// A slide's speaker notes as the source has them: plain text (Impress, the
/// demo), Markdown (pdfpc: the presenter typed Markdown), or HTML (reveal.js's
/// `Reveal.getSlideNotes()`). The pad reads them into `RichText` once, when
/// they arrive; none of the markup ever reaches the screen.
public enum SlideNotes: Hashable, Sendable {
    case plain(String)
    case markdown(String)
    case html(String)

    /// The notes as the source sent them.
    public var source: String {
        switch self {
        case .plain(let text), .markdown(let text), .html(let text): text
        }
    }

    /// The notes read: nil for plain text (drawn as it is, `TextWrap`),
    /// blocks of styled runs for Markdown and HTML.
    public var rich: RichText? {
        switch self {
        case .plain: nil
        case .markdown(let text): MarkdownNotes.read(text)
        case .html(let text): HTMLNotes.read(text)
        }
    }

    /// The notes as plain text without control characters (`Notes.sanitized`):
    /// for the search, `watch` and the doctor.
    public var plainText: String {
        switch self {
        case .plain(let text): Notes.sanitized(text)
        default: rich?.plainText ?? ""
        }
    }
}

/// A string literal is plain text: `.notes(index: 0, "Say hello")`.
extension SlideNotes: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self = .plain(value) }
}
