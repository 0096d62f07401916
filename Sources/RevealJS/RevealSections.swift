import SlideModel

/// A reveal.js deck's sections and planned times, as the pad's
/// `SourceSections`: each horizontal slide with its vertical stack is a
/// section (pandoc's level-1 headings with `--slide-level=2`), named by its
/// first slide's heading; a deck without vertical stacks has none (every
/// slide would be a section of one). The time per slide follows reveal.js's
/// speaker view: a slide's `data-timing`; the slides without one share what
/// `totalTime` leaves, else take `defaultTiming`. Where reveal.js's speaker
/// view gives up (`data-timing` on some slides, neither in the config), the
/// pad still paces the slides that have one and plans nothing for the others.
/// A deck with no timing at all plans nothing.
extension RevealDeck {
    public func sections(totalTime: Double, defaultTiming: Double?) -> SourceSections {
        var sections: [TalkSection] = []
        if slides.contains(where: { $0.v > 0 }) {
            for (n, slide) in slides.enumerated() where n == 0 || slides[n - 1].h != slide.h {
                let name = slide.title.isEmpty ? "Slide \(n + 1)" : slide.title
                sections.append(TalkSection(name: name, firstSlide: n))
            }
        }
        let total = totalTime > 0 && totalTime <= 86_400 ? totalTime : 0
        let given = slides.map(\.timing)
        guard total > 0 || defaultTiming != nil || given.contains(where: { $0 != nil }) else {
            return SourceSections(sections: sections)
        }
        let unknown = given.filter { $0 == nil }.count
        let share: Double?
        if total > 0 {
            share = unknown == 0 ? 0 : max(0, total - given.compactMap { $0 }.reduce(0, +)) / Double(unknown)
        } else {
            share = defaultTiming.map { min(max(0, $0), 86_400) }
        }
        let timings: [Duration?] = given.map { ($0 ?? share).map { .milliseconds(Int(($0 * 1000).rounded())) } }
        return SourceSections(sections: sections, slideTimings: timings, totalTime: total > 0 ? .milliseconds(Int(total * 1000)) : nil)
    }
}
