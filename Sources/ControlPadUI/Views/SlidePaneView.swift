import PadConfig
import PadGrid
import SlideModel

/// The current or next slide: a frame titled with its position, the
/// picture inside, or a placeholder saying what is happening.
struct SlidePaneView {
    var label: String
    var tag: ViewTag
    var framed = true
    var box = BoxGlyphs.square

    /// `pictureArea` is where the layout puts this pane's picture (inside
    /// the frame); placeholders go there too.
    func render(_ state: PadState, in rect: Rect, pictureArea: Rect, grid: inout CellGrid, pictures: PicturePipeline?) {
        guard !rect.isEmpty else { return }
        // The next pane of a source that shows any step, on a slide with
        // steps left: this slide after the next →, as the room will see it.
        let nextStep = tag == .next ? state.nextStepWant : nil
        let slide = nextStep?.slide ?? state.buffer.slide(for: tag)
        var position = slide.map { "\($0 + 1)/\(state.slideCount)" }
        if let nextStep, let shown = position, let count = state.currentStep?.count {
            position = "\(shown) · step \(nextStep.step)/\(count)"
        } else if tag == .next, let left = state.stepsLeft, let shown = position {
            // Elsewhere, the next slide, after the steps left.
            position = "\(shown) · after \(left) step\(left == 1 ? "" : "s")"
        }
        let full = position.map { "\(label) · \($0)" } ?? label
        // A narrow pane keeps the position, which says more than the word.
        let title = DisplayWidth.of(full) <= rect.width - 4 ? full : position ?? label
        if framed { grid.frame(rect, title: title, glyphs: box) } else { grid.fill(rect) }
        let inside = pictureArea
        guard !inside.isEmpty else { return }
        guard state.showRunning else {
            placeholder(tag == .current ? Self.noShow(state) : [], in: inside, grid: &grid)
            return
        }
        guard let slide else {
            let empty = state.slideCount == 0
            placeholder(empty ? (tag == .current ? ["The show has no slides"] : []) : ["End of show"], in: inside, grid: &grid)
            return
        }
        guard let preview = nextStep == nil ? state.buffer.content(for: tag)?.preview : state.nextStepPreview else {
            placeholder(["Slide \(slide + 1)", "preview loading…"], in: inside, grid: &grid)
            return
        }
        if let pictures {
            if let problem = pictures.request(preview, slide: slide, in: inside, grid: &grid) {
                placeholder(["Slide \(slide + 1)", problem], in: inside, grid: &grid, style: Style(.warning))
            } else if tag == .current, case let strokes = state.ink.on(slide), !strokes.isEmpty,
                      let picture = pictures.pictureFrame(for: preview, in: inside) {
                InkView.draw(strokes, over: picture, grid: &grid)
            }
        } else {
            placeholder(["Slide \(slide + 1)", "preview ready"], in: inside, grid: &grid)
        }
    }

    /// What the current pane says with no show: F5 only where it can work.
    static func noShow(_ state: PadState) -> [String] {
        if let unanswered = state.unanswered, state.isLinkUp {
            return [unanswered.reason] + (unanswered.fix.map { [$0] } ?? [])
        }
        switch state.link {
        case .connected where !state.showStateKnown:
            return ["Asking about the show…"]
        case .local, .connected:
            let start = state.bindings.keys(for: .startShow).first.map { "Press \($0.name) to start it" }
            return ["No show running"] + (start.map { [$0] } ?? [])
        case .connecting where state.lastLinkProblem != nil: return ["Not connected"]
        case .connecting(let to): return ["Connecting…", to]
        case .pairing: return ["Pairing…"]
        case .reconnecting, .failed: return ["Not connected"]
        }
    }

    private func placeholder(_ lines: [String], in rect: Rect, grid: inout CellGrid, style: Style = Style(.placeholder)) {
        let top = rect.y + max(0, (rect.height - lines.count) / 2)
        for (i, line) in lines.enumerated() where top + i < rect.maxY {
            grid.putCentered(line, in: rect, y: top + i, style: i == 0 ? Style(.title) : style)
        }
    }
}
