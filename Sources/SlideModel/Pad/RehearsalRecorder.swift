/// Turns the show's moves into the rehearsal log's rows: each slide visit
/// (which slide, when it was entered on the talk's time, blank pauses not
/// counted, and how long the presenter stayed on it), with its section,
/// its title and its step; and the show's start (with the plan: each
/// section's planned time, the talk's length) and end, and each blank.
public struct RehearsalRecorder: Sendable {
    /// One row of the log.
    public struct Visit: Sendable, Equatable {
        /// What the row tells.
        public enum Event: String, Sendable, Equatable, CaseIterable {
            /// A slide visit (the rows of logs written before there were kinds of rows).
            case slide
            /// The screen was blank for `spent`, from `enteredAt`, on `slide`.
            case blank
            /// The show (and the talk's timer) began; `title` is the show's.
            case showStart = "show_start"
            /// The show ended, or the pad quit: the run's end.
            case showEnd = "show_end"
            /// A section of the plan: its name, first slide and planned time (`spent`, empty without one).
            case plan
            /// The talk's planned length (`spent`).
            case length
        }

        /// 1-based, as the presenter sees it.
        public var slide: Int
        public var enteredAt: Duration
        public var spent: Duration
        public var section: String?
        /// The slide's title as the pad lists it (its notes' first line).
        public var title: String?
        /// The step the slide was left at, "2/3", where the source has steps.
        public var step: String?
        /// From the show's start, blanks counted: where a recording of the
        /// talk is at that row (the chapters' times).
        public var sinceStart: Duration?
        public var event: Event = .slide
        /// A plan row without a planned time.
        public var unplanned = false

        public init(slide: Int, enteredAt: Duration, spent: Duration, section: String? = nil, title: String? = nil,
                    step: String? = nil, sinceStart: Duration? = nil, event: Event = .slide) {
            self.slide = slide
            self.enteredAt = enteredAt
            self.spent = spent
            self.section = section
            self.title = title
            self.step = step
            self.sinceStart = sinceStart
            self.event = event
        }

        /// `slide,entered_at,seconds,section,title,step,since_start,event`,
        /// seconds to a tenth (the first three as logs always had them).
        public var csvRow: String {
            CSVFields.line(["\(slide)", Self.seconds(enteredAt), unplanned ? "" : Self.seconds(spent), section ?? "", title ?? "",
                            step ?? "", sinceStart.map(Self.seconds) ?? "", event.rawValue])
        }

        static func seconds(_ length: Duration) -> String {
            let tenths = (length.wholeMs + 50) / 100
            return "\(tenths / 10).\(tenths % 10)"
        }
    }

    public static let csvHeader = "slide,entered_at,seconds,section,title,step,since_start,event"
    /// The header of logs written before the log carried the talk (three columns).
    public static let firstHeader = "slide,entered_at,seconds"

    private var open: (slide: Int, enteredAt: Duration, since: Duration, section: String?, title: String?, step: String?)?
    private var blankSince: (at: Duration, elapsed: Duration, slide: Int)?
    /// Blanks that ended during the visit in progress: written after it
    /// (a key that ends a blank gives only its command).
    private var blanksEnded: [Visit] = []
    /// When the show's run began (its timer's start), while it runs.
    private var startedAt: Duration?

    public init() {}

    /// Call after every change of state; returns the rows that ended.
    public mutating func observe(_ state: PadState, now: Duration) -> [Visit] {
        var rows: [Visit] = []
        if startedAt == nil, state.showRunning, let started = state.showStartedAt {
            startedAt = started
            rows += startRows(state, now: now)
        }
        let showing = state.showRunning && startedAt != nil ? state.current + 1 : nil
        if let open, showing == open.slide { self.open = Self.updated(open, state) }
        if showing != open?.slide {
            rows += endVisit(now: now)
            if let slide = showing {
                let section = state.sectionIndex(of: slide - 1).map { state.sections[$0].name }
                open = Self.updated((slide, state.elapsed(at: now) ?? .zero, now, section, nil, nil), state)
            }
        }
        let blank = state.showRunning && state.blank
        if blank, blankSince == nil, startedAt != nil {
            blankSince = (now, state.elapsed(at: now) ?? .zero, state.current + 1)
        } else if !blank {
            blanksEnded += endBlank(now: now)
        }
        if !state.showRunning, startedAt != nil { rows += endRun(state, now: now) }
        return rows
    }

    /// Ends the visit, the blank and the run in progress (the pad quits).
    public mutating func finish(now: Duration, state: PadState? = nil) -> [Visit] {
        endVisit(now: now) + endBlank(now: now) + (startedAt == nil ? [] : endRun(state, now: now))
    }

    private mutating func endVisit(now: Duration) -> [Visit] {
        defer { blanksEnded = [] }
        guard let visit = open else { return blanksEnded }
        open = nil
        return [Visit(slide: visit.slide, enteredAt: visit.enteredAt, spent: now - visit.since, section: visit.section,
                      title: visit.title, step: visit.step, sinceStart: since(visit.since))] + blanksEnded
    }

    private mutating func endBlank(now: Duration) -> [Visit] {
        guard let blank = blankSince else { return [] }
        blankSince = nil
        return [Visit(slide: blank.slide, enteredAt: blank.elapsed, spent: now - blank.at, sinceStart: since(blank.at), event: .blank)]
    }

    private mutating func endRun(_ state: PadState?, now: Duration) -> [Visit] {
        let row = Visit(slide: (state?.current ?? 0) + 1, enteredAt: state?.elapsed(at: now) ?? .zero, spent: .zero,
                        sinceStart: since(now), event: .showEnd)
        startedAt = nil
        return [row]
    }

    private func since(_ moment: Duration) -> Duration? { startedAt.map { max(.zero, moment - $0) } }

    /// The show's start, and the plan it runs to: each section's planned time, the talk's length.
    private func startRows(_ state: PadState, now: Duration) -> [Visit] {
        var rows = [Visit(slide: state.current + 1, enteredAt: state.elapsed(at: now) ?? .zero, spent: .zero,
                          title: state.title.isEmpty ? nil : state.title, sinceStart: since(now), event: .showStart)]
        let sections = state.sections
        let plans = state.plannedTimes(sections)
        for (section, plan) in zip(sections, plans) {
            var row = Visit(slide: section.firstSlide + 1, enteredAt: .zero, spent: plan ?? .zero, section: section.name, event: .plan)
            row.unplanned = plan == nil
            rows.append(row)
        }
        if let length = state.talkLeft(at: now).flatMap({ left in state.elapsed(at: now).map { left + $0 } }) {
            rows.append(Visit(slide: state.current + 1, enteredAt: .zero, spent: length, event: .length))
        }
        return rows
    }

    /// The visit's title (once the notes came) and step, as the slide is now.
    private static func updated(_ open: (slide: Int, enteredAt: Duration, since: Duration, section: String?, title: String?, step: String?),
                                _ state: PadState) -> (slide: Int, enteredAt: Duration, since: Duration, section: String?, title: String?, step: String?) {
        var open = open
        if open.title == nil, let notes = state.buffer.notes(of: open.slide - 1), let first = SlideSearch.lineToShow(notes, query: "") {
            open.title = String(first.prefix(80))
        }
        if let step = state.show.currentStep, step.count > 0 { open.step = step.fraction }
        return open
    }
}
