import Foundation

/// (j) A long deck while Impress still streams it: LibreOffice with the
/// 400-slide deck of text (`scripts/real-show-bench.sh --long` starts it).
/// The pad connects to the running show, and while Impress streams it the
/// 400 previews (about 23 s), keys, the list's search and go-to are timed
/// from the key to the first output that shows their effect; once the
/// stream is in and the overview has been paged through, the pad's
/// resident memory is read.
struct LongShowBenchmarks {
    var port: Int
    var name: String
    var pin: String
    /// Presses of → while the stream runs, this far apart.
    static let presses = 8, pressEvery = 400.0
    static let query = "slide 2"

    func run() throws {
        let observer = try BareImpressClient(port: port, name: name, pin: pin)
        let slides = try observer.runningShow()
        try observer.reset(to: 0)
        print("(j) a long deck on the real show while its previews stream: \(slides) slides, LibreOffice on 127.0.0.1:\(port)")

        let connectAt = monotonicMilliseconds()
        let pad = try PseudoTerminalProcess.pad(connectingTo: port, name: name, pin: pin)
        defer { pad.stop() }
        let screen = PseudoTerminalRecorder(pad)
        guard let shown = screen.firstOutput(containing: "1/\(slides)", after: connectAt, seconds: 10) else {
            throw BenchmarkError("the pad did not show the running show within 10 s")
        }
        let picture = screen.firstOutput(containing: "▀", after: connectAt, seconds: 10)
        print("    connect → the show's position drawn: \(ms(shown - connectAt)); → the current slide's picture: "
              + (picture.map { ms($0 - connectAt) } ?? "none within 10 s"))

        // → while the stream runs: the status line's new position is the feedback.
        var feedback: [Double] = []
        for press in 1...Self.presses {
            sleepUntil(monotonicMilliseconds() + Self.pressEvery)
            let at = monotonicMilliseconds()
            pad.type(RealShowBenchmarks.right)
            if let drawn = screen.firstOutput(containing: "\(press + 1)/\(slides)", after: at) { feedback.append(drawn - at) }
        }
        print("    → during the stream, key → the new position drawn (\(feedback.count) of \(Self.presses)): "
              + summary(feedback) + BudgetBook.current.check("long.key", feedback.count == Self.presses ? feedback.max() ?? 99 : 99))

        // The list's search, a key at a time: the query's new character, drawn before the cursor bar.
        pad.type("\t")
        guard screen.waitFor("Slides", seconds: 5) else { throw BenchmarkError("the slide list did not open") }
        pad.type("/")
        var search: [Double] = []
        for character in Self.query {
            sleepUntil(monotonicMilliseconds() + 150)
            let at = monotonicMilliseconds()
            pad.type(String(character))
            if let drawn = screen.firstOutput(containing: "\(character)▏", after: at) { search.append(drawn - at) }
        }
        print("    search in the list during the stream, key → the query drawn (\(search.count) of \(Self.query.count)): "
              + summary(search) + BudgetBook.current.check("long.search", search.count == Self.query.count ? search.max() ?? 99 : 99))
        pad.type("\u{1B}")
        sleepUntil(monotonicMilliseconds() + 200)
        pad.type("\u{1B}")

        // Go-to: Enter → the show stands on the slide, drawn (Impress's answer included).
        sleepUntil(monotonicMilliseconds() + 300)
        let target = slides * 5 / 8
        pad.type("\(target)")
        sleepUntil(monotonicMilliseconds() + 200)
        let enterAt = monotonicMilliseconds()
        pad.type("\r")
        let landed = screen.firstOutput(containing: "\(target)/\(slides)", after: enterAt, seconds: 5)
        print("    go-to \(target) during the stream, Enter → \(target)/\(slides) drawn: " + (landed.map { ms($0 - enterAt) } ?? "not within 5 s"))

        // Memory, once every preview is in and the overview has been paged through.
        sleepUntil(connectAt + 45_000)
        pad.type("o")
        for _ in 0..<12 {
            sleepUntil(monotonicMilliseconds() + 250)
            pad.type("\u{1B}[6~")  // PgDn
        }
        sleepUntil(monotonicMilliseconds() + 1000)
        let resident = Self.residentKB(of: pad.pid)
        print("    resident memory, \(slides) previews in, the overview paged through: \(megabytes(resident))"
              + BudgetBook.current.check("memory.pad", Double(resident) / 1024))
    }

    private func summary(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "–" }
        let sorted = values.sorted()
        return "median \(ms(percentile(sorted, 0.5))), max \(ms(sorted.last!))"
    }

    /// VmRSS of another process, in kB.
    static func residentKB(of pid: pid_t) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
