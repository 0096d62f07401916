import PadGrid
import SlideModel

/// The help laid out for one screen size, kept between frames. Laying it out
/// tries every way its groups fold into two columns, measuring every line:
/// about half of a whole frame's work. Every frame needs the result (the
/// help's paging goes to the reducer even while the help is closed, so keys
/// typed ahead with `?` page right), yet it changes only with the keys in
/// force or the screen's size.
final class HelpPagesCache {
    private var entries: [HelpView.Entry] = []
    private var size = (width: -1, height: -1)
    private var pages = HelpView.Pages(columns: [], rows: 0)
    /// How many times the help was laid out: tests check it stays put.
    private(set) var layouts = 0

    func pages(_ entries: [HelpView.Entry], screen: Rect) -> HelpView.Pages {
        if screen.width != size.width || screen.height != size.height || entries != self.entries {
            pages = HelpView.pages(entries, screen: screen)
            self.entries = entries
            size = (screen.width, screen.height)
            layouts += 1
        }
        return pages
    }
}
