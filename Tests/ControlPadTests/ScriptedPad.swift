import Foundation
import XCTest
@testable import ControlPadCLI
@testable import ControlPadUI
@testable import PadTerminal
@testable import PadConfig
import PadRuntime
@testable import SlideModel
import DemoSource
import SlideImages
import SourceKit

/// The pad in-process, scripted (in the spirit of tig's TIG_SCRIPT): a
/// `PadLoop` on an in-memory `TestTerminal` of a given size, started as
/// `PadRunner` starts it (`PadStart`: the config, the notices, the pace,
/// the layout kept) and run as it runs it (`PadOnEventLoop` on the
/// process's `PadEventLoop`, see `RunningPad`), on a source (the demo deck,
/// a scripted one, or a real transport against a fake server), with a clock
/// the test moves.
///
/// Keys are typed by their tmux names ("Right", "C-c", "q"), so a test
/// reads like the tmux test it replaced; each returns once the pad has
/// drawn the frame after it. Waits end when a condition on the state or the
/// screen holds, looked at again after each frame the pad draws (never a
/// sleep); the pad runs on its loop meanwhile, the test never steps it.
final class ScriptedPad {
    /// The monotonic clock of the pad: the system's, plus whatever a test
    /// moved it on by (a flash still expires as it would in a terminal; a
    /// test that needs two seconds of talk moves the clock, not waits).
    final class ManualClock: @unchecked Sendable {
        private let lock = NSLock()
        private var offset: Duration = .zero
        private var moved: (@Sendable () -> Void)?
        var value: Duration { Clocks.system.monotonic() + lock.withLock { offset } }
        /// Moves the clock on and, as that much time passing would, has the
        /// pad look at what is due (a turn of its loop).
        func advance(_ by: Duration) {
            let moved = lock.withLock {
                offset += by
                return self.moved
            }
            moved?()
        }
        /// What moving the clock wakes: the pad's loop.
        func whenMoved(_ wake: @escaping @Sendable () -> Void) { lock.withLock { moved = wake } }
    }

    let terminal: TestTerminal
    let source: SlideSource
    let clock = ManualClock()
    let start: PadStart
    /// The pad on its loop.
    private(set) var run: RunningPad!
    /// False once the pad has quit (a key, a signal): the loop is finished.
    private(set) var running = true
    private var directory: URL?

    /// The demo's source as `controlpad demo` makes it (`MockSlideSource.demo`),
    /// with a fixed seed, no latency (`latency` in milliseconds) and nothing
    /// dropped or doubled unless asked.
    static func demo(seed: UInt64 = 3, slides: Int? = nil, latency: ClosedRange<Int> = 0...0, drop: Double = 0,
                     duplicate: Double = 0) throws -> MockSlideSource {
        var knobs = MockKnobs()
        knobs.seed = seed
        knobs.latency = .milliseconds(latency.lowerBound) ... .milliseconds(latency.upperBound)
        knobs.dropRate = drop
        knobs.duplicateRate = duplicate
        return try MockSlideSource.demo(slides: slides, knobs: knobs)
    }

