/// The thresholds the presenter asked to be told of (`--alert`, the
/// config's `alert`): time left in the talk (5 minutes, 1 minute), a
/// section over its plan, the talk over its length; and whether the
/// terminal's bell rings with them.
public struct AlertRules: Sendable, Equatable {
    /// Talk time left at which to tell, largest first.
    public var talkLeft: [Duration]
    public var sectionOver: Bool
    public var talkOver: Bool
    public var bell: Bool

    public init(talkLeft: [Duration] = [], sectionOver: Bool = false, talkOver: Bool = false, bell: Bool = false) {
        self.talkLeft = Array(Set(talkLeft.filter { $0 > .zero })).sorted(by: >)
        self.sectionOver = sectionOver
        self.talkOver = talkOver
        self.bell = bell
    }

    public var isEmpty: Bool { talkLeft.isEmpty && !sectionOver && !talkOver }
}

/// One alert: what crossed which threshold, with its numbers.
public struct TalkAlert: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable {
        /// The talk's time left came down to a threshold.
        case talkLeft = "talk_left"
        /// The current section ran past its plan.
        case sectionOver = "section_over"
        /// The talk ran past its length.
        case talkOver = "talk_over"
    }

    public var kind: Kind
    /// The threshold that was crossed (`talkLeft` only).
    public var threshold: Duration?
    /// The talk's time left at that moment (negative: over).
    public var talkLeft: Duration?
    /// The section (`sectionOver` only), its plan and how far over it is.
    public var section: String?
    public var sectionPlanned: Duration?
    public var sectionOverBy: Duration?
    /// The talk's time when it fired.
    public var elapsed: Duration

    /// What the pad's status line says, a mark and words (no colour needed):
    /// "⚑ 5:00 left in the talk", "⚑ section “Demo” over its 2:00",
    /// "⚑ the talk is over its 20:00".
    public var words: String {
        switch kind {
        case .talkLeft:
            // The mark crossed ("5:00"), unless the talk is well past it (a pad started late): then what is left.
            let left = talkLeft ?? .zero
            let shown = threshold.map { $0 - left < .milliseconds(1500) ? $0 : left + .milliseconds(999) } ?? left + .milliseconds(999)
            return AgendaReading.overMark + PaceReading.minutes(shown) + " left in the talk"
        case .sectionOver:
            return AgendaReading.overMark + "section \u{201C}\(section ?? "")\u{201D} over its " + PaceReading.minutes(sectionPlanned ?? .zero)
        case .talkOver:
            return AgendaReading.overMark + "the talk is over its length"
        }
    }
}

/// Which alerts have been given, so that each threshold is told once: a
/// threshold's key (`talk_left:300000`, `section_over:NAME␟SLIDE`,
/// `talk_over`) goes into `fired` when it is told, and is kept with the
/// talk's timer across a restart (`KeptTalkTimer.alertsFired`).
public struct TalkAlerts: Sendable, Equatable {
    public var rules = AlertRules()
    public var fired: Set<String> = []
    /// The last alert given, whose words stay in the status line.
    public var shown: TalkAlert?
    /// Until when the timer's area is drawn flashed (once, at an alert).
    public var flashUntil: Duration?

    /// How long the timer's area flashes.
    public static let flashLength: Duration = .milliseconds(1200)

    public init(rules: AlertRules = AlertRules()) { self.rules = rules }

    /// The alerts due at the talk's time `elapsed`, given what is left of
    /// the talk (`talkLeft`) and of the current section. Each is marked
    /// fired as it is returned. Thresholds crossed together (a pad started
    /// late) are all marked, the most urgent told.
    public mutating func due(elapsed: Duration, talkLeft: Duration?, section: TalkSection?, sectionPlanned: Duration?,
                             sectionLeft: Duration?) -> [TalkAlert] {
        var told: [TalkAlert] = []
        if let left = talkLeft {
            let crossed = rules.talkLeft.filter { left <= $0 && !fired.contains(Self.key(talkLeft: $0)) }
            for threshold in crossed { fired.insert(Self.key(talkLeft: threshold)) }
            // Past the end, "1:00 left" is no news: the talk-over alert says it.
            if let threshold = crossed.last, left > .zero {
                told.append(TalkAlert(kind: .talkLeft, threshold: threshold, talkLeft: left, elapsed: elapsed))
            }
            if rules.talkOver, left <= .seconds(-1), fired.insert("talk_over").inserted {
                told.append(TalkAlert(kind: .talkOver, talkLeft: left, elapsed: elapsed))
            }
        }
        if rules.sectionOver, let section, let left = sectionLeft, left <= .seconds(-1),
           fired.insert("section_over:" + section.key).inserted {
            told.append(TalkAlert(kind: .sectionOver, talkLeft: talkLeft, section: section.name, sectionPlanned: sectionPlanned,
                                  sectionOverBy: .zero - left, elapsed: elapsed))
        }
        return told
    }

    static func key(talkLeft threshold: Duration) -> String { "talk_left:\(threshold.wholeMs)" }
}

extension PadState {
    /// The talk's time left: the agenda's, else the given length's.
    public func talkLeft(at now: Duration) -> Duration? {
        if let left = agendaReading(at: now)?.talkLeft { return left }
        guard let total = talkDuration, let elapsed = elapsed(at: now) else { return nil }
        return total - elapsed
    }

    /// Checks the thresholds after a change: the alerts due now (the loop
    /// rings the bell for them when asked; `watch` prints them). The timer
    /// flashes once and the words stay in the status line.
    mutating func checkAlerts(now: Duration) -> [TalkAlert] {
        guard !alerts.rules.isEmpty, showRunning, let elapsed = elapsed(at: now) else { return [] }
        let reading = agendaReading(at: now)
        let here = reading?.current.map { sections[$0] }
        let told = alerts.due(elapsed: elapsed, talkLeft: talkLeft(at: now), section: here,
                              sectionPlanned: reading?.currentRow?.planned, sectionLeft: reading?.sectionLeft)
        if let last = told.last {
            alerts.shown = last
            alerts.flashUntil = now + TalkAlerts.flashLength
        }
        return told
    }

    /// Whether the timer's area is drawn flashed at `now`.
    public func alertFlashes(at now: Duration) -> Bool { alerts.flashUntil.map { now < $0 } ?? false }
}
