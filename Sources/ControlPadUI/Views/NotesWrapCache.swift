import SlideModel

/// The current notes wrapped for one width, kept between frames. Wrapping is
/// the one step of a frame that grows with the notes (1 MB of them took half
/// a core while idle when wrapped every frame); it only has to run again when
/// the text or the width changes. Comparing the text is cheap: the same
/// notes are the same string storage, which `==` checks first.
final class NotesWrapCache {
    private var text = ""
    private var width = -1
    private var lines: [String] = []
    /// How many times the text was wrapped: tests check it stays put.
    private(set) var wraps = 0

    func lines(_ text: String, width: Int) -> [String] {
        if width != self.width || text != self.text {
            lines = TextWrap.lines(text, width: width)
            self.text = text
            self.width = width
            wraps += 1
        }
        return lines
    }
}