    /// - `config`: the config file's text (written to a file of the pad's
    ///   own, as `--config` would name it), unless `settings` names one;
    ///   nil or empty: the defaults.
    /// - `state`: the state directory (layouts.json), a fresh one if nil.
    /// - `depth`: the pictures' colours (nil: no pictures, as `--pictures none`).
    /// - `kind`: the source's kind, whose words and rules the pad takes as
    ///   the commands give them (`SourceRegistry.padSettings`).
    /// - `typedAs`: a terminfo entry: the terminal is typed in raw bytes
    ///   (`typeBytes`), read by the loop and decoded with its spellings,
    ///   held bytes waiting `escapeDelay` for the rest of their sequence.
    init(source: SlideSource? = nil, link: LinkState = .local("demo"), width: Int = 120, height: Int = 40,
         settings: PadSettings = PadSettings(), config: String? = "", state: URL? = nil,
         depth: ColorDepth? = .palette256, sourceNotes: HelpView.SourceNotes? = nil,
         kind: any SourceKind = DemoKind(), typedAs term: String? = nil,
         escapeDelay: Duration = InputDecoder.escapeDelay) throws {
        var settings = SourceRegistry.padSettings(settings, for: kind)
        settings.noAnimation = true
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("cp-scripted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        directory = home
        // No config of the user's: an empty file stands for "none" (the
        // defaults, no notice), as the tmux tests' isolated homes did.
        if settings.config == nil {
            let file = home.appendingPathComponent("config.toml")
            try (config ?? "").write(to: file, atomically: true, encoding: .utf8)
            settings.config = file.path
        }
        let layouts = LayoutStore(fileURL: (state ?? home).appendingPathComponent("controlpad/layouts.json"))
        start = try PadStart(settings: settings, link: link, loaded: nil, layouts: layouts)
        terminal = try TestTerminal(width: width, height: height, decodingAs: term, escapeDelay: escapeDelay)
        self.source = try source ?? Self.demo()
        let clock = clock
        let clocks = Clocks(monotonic: { clock.value }, wallClock: { "14:05" }, untilNextMinute: { .milliseconds(60_000) })
        let cellAspect = settings.cellAspect ?? start.config.cellAspect ?? 2.0
        let pictures = depth.map { PicturePipeline(depth: $0, cellAspect: cellAspect) }
        // A terminal that says nothing of its cells: PadRunner's fallback, the cell aspect.
        let cell = PixelSize(width: 10, height: Int((10 * cellAspect).rounded()))
        let pad = PadLoop(terminal: terminal, source: self.source, state: start.state(), clocks: clocks,
                          pictures: pictures, rehearsal: start.rehearsal, config: start.config, cellPixels: { cell },
                          sourceNotes: sourceNotes)
        run = try RunningPad(pad, terminal: terminal)
        clock.whenMoved { [driver = run.driver] in driver.wake() }
    }

    deinit {
        if running { end() }
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The loop finished as `PadRunner` finishes it: the source stopped, the
    /// layout kept. A pad still running ends as on SIGTERM.
    private func end() {
        running = false
        if let final = run?.finish() { _ = start.remember(final) }
    }

    /// After something the test did: the pad quit meanwhile, it is finished.
    private func noteEnded() {
        if running, run.ended { end() }
    }

    /// The pad's state, read on its loop between two turns.
    var state: PadState { run.state }
    var screen: String { terminal.screen }
    var statusLine: String { Self.statusLine(screen) }

    /// The last non-empty line: the pad's status line.
    static func statusLine(_ screen: String) -> String {
        screen.split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Keys by their tmux names, each handled in its own turn as a person
    /// types them: back once the pad has drawn the frame after the last.
    func send(_ keys: String..., file: StaticString = #filePath, line: UInt = #line) {
        for name in keys {
            guard running else { return }
            switch name {
            case "C-c": post(.interrupted, file: file, line: line)  // SIGINT
            case "C-\\": post(.terminate, file: file, line: line)   // SIGQUIT
            default: type(.key(Self.key(name)), file: file, line: line)
            }
        }
    }

    /// Text pasted (bracketed paste), as the terminal delivers it.
    func paste(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        type(.paste(text), file: file, line: line)
    }

    /// Bytes as the terminal sends them, in one write, read by the pad's
    /// loop (in one read: the next write waits until it is read): back once
    /// the pad has read them and ended the turn they made, whether or not
    /// it drew (garbage makes no turn, the start of a sequence waits).
    func typeBytes(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        guard running else { return }
        terminal.typeBytes(bytes)
        if !terminal.waitUntil(Date().addingTimeInterval(30), { $0.bytesRead >= $0.bytesTyped || $0.ended }) {
            XCTFail("the pad did not read \(bytes.count) bytes; screen:\n\(screen)", file: file, line: line)
        }
        do { try run.settle() } catch { XCTFail("the pad's loop: \(error)", file: file, line: line) }
        noteEnded()
    }

    func typeBytes(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        typeBytes(Array(text.utf8), file: file, line: line)
    }

    /// An input as the terminal delivers it, read by the pad's loop.
    private func type(_ input: TerminalInput, file: StaticString, line: UInt) {
        if !run.type([input]) { XCTFail("the pad did not draw after \(input); screen:\n\(screen)", file: file, line: line) }
        noteEnded()
    }

    /// An event posted from another thread (the signal trap's), its turn ended.
    private func post(_ event: PadEvent, file: StaticString, line: UInt) {
        do { try run.post(event) } catch { XCTFail("the pad's loop: \(error)", file: file, line: line) }
        noteEnded()
    }

    static func key(_ name: String) -> Key {
        switch name {
        case "Right": return .right
        case "Left": return .left
        case "Up": return .up
        case "Down": return .down
        case "Space": return .char(" ")
        case "BSpace": return .backspace
        case "Enter": return .enter
        case "Escape": return .escape
        case "Tab": return .tab
        case "BTab": return .backTab
        case "PageDown", "NPage": return .pageDown
        case "PageUp", "PPage": return .pageUp
        case "Home": return .home
        case "End": return .end
        case "DC": return .delete
        default:
            if name.hasPrefix("F"), let n = Int(name.dropFirst()) { return .function(n) }
            if name.hasPrefix("C-"), name.count == 3 { return .control(name.last!) }
            precondition(name.count == 1, "no key named \(name)")
            return .char(name.first!)
        }
    }

    func resize(width: Int, height: Int, file: StaticString = #filePath, line: UInt = #line) {
        terminal.size = TerminalSize(width: width, height: height)
        type(.resize(terminal.size), file: file, line: line)
    }

    /// Moves the pad's clock on (the show's timer, the pace, a prompt's
    /// expiry): back once the turn that makes it look at what is due has
    /// drawn its frame.
    func advance(seconds: Double, file: StaticString = #filePath, line: UInt = #line) {
        clock.advance(.milliseconds(Int(seconds * 1000)))
        guard running else { return }
        do { try run.settle() } catch { XCTFail("the pad's loop: \(error)", file: file, line: line) }
        noteEnded()
    }

    /// Waits until `condition` holds of the screen; fails after
    /// `timeout` seconds (of a source that never answers) with the screen.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
                 _ condition: (String) -> Bool) throws -> String {
        try until(what, timeout: timeout, file: file, line: line) { condition($0.screen) }
        return screen
    }

    func waitFor(text: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitFor("\"\(text)\"", timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    /// Waits until `condition` holds of the pad (its state, its screen),
    /// looked at again after each frame; fails after `timeout` seconds or
    /// once the pad has quit.
    func until(_ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
               _ condition: (ScriptedPad) -> Bool) throws {
        let held = running && run.waitUntil(Date().addingTimeInterval(timeout)) { condition(self) }
        noteEnded()
        guard held || condition(self) else {
            let message = "waited for \(what)\(running ? "" : " (the pad quit)"); screen:\n\(screen)"
            XCTFail(message, file: file, line: line)
            throw WaitFailed(message: message)
        }
    }

    struct WaitFailed: Error { let message: String }

    /// The show has started (a state, not a screen that happens to be drawn).
    func waitForShow(file: StaticString = #filePath, line: UInt = #line) throws {
        try until("the show to start", file: file, line: line) { $0.state.showRunning }
    }

    /// The show has confirmed slide `number` (1-based): the state the
    /// rehearsal log records, not the position the status line shows ahead.
    func waitForSlide(_ number: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        try until("the show to confirm slide \(number)", file: file, line: line) { $0.state.showRunning && $0.state.current == number - 1 }
    }

    /// Quits with q (and y when a running show makes it ask); true once the loop has ended.
    func quit(file: StaticString = #filePath, line: UInt = #line) {
        send("q")
        if running { send("y") }
        XCTAssertFalse(running, "the pad quit", file: file, line: line)
    }
}
