import SlideModel

/// The laser pointer and the ink on the audience's page (`RevealMarks`):
/// one script in flight at a time, the latest pointer position winning,
/// kept alive while anything is shown, put back after a reload, removed
/// when the pad quits.
extension RevealLink {
    /// How often the pad tells the page it is still there while marks are
    /// shown (the page removes them after 4 s without word).
    static let marksAlive: Duration = .seconds(1)

    mutating func mark(_ command: SourceCommand) -> [Action] {
        let made = marks.take(command, at: at.map { RevealMarks.SlideKey(h: $0.h, v: $0.v) })
        guard phase == .open else { return [] }  // kept; the page gets them once it is read again
        for m in made { marks.enqueue(m) }
        return flushMarks()
    }

    /// Sends what waits, if nothing is in flight.
    mutating func flushMarks() -> [Action] {
        guard phase == .open, !marks.inFlight, !marks.queue.isEmpty else { return [] }
        let batch = marks.queue
        marks.queue = []
        marks.inFlight = true
        return [request(.audience, .evaluate(id: 0, RevealScripts.marks(batch)), .marks)] + keepMarksAlive()
    }

    /// The page's answer to the marks in flight: the next batch may go.
    mutating func marksAnswered(_ result: Result<JSONValue, Failure>) -> [Action] {
        marks.inFlight = false
        var actions: [Action] = []
        if case .failure(let f) = result { actions.append(.log(.debug, "marks: \(f)")) }
        if case .success(let raw) = result, case .threw(let text) = CDPEvaluation(result: raw) {
            actions.append(.log(.notice, "marks: the page threw \(Notes.sanitized(text))"))
        }
        return actions + flushMarks()
    }

    /// While marks are on the page, a word every second keeps them there.
    mutating func keepMarksAlive() -> [Action] {
        marks.onPage ? [.arm(.marksAlive, after: Self.marksAlive)] : []
    }

    mutating func marksAliveFired() -> [Action] {
        guard phase == .open, marks.onPage else { return [] }
        if !marks.inFlight && marks.queue.isEmpty {
            marks.inFlight = true
            return [request(.audience, .evaluate(id: 0, RevealScripts.marks([])), .marks), .arm(.marksAlive, after: Self.marksAlive)]
        }
        return [.arm(.marksAlive, after: Self.marksAlive)]
    }

    /// A new page, or the same page read again: the strokes go back on it.
    mutating func restoreMarks() -> [Action] {
        marks.inFlight = false
        marks.queue = marks.restoring
        marks.pointerShown = false
        marks.drawing = nil
        return flushMarks()
    }

    /// The pad quits: what it added to the page goes with it.
    mutating func removeMarks() -> [Action] {
        guard phase == .open, marks.onPage || marks.inFlight else { return [] }
        marks = RevealMarks()
        return [request(.audience, .evaluate(id: 0, RevealScripts.marks([.remove])), .setup)]
    }
}
