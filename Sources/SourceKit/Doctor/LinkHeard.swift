import SlideModel

/// What a doctor heard on its source's link, noted the same way for every
/// source that runs through `PictureAskingWatch` (pdfpc, reveal.js): the
/// server once the link was up, why it went down before that, the show, and
/// whether the current slide's picture and notes arrived. A source's
/// findings hold one and turn it into lines in their own words.
package struct LinkHeard: Sendable {
    /// Where the show is, as the link said it.
    package private(set) var said = ShowState()
    /// Why the link went down before it was up, or nil.
    package private(set) var problem: LinkProblem?
    package var picture = false
    package var notes = false
    /// How a lost link's problem is taken before it is kept: pdfpc words
    /// every problem that is not its own as "this port is not pdfpc".
    private let reading: @Sendable (LinkProblem) -> LinkProblem

    /// `reading`: the source's rule for the problem a link was lost with
    /// (kept as it is unless given).
    package init(reading: @escaping @Sendable (LinkProblem) -> LinkProblem = { $0 }) {
        self.reading = reading
    }

    /// The server as the link named it ("pdfpc · 127.0.0.1"), once it was up.
    package var server: String? { said.server }

    /// The running show's slides and current slide.
    package var show: (count: Int, current: Int)? {
        said.isRunning ? (said.slideCount, said.current) : nil
    }

    /// What the link said, as it happened.
    package mutating func note(_ event: SourceEvent) {
        let heard = said.note(event)
        if heard.contains(.link) {
            switch said.link {
            case .connected?: problem = nil
            case .reconnecting(_, let lost)?, .failed(let lost)?:
                if server == nil { problem = reading(lost) }
            default: break
            }
        }
        switch event {
        case .preview: picture = true
        case .notes: notes = true
        default: break
        }
    }

    /// Whether there is nothing more to wait for.
    package var hasSeenEnough: Bool { problem != nil || (server != nil && show != nil && picture && notes) }

    /// The last line: whether the current slide's picture and notes arrived;
    /// `noPicture` is what to do when none did, in the source's words.
    package func previewsCheck(noPicture fix: String) -> DoctorCheck {
        let title = "Pictures and notes"
        func check(_ ok: Bool?, _ detail: String, _ fix: String? = nil) -> DoctorCheck {
            DoctorCheck(name: .previews, title: title, ok: ok, detail: detail, fix: fix)
        }
        guard server != nil, show != nil else { return check(nil, "skipped: no show") }
        switch (picture, notes) {
        case (true, true): return check(true, "the current slide's picture and notes arrived")
        case (true, false): return check(true, "the current slide's picture arrived (it has no notes)")
        default: return check(false, "no picture of the current slide arrived", fix)
        }
    }
}
