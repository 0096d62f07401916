/// The talk's timer as the pad keeps it across a restart (a crash, an
/// accidental quit): one per show, in the state directory beside the
/// layouts. Pure: the wall clock is given, in milliseconds since 1970.
///
/// The same show is the same server (the address the pad was given, up to
/// its host and port: `present`'s `reveal://127.0.0.1:9222/PAGE` and
/// `watch reveal://127.0.0.1:9222` are one show), the same title and the
/// same number of slides. A kept timer is restored only
/// when the pad was away less than `awayLimit` (15 minutes) since it last
/// wrote it (the pad writes it at least once a minute while it runs): a
/// restart mid-talk (a crash, a quit by accident) goes on where the talk
/// is; a rehearsal that ended 25 minutes before the talk does not.
public struct KeptTalkTimer: Codable, Sendable, Equatable {
    public var server: String
    public var title: String
    public var slideCount: Int
    /// The talk's time (blank pauses not counted) when it was written.
    /// In milliseconds: the kept file's format.
    public var elapsed: Int
    /// False while the screen was blank (the timer stood still).
    public var running: Bool
    /// The wall clock when it was written.
    public var writtenAt: Int
    /// The talk's time in each section in milliseconds when it was written
    /// (the stay in progress included), and the section it was in; absent
    /// in files written before sections were kept.
    public var sectionSpent: [Int]?
    public var inSection: Int?
    /// Each kept section's key (`TalkSection.key`: its name and first
    /// slide), beside `sectionSpent`: the times go back to the sections of
    /// the same name and first slide, not by position. Absent in older files.
    public var sectionKeys: [String]?
    /// The presenter's agenda and the talk's length the pad ran with, so
    /// that `watch` and `send` on the same show use the same plan (an
    /// agenda beside the deck that only `present` found, a `--duration`).
    public var agenda: [TalkSection]?
    public var talkLength: Int?
    /// The alerts already given for this talk (`TalkAlerts.fired`): a
    /// restart does not give them again.
    public var alertsFired: [String]?

    public static let awayLimit: Int = 15 * 60 * 1000

    public init(server: String, title: String, slideCount: Int, elapsed: Int, running: Bool, writtenAt: Int,
                sectionSpent: [Int]? = nil, inSection: Int? = nil) {
        self.sectionSpent = sectionSpent
        self.inSection = inSection
        self.server = server
        self.title = title
        self.slideCount = slideCount
        self.elapsed = elapsed
        self.running = running
        self.writtenAt = writtenAt
    }

    /// Whether it is the timer of this show.
    public func isFor(server: String, title: String, slideCount: Int) -> Bool {
        Self.sameServer(self.server, server) && self.title == title && self.slideCount == slideCount
    }

    /// Whether two addresses reach the same show: the same up to the host
    /// and port (a page, a path after them, is one tab of the same browser).
    public static func sameServer(_ a: String, _ b: String) -> Bool {
        showAddress(a) == showAddress(b)
    }

    /// `reveal://127.0.0.1:9222/ABC` → `reveal://127.0.0.1:9222`; `192.0.2.7` as it is.
    public static func showAddress(_ address: String) -> Substring {
        let rest = address.firstRange(of: "://").map { address[$0.upperBound...] } ?? address[...]
        guard let slash = rest.firstIndex(of: "/") else { return address[...] }
        return address[..<slash]
    }

    /// The talk's time at `wall`: a running timer ran on while the pad was
    /// away (the talk went on). Nil after `awayLimit` away, or from the future.
    public func elapsed(atWall wall: Int) -> Duration? {
        let away = wall - writtenAt
        guard away >= 0, away < Self.awayLimit else { return nil }
        return .milliseconds(elapsed + (running ? away : 0))
    }
}

extension PadState {
    /// The timer to keep for the show on screen, nil while there is none to
    /// keep (no show, the timer not started, or a local show: made afresh each run).
    public func keptTimer(server: String, now: Duration, wall: Int) -> KeptTalkTimer? {
        guard showRunning, !link.isLocal, let elapsed = elapsed(at: now) else { return nil }
        let inForce = self.sections
        let sections = inForce.indices.map { agenda.clock.actual($0, elapsed: elapsed).wholeMs }
        var kept = KeptTalkTimer(server: server, title: title, slideCount: slideCount, elapsed: elapsed.wholeMs,
                                 running: pausedSince == nil, writtenAt: wall,
                                 sectionSpent: sections.isEmpty ? nil : sections, inSection: agenda.clock.inSection)
        kept.sectionKeys = inForce.isEmpty ? nil : inForce.map(\.key)
        kept.agenda = agenda.written
        kept.talkLength = talkDuration?.wholeMs
        kept.alertsFired = alerts.fired.isEmpty ? nil : alerts.fired.sorted()
        return kept
    }

