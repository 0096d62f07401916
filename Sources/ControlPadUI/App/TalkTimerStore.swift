import FoundationEssentials
import Logging
import SlideModel

/// Each show's talk timer, kept in the state directory
/// (`$XDG_STATE_HOME/controlpad/talk-timers.json`, beside the layouts) so
/// a pad started again mid-talk goes on where the talk is (`KeptTalkTimer`
/// says what the same show is and when a kept timer expires). A missing or
/// unreadable file keeps nothing.
package struct TalkTimerStore {
    package let fileURL: URL
    private let logger = Logger(label: "controlpad.timers")
    /// At most this many shows are kept (the oldest go first).
    static let capacity = 32

    init(fileURL: URL) { self.fileURL = fileURL }

    package static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> TalkTimerStore? {
        StateDirectory.file("talk-timers.json", environment: environment).map {
            TalkTimerStore(fileURL: URL(fileURLWithPath: $0, isDirectory: false))
        }
    }

    private struct File: Codable {
        var version = 1
        var timers: [KeptTalkTimer] = []
    }

    private func load() -> File {
        guard let data = try? Data(contentsOf: fileURL), data.count <= 1 << 20 else { return File() }
        guard let file = try? JSONDecoder().decode(File.self, from: data) else {
            logger.warning("\(fileURL.path) is not a talk timers file: ignored (the next change replaces it)")
            return File()
        }
        return file
    }

    /// The timer kept for this show, if one is and has not expired.
    func timer(server: String, title: String, slideCount: Int, wall: Int) -> KeptTalkTimer? {
        load().timers.first { $0.isFor(server: server, title: title, slideCount: slideCount) && $0.elapsed(atWall: wall) != nil }
    }

    /// The agenda a pad last kept for a show at `server` (whatever its
    /// title: `send` asks before it knows it), while its timer is kept.
    package func keptAgenda(server: String, wall: Int) -> [TalkSection]? {
        load().timers.last { KeptTalkTimer.sameServer($0.server, server) && $0.elapsed(atWall: wall) != nil && $0.agenda != nil }?.plan.agenda
    }

    /// Keeps `timer`, replacing the same show's; expired ones are dropped.
    func remember(_ timer: KeptTalkTimer) {
        var file = load()
        file.timers.removeAll {
            $0.isFor(server: timer.server, title: timer.title, slideCount: timer.slideCount) || $0.elapsed(atWall: timer.writtenAt) == nil
        }
        file.timers.append(timer)
        file.timers = Array(file.timers.suffix(Self.capacity))
        do {
            try StateFile.write(file, to: fileURL)
        } catch {
            logger.warning("cannot keep the talk's timer in \(fileURL.path): \(error)")
        }
    }
}

/// What the loop does with the store: looks a joined show's timer up
/// once per show, and writes the timer whenever it starts, stops or
/// resets, and once a minute besides: a running timer runs on in the file,
/// but a kept timer counts only if the pad was away a short while
/// (`KeptTalkTimer.awayLimit`), measured from its last write.
package struct TalkTimerKeeping {
    let store: TalkTimerStore
    /// The address the pad was given (the layouts' key).
    let server: String
    private var lookedUp: Set<String> = []
    /// What was last written, without its time: written again when it changes.
    private var lastWritten: (title: String, count: Int, offset: Duration, running: Bool, wall: Int, section: Int?, alerts: Int)?
    /// How often an unchanged timer is written again.
    static let heartbeat = 60_000

    package init(store: TalkTimerStore, server: String) {
        self.store = store
        self.server = server
    }

    /// The event that restores this show's timer, once per show.
    package mutating func restore(_ state: PadState, wall: Int) -> PadEvent? {
        guard state.awaitsKeptTimer else { return nil }
        let key = "\(state.title)\u{1F}\(state.slideCount)"
        guard lookedUp.insert(key).inserted,
              let kept = store.timer(server: server, title: state.title, slideCount: state.slideCount, wall: wall),
              let elapsed = kept.elapsed(atWall: wall) else { return nil }
        return .timerRestored(elapsed: elapsed, running: kept.running, sections: kept.sectionClock, plan: kept.plan)
    }

    /// Writes the timer when it changed other than by running on.
    mutating func keep(_ state: PadState, now: Duration, wall: Int) {
        guard let timer = state.keptTimer(server: server, now: now, wall: wall) else { return }
        let offset = timer.running ? now - .milliseconds(timer.elapsed) : .milliseconds(timer.elapsed)
        let signature = (timer.title, timer.slideCount, offset, timer.running)
        if let last = lastWritten, last.title == signature.0, last.count == signature.1,
           last.running == signature.3, last.section == timer.inSection, last.alerts == (timer.alertsFired?.count ?? 0), (last.offset - signature.2 <= .milliseconds(1) && signature.2 - last.offset <= .milliseconds(1)),
           wall - last.wall < Self.heartbeat { return }
        lastWritten = (signature.0, signature.1, signature.2, signature.3, wall, timer.inSection, timer.alertsFired?.count ?? 0)
        store.remember(timer)
    }
}
