/// Turns the show's moves into slide visits for the rehearsal log: which
/// slide, when it was entered (show time, blank pauses not counted) and how
/// long the presenter stayed on it.
public struct RehearsalRecorder: Sendable {
    public struct Visit: Sendable, Equatable {
        /// 1-based, as the presenter sees it.
        public var slide: Int
        public var enteredAt: Duration
        public var spent: Duration

        /// `slide,entered_at,seconds` with seconds to a tenth.
        public var csvRow: String {
            "\(slide),\(Self.seconds(enteredAt)),\(Self.seconds(spent))"
        }

        static func seconds(_ length: Duration) -> String {
            let tenths = (length.wholeMs + 50) / 100
            return "\(tenths / 10).\(tenths % 10)"
        }
    }

    public static let csvHeader = "slide,entered_at,seconds"

    private var open: (slide: Int, enteredAt: Duration, since: Duration)?

    public init() {}

    /// Call after every change of state; returns the visits that ended.
    public mutating func observe(_ state: PadState, now: Duration) -> [Visit] {
        let showing = state.showRunning ? state.current + 1 : nil
        guard showing != open?.slide else { return [] }
        let ended = finish(now: now)
        if let slide = showing { open = (slide, state.elapsed(at: now) ?? .zero, now) }
        return ended
    }

    /// Ends the visit in progress (the pad quits).
    public mutating func finish(now: Duration) -> [Visit] {
        guard let visit = open else { return [] }
        open = nil
        return [Visit(slide: visit.slide, enteredAt: visit.enteredAt, spent: now - visit.since)]
    }
}
