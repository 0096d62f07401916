import SlideModel

/// What `controlpad watch` reports, without sockets or clocks: the source's
/// events in, one `Change` per thing a follower cares about out. Repeats
/// are dropped (after a resume LibreOffice sends the show's start twice and
/// every slide change three times; a reconnect re-sends everything), so
/// each change is reported once.
///
/// Impress sends nothing when the screen is blanked or resumed (docs/IMPRESS-REMOTE.md),
/// so no change can say so.
package struct WatchReport {
    /// One line of output: `event` and `fields` for `--json`, `text` for people.
    package struct Change: Equatable {
        package var event: String
        package var fields: [(String, JSONLine.Value)]
        package var text: String

        package init(_ event: String, _ fields: [(String, JSONLine.Value)] = [], text: String) {
            self.event = event
            self.fields = fields
            self.text = text
        }

        package static func == (a: Change, b: Change) -> Bool {
            a.event == b.event && a.text == b.text && JSONLine(a.fields) == JSONLine(b.fields)
        }
    }

    /// Where a PIN is typed, as the source's kind says it (`SourceKind.pinEntry`).
    package let pinEntry: String

    package init(pinEntry: String = "the presenting app") { self.pinEntry = pinEntry }

    /// Where the show is, as the source said it.
    private var show = ShowState()
    /// The title last reported, forgotten when a new show starts (its title is news again).
    private var titleReported: String?
    private var notes: [Int: String] = [:]
    private var notesReported: (index: Int, text: String)?
    private var stepReported: (index: Int, step: SlideStep)?
    /// Per connection: has the server answered, is it paired, under which name.
    private var answered = false
    private var pairedAs: String?
    /// A lost link is reported once, not at every second of its countdown
    /// nor at each attempt to connect again; its reason, again only when it
    /// changes (nil: the link is not down).
    private var lossReported: String?

    package mutating func changes(for event: SourceEvent) -> [Change] {
        let before = show
        let heard = show.note(event)
        var changes: [Change] = []
        if heard.contains(.link), let link = show.link { changes += self.changes(for: link) }
        if heard.contains(.show) { changes += show.isRunning ? started(before: before) : finished(before: before) }
        if heard.contains(.slide) { changes += moved(from: before) }
        // A title taken back (the show ended, or a holder that took the link
        // over says it anew) is no news: show_finished says an end.
        if heard.contains(.title), let text = show.title, !text.isEmpty, text != titleReported {
            titleReported = text
            changes.append(Change("title", [("title", .string(text))], text: "title: \(text)"))
        }
        if heard.contains(.step), let step = show.step { changes += stepped(step.index, step.step) }
        if heard.contains(.unanswered) {
            if let problem = show.unanswered {
                changes.append(Change("unanswered", [("reason", .string(problem.reason)), ("fix", .string(problem.fix ?? ""))],
                                      text: "the show does not answer: \(problem.reason)"))
            } else {
                changes.append(Change("answering", text: "the show answers again"))
            }
        }
        // The current slide's notes are reported; they are not where the show is.
        if case .notes(let index, let text) = event {
            // Plain text as sent (escaped on output); Markdown and HTML as their text: "• a bold point".
            notes[index] = text.rich?.plainText ?? text.source
            changes += notesChange()
        }
        return changes
    }

    /// A show started, or the same show said again (a resume or a reconnect): then only a move is news.
    private mutating func started(before: ShowState) -> [Change] {
        if before.isRunning, before.slideCount == show.slideCount { return moved(from: before) }
        notes = [:]
        notesReported = nil
        titleReported = nil
        let (count, current) = (show.slideCount, show.current)
        return [Change("show_started", Self.position(current, of: count),
                       text: "show started: \(count) slides, on slide \(current + 1)/\(count)")]
            + notesChange()
    }

    private mutating func finished(before: ShowState) -> [Change] {
        guard before.phase != .none else { return [] }
        notes = [:]
        notesReported = nil
        return [Change("show_finished", text: "no show running")]
    }

    /// A step within the current slide (a fragment): "slide 7/23 · step 2/3", once each.
    private mutating func stepped(_ index: Int, _ step: SlideStep) -> [Change] {
        let count = show.slideCount
        guard show.isRunning, index == show.current, step.count > 0 else { return [] }
        guard stepReported?.index != index || stepReported?.step != step else { return [] }
        stepReported = (index, step)
        return [Change("step", Self.position(index, of: count) + [("step", step.isKnown ? .int(step.shown) : .null), ("steps", .int(step.count))],
                       text: "slide \(index + 1)/\(count) · step \(step.fraction)")]
    }

    private mutating func changes(for link: LinkState) -> [Change] {
        switch link {
        case .local:
            return []
        case .connecting(let server):
            answered = false
            pairedAs = nil
            // While the link is down, each attempt is no news: the loss was said.
            guard lossReported == nil else { return [] }
            return [Change("connecting", [("server", .string(server))], text: "connecting to \(server)")]
        case .pairing(let pin, _):
            return answer() + [Change("pairing", [("pin", .string(pin))],
                                      text: "type PIN \(pin) into \(pinEntry) to pair")]
        case .connected(let server):
            lossReported = nil
            let first = answer()
            if pairedAs == nil {
                pairedAs = server
                return first + [Change("paired", [("server", .string(server))], text: "paired with \(server)")]
            }
            guard server != pairedAs else { return first }
            pairedAs = server
            return first + [Change("server", [("server", .string(server))], text: "server: \(server)")]
        case .reconnecting(let seconds, let problem):
            let reason = problem.reason
            answered = false
            pairedAs = nil
            guard lossReported != reason else { return [] }
            let again = lossReported != nil
            lossReported = reason
            return [Change("link_lost", [("reason", .string(reason)), ("retry_in_seconds", .int(seconds))],
                           text: "\(again ? "link still down" : "link lost") (\(reason)); reconnecting in \(seconds) s")]
        case .failed(let problem):
            let message = problem.reason
            return [Change("failed", [("reason", .string(message))], text: "failed: \(message)")]
        }
    }

    /// "connected" once per connection, when the server first answers.
    private mutating func answer() -> [Change] {
        guard !answered else { return [] }
        answered = true
        lossReported = nil
        return [Change("connected", text: "connected")]
    }

    private mutating func moved(from before: ShowState) -> [Change] {
        let (count, index) = (show.slideCount, show.current)
        guard index != before.current else { return [] }
        return [Change("slide", Self.position(index, of: count), text: "slide \(index + 1)/\(count)")] + notesChange()
    }

    /// The current slide's notes, once they are known and not yet reported.
    private mutating func notesChange() -> [Change] {
        let (count, current) = (show.slideCount, show.current)
        guard show.isRunning, let text = notes[current] else { return [] }
        if let done = notesReported, done.index == current, done.text == text { return [] }
        notesReported = (current, text)
        let oneLine = text.split(separator: "\n").joined(separator: " / ")
        return [Change("notes", Self.position(current, of: count) + [("text", .string(text))],
                       text: "notes \(current + 1)/\(count): \(oneLine.isEmpty ? "(none)" : oneLine)")]
    }

    private static func position(_ index: Int, of count: Int) -> [(String, JSONLine.Value)] {
        [("index", .int(index)), ("position", .int(index + 1)), ("slides", .int(count))]
    }
}
