import SlideModel

/// The `state` line of `controlpad watch --json` (schema 2, docs/STREAM-DECK.md):
/// the whole of what a Stream Deck key shows, from the pad's own reducer
/// fed with the source's events (so the talk's timer, the sections and the
/// pace are counted as the pad counts them). Every field is always present
/// (null when not known), in this order:
///
///     event "state", schema, time, link, show, slide, slides, step, steps,
///     blank, section, section_number, sections, section_left_s, talk_left_s,
///     elapsed_s, pace, pace_s, ink (schema 2)
///
/// A later schema adds fields; it never changes or removes one.
package struct WatchState {
    /// 2: the `alert` event (issue 51) and the state line's `ink` (issue 49).
    package static let schema = 2

    /// The fields that say what changed: everything but the clock's.
    package static let clockFields: Set<String> = ["section_left_s", "talk_left_s", "elapsed_s", "pace", "pace_s"]

    package static func fields(_ pad: PadState, now: Duration) -> [(String, JSONLine.Value)] {
        let agenda = pad.agendaReading(at: now)
        let elapsed = pad.elapsed(at: now)
        let step = pad.currentStep
        let offset: Duration? = agenda?.offset ?? pad.paceReading(at: now)?.offset
        let talkLeft: Duration? = agenda?.talkLeft ?? pad.talkDuration.flatMap { total in elapsed.map { total - $0 } }
        func seconds(_ d: Duration?) -> JSONLine.Value {
            guard let d else { return .null }
            return .int(d.wholeMs / 1000)
        }
        /// Time left rounds up, as the pad's does: elapsed_s + talk_left_s is the talk's length.
        func left(_ d: Duration?) -> JSONLine.Value {
            guard let d else { return .null }
            return .int(Int((Double(d.wholeMs) / 1000).rounded(.up)))
        }
        func number(_ n: Int?) -> JSONLine.Value { n.map(JSONLine.Value.int) ?? .null }
        return [
            ("schema", .int(schema)),
            ("link", .string(linkWord(pad.link))),
            ("show", .bool(pad.showRunning)),
            ("slide", number(pad.showRunning && pad.slideCount > 0 ? pad.current + 1 : nil)),
            ("slides", number(pad.showRunning ? pad.slideCount : nil)),
            ("step", number(step.flatMap { $0.isKnown ? $0.shown : nil })),
            ("steps", number(step?.count)),
            ("blank", .bool(pad.blank)),
            ("section", agenda?.currentRow.map { .string($0.name) } ?? .null),
            ("section_number", number(agenda?.current.map { $0 + 1 })),
            ("sections", number(agenda?.rows.count)),
            ("section_left_s", left(agenda?.sectionLeft)),
            ("talk_left_s", left(talkLeft)),
            ("elapsed_s", seconds(elapsed)),
            ("pace", offset.map { .string($0 > .zero ? "behind" : $0 < .zero ? "ahead" : "on_time") } ?? .null),
            ("pace_s", seconds(offset)),
            ("ink", .bool(pad.inkMode)),
        ]
    }

    /// The `alert` line: its kind and numbers, in whole seconds (null where
    /// the kind has none), and the pad's words.
    package static func alertChange(_ alert: TalkAlert) -> WatchReport.Change {
        func seconds(_ d: Duration?) -> JSONLine.Value { d.map { .int($0.wholeMs / 1000) } ?? .null }
        func left(_ d: Duration?) -> JSONLine.Value { d.map { .int(Int((Double($0.wholeMs) / 1000).rounded(.up))) } ?? .null }
        return WatchReport.Change("alert", [
            ("schema", .int(schema)),
            ("kind", .string(alert.kind.rawValue)),
            ("threshold_s", seconds(alert.threshold)),
            ("talk_left_s", left(alert.talkLeft)),
            ("section", alert.section.map { .string($0) } ?? .null),
            ("section_planned_s", seconds(alert.sectionPlanned)),
            ("section_over_s", seconds(alert.sectionOverBy)),
            ("elapsed_s", seconds(alert.elapsed)),
            ("text", .string(alert.words)),
        ], text: "alert: " + alert.words)
    }

    /// One line for people: "slide 4/14 · § How it works 3:30 left · talk 12:00 left · +0:42 behind".
    package static func text(_ pad: PadState, now: Duration) -> String {
        guard pad.showRunning else { return "state: no show (\(linkWord(pad.link)))" }
        var parts = ["slide \(pad.current + 1)/\(pad.slideCount)"]
        if let step = pad.currentStep { parts.append("step \(step.fraction)") }
        if pad.blank { parts.append("blank") }
        if pad.inkMode { parts.append("ink") }
        if let agenda = pad.agendaReading(at: now) {
            if let row = agenda.currentRow {
                parts.append("§ \(row.name)" + (agenda.sectionLeft.map { " " + AgendaReading.leftWords($0) } ?? ""))
            }
            if let left = agenda.talkLeft { parts.append("talk " + AgendaReading.leftWords(left)) }
            if let words = agenda.offsetWords { parts.append(words) }
        } else if let elapsed = pad.elapsed(at: now) {
            parts.append("◷ " + PadState.clockText(elapsed))
        }
        return "state: " + parts.joined(separator: " · ")
    }

    /// The link in one word: local, connecting, pairing, connected, reconnecting, failed.
    package static func linkWord(_ link: LinkState) -> String {
        switch link {
        case .local: return "local"
        case .connecting: return "connecting"
        case .pairing: return "pairing"
        case .connected: return "connected"
        case .reconnecting: return "reconnecting"
        case .failed: return "failed"
        }
    }

    /// Whether two states differ other than by the clock running on.
    package static func changed(_ a: [(String, JSONLine.Value)], _ b: [(String, JSONLine.Value)]) -> Bool {
        let keep = { (f: [(String, JSONLine.Value)]) in f.filter { !clockFields.contains($0.0) } }
        return JSONLine(keep(a)) != JSONLine(keep(b))
    }
}
