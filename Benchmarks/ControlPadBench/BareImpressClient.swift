import Foundation

/// The plainest Impress Remote client there is, for the real-show benchmark:
/// a blocking socket, the pair request in one write, and a thread that reads
/// everything (LibreOffice stalls a client that stops reading) and notes
/// each `slide_updated` with its time on the benchmark's clock. It is both
/// the baseline (a client with no pacing of its own) and the observer that
/// tells where the show stands while the pad drives it.
final class BareImpressClient: @unchecked Sendable {
    private let fd: Int32
    private let lock = NSLock()
    private var updates: [(at: Double, slide: Int)] = []
    private var paired = false
    private var started: Int?
    private var previews = 0
    private var closed = false

    init(port: Int, name: String, pin: String) throws {
        do { fd = try LoopbackImpress.connectedSocket(port: port) } catch {
            throw BenchmarkError("nothing answers on 127.0.0.1:\(port); start LibreOffice first (scripts/real-show-bench.sh does)")
        }
        Thread.detachNewThread { [self] in readLoop() }
        send(["LO_SERVER_CLIENT_PAIR", name, pin])
        guard wait(5, until: { $0.paired }) else {
            throw BenchmarkError("LibreOffice did not pair \"\(name)\" with PIN \(pin) within 5 s (peer.sh pre-authorises controlpad-test / 1234)")
        }
    }

    deinit { shutdown(fd, Int32(SHUT_RDWR)); close(fd) }

    /// One command, in one write.
    func send(_ lines: [String]) { LoopbackImpress.send(fd, lines.joined(separator: "\n") + "\n\n") }

    /// The slide count of the running show, starting one if none runs; once
    /// every preview has come (while LibreOffice renders them, steps are
    /// delayed or dropped: not what is measured).
    func runningShow() throws -> Int {
        if !wait(1, until: { $0.started != nil }) {
            send(["presentation_start"])
            guard wait(10, until: { $0.started != nil }) else { throw BenchmarkError("LibreOffice started no show within 10 s") }
        }
        let slides = lock.withLock { started! }
        _ = wait(30, until: { $0.previews >= slides })
        return slides
    }

    /// Every `slide_updated` since `time` (benchmark clock).
    func moves(since time: Double) -> [(at: Double, slide: Int)] {
        lock.withLock { updates.filter { $0.at >= time } }
    }

    /// The slide the show last reported.
    var slide: Int? { lock.withLock { updates.last?.slide } }

    /// Goes to `slide` and waits until the show stands there and has been
    /// quiet for `settle` seconds (a step sent right after a go-to may be
    /// delayed or dropped by the show: not what is measured).
    func reset(to slide: Int, settle: Double = 0.5) throws {
        if self.slide != slide { send(["goto_slide", "\(slide)"]) }
        guard wait(5, until: { $0.updates.last?.slide == slide }) else {
            throw BenchmarkError("the show did not go to slide \(slide + 1) within 5 s")
        }
        Thread.sleep(forTimeInterval: settle)
    }

    /// Waits until no slide has changed for `quiet` seconds (at most `limit`),
    /// and returns the slide the show stands on.
    func settled(quiet: Double = 1.0, limit: Double = 10) -> Int? {
        let now = monotonicMilliseconds(), end = now + limit * 1000
        while monotonicMilliseconds() < end {
            let last = max(now, lock.withLock { updates.last?.at } ?? 0)
            if monotonicMilliseconds() - last >= quiet * 1000 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return slide
    }

    private func wait(_ seconds: Double, until condition: (BareImpressClient) -> Bool) -> Bool {
        let end = monotonicMilliseconds() + seconds * 1000
        while monotonicMilliseconds() < end {
            if lock.withLock({ condition(self) }) { return true }
            if lock.withLock({ closed }) { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return false
    }

    private func readLoop() {
        var pending: [UInt8] = []
        var lines: [String] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { lock.withLock { closed = true }; return }
            let at = monotonicMilliseconds()
            pending += buffer[0..<n]
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if !line.isEmpty { lines.append(line); continue }
                take(lines, at: at)
                lines = []
            }
        }
    }

    private func take(_ message: [String], at: Double) {
        lock.withLock {
            switch message.first {
            case "LO_SERVER_SERVER_PAIRED": paired = true
            case "slide_preview": previews += 1
            case "slideshow_started":
                previews = 0
                started = message.count > 1 ? Int(message[1]) : nil
                if message.count > 2, let current = Int(message[2]) { updates.append((at, current)) }
            case "slideshow_finished": started = nil
            case "slide_updated":
                if message.count > 1, let slide = Int(message[1]) { updates.append((at, slide)) }
            default: break
            }
        }
    }
}
