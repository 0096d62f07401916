import SlideModel

/// The current notes laid out for one width, kept between frames. Laying
/// out is the one step of a frame that grows with the notes (1 MB of them
/// took half a core while idle when wrapped every frame); it only has to run
/// again when the notes or the width change. Comparing them is cheap: the
/// same notes are the same string and array storage, which `==` checks first.
final class NotesWrapCache {
    private var text = ""
    private var rich: RichText?
    private var width = -1
    private var lines: [RichLine] = []
    /// How many times the notes were laid out: tests check it stays put.
    private(set) var wraps = 0

    /// `text` wrapped (`TextWrap`), or `rich` laid out (`RichLayout`) when
    /// the notes are Markdown or HTML.
    func lines(_ text: String, rich: RichText? = nil, width: Int) -> [RichLine] {
        if width != self.width || text != self.text || rich != self.rich {
            lines = rich.map { RichLayout.lines($0, width: width) } ?? RichLayout.lines(plain: text, width: width)
            self.text = text
            self.rich = rich
            self.width = width
            wraps += 1
        }
        return lines
    }
}
