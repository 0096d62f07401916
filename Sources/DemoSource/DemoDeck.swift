import SlideModel

/// A demo deck: previews and notes markup, as LibreOffice sends them. The
/// built-in one is `DemoDeck.builtIn` (DemoDeckLoading).
public struct DemoDeck: Sendable {
    public struct Slide: Sendable {
        public var preview: Preview
        /// Notes markup as Impress sends it; nil for a slide without notes.
        public var notesMarkup: String?

        public init(preview: Preview, notesMarkup: String?) {
            self.preview = preview
            self.notesMarkup = notesMarkup
        }
    }

    public var title: String
    public var slides: [Slide]
    /// The deck's sections (`sections.txt`: "SLIDE MINUTES NAME" a line), so
    /// the demo shows the agenda; the show sends them as a source does.
    public var sections: [TalkSection]

    public init(title: String, slides: [Slide], sections: [TalkSection] = []) {
        self.title = title
        self.slides = slides
        self.sections = sections
    }
}