    /// A show joined while it ran, whose timer the pad may have kept: the
    /// loop looks it up and restores it (`PadEvent.timerRestored`).
    public var awaitsKeptTimer: Bool { showRunning && timerWaitsForFirstMove && !link.isLocal }

    /// The kept timer, for a show joined while it ran.
    mutating func restoreTimer(elapsed: Duration, running: Bool, sections: SectionClock? = nil, plan: KeptTalkTimer.Plan? = nil,
                               now: Duration) {
        guard awaitsKeptTimer else { return }
        // The pad's plan for the same show, where this holder has none of its own (`watch` on `present`'s deck).
        if let plan {
            if agenda.written == nil, let written = plan.agenda, !written.isEmpty { agenda.written = written }
            if talkDuration == nil, let length = plan.talkLength { talkDuration = length }
            alerts.fired.formUnion(plan.alertsFired)
        }
        // Section times go back by name and first slide: a section new since then starts at 0.
        var sections = sections
        if let clock = sections, let keys = plan?.sectionKeys { sections = clock.rekeyed(from: keys, to: self.sections.map(\.key)) }
        timerWaitsForFirstMove = false
        showStartedAt = now - max(.zero, elapsed)
        pausedTotal = .zero
        pausedSince = running && !blank ? nil : now
        // The sections' times as kept; the stay in progress then goes on from
        // when it was written (the time away counts to it, as to the talk).
        if let sections { agenda.clock = sections }
        flash = Flash(text: "timer restored: \(Self.clockText(elapsed)) into the talk", until: now + Self.restoredFlashDuration)
    }

    /// Long enough to be read once the pad is back on screen, and no longer
    /// than any other flash: the flash takes the status line, and a pad that
    /// joins a running show must show where the show is (8 s hid it while a
    /// heavy deck's previews were still coming).
    public static let restoredFlashDuration: Duration = Flash.duration

    /// `mm:ss`, or `h:mm:ss` past an hour.
    public static func clockText(_ length: Duration) -> String {
        let s = max(0, length.wholeMs) / 1000
        let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60)
        let mmss = (m < 10 ? "0" : "") + "\(m):" + (sec < 10 ? "0" : "") + "\(sec)"
        return h > 0 ? "\(h):" + mmss : mmss
    }
}

extension KeptTalkTimer {
    /// What a holder takes of the pad's plan on restoring its timer.
    public struct Plan: Sendable, Equatable {
        public var agenda: [TalkSection]?
        public var talkLength: Duration?
        public var sectionKeys: [String]?
        public var alertsFired: Set<String>

        public init(agenda: [TalkSection]? = nil, talkLength: Duration? = nil, sectionKeys: [String]? = nil, alertsFired: Set<String> = []) {
            self.agenda = agenda
            self.talkLength = talkLength
            self.sectionKeys = sectionKeys
            self.alertsFired = alertsFired
        }
    }

    public var plan: Plan {
        Plan(agenda: agenda.map { Array($0.prefix(PadState.maxSlideCount)) },
             talkLength: talkLength.flatMap { (1...86_400_000).contains($0) ? .milliseconds($0) : nil },
             sectionKeys: sectionKeys, alertsFired: Set((alertsFired ?? []).prefix(1000)))
    }

    /// The sections' clock as kept: the stay in progress counted up to
    /// when it was written, and going on from there.
    public var sectionClock: SectionClock? {
        guard let sectionSpent else { return nil }
        // A day at most per section, as many sections as a show has slides: a damaged file stays harmless.
        let spent = sectionSpent.prefix(PadState.maxSlideCount).map { Duration.milliseconds(min(max(0, $0), 86_400_000)) }
        // `actual` adds the stay from `enteredAt` on: the kept figure already holds it up to `elapsed`.
        let here = inSection.flatMap { spent.indices.contains($0) ? $0 : nil }
        return SectionClock(spent: spent, inSection: here, enteredAt: .milliseconds(elapsed))
    }
}
