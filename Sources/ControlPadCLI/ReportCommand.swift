import ArgumentParser
import ControlPadScripting
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SlideModel
import Syscalls

/// `controlpad report LOG…`: where the time went, from rehearsal logs.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Show where a talk's time went, from its rehearsal logs: per section and per slide, run against run.",
        discussion: """
            Reads the logs --rehearsal-log wrote (each run in a file is one: rehearsals first, then the talk) and \
            prints per section the plan, each run's time and how far over or under the last run was, as a table and \
            a bar chart; the longest slides and those that moved most from one run to the next; each run's total \
            against the talk's length. Colour on a terminal (not under NO_COLOR), ASCII under a locale that is \
            not UTF-8. It writes nothing but what it is asked to: --svg FILE the chart as a picture, --json the \
            numbers, --chapters the last run's chapter marks for a recording (times from the show's start, blanks \
            counted as the recording saw them).

            Examples:
              controlpad report rehearsal.csv rehearsal-2.csv talk.csv
              controlpad report talk.csv --svg talk-time.svg
              controlpad report talk.csv --json | jq '.sections[] | select(.over_s > 0) | .name'
              controlpad report talk.csv --chapters youtube
              controlpad report talk.csv --chapters ffmetadata > chapters.txt
            """
    )

    @Argument(help: ArgumentHelp("Rehearsal logs of the same talk, oldest first.", valueName: "log"))
    var logs: [String]

    @Flag(help: "The numbers as one JSON object instead of the table.")
    var json = false

    @Option(help: ArgumentHelp("Also write the chart as an SVG picture to FILE.", valueName: "FILE"))
    var svg: String?

    @Option(help: ArgumentHelp("Print chapter marks of the last run instead: youtube (lines for a video's description), webvtt (a chapters track) or ffmetadata (for ffmpeg).",
                               valueName: "youtube|webvtt|ffmetadata"))
    var chapters: String?

    @Flag(help: "With --chapters: one chapter per slide instead of per section.")
    var perSlide = false

    func validate() throws {
        guard !logs.isEmpty else { throw ValidationError("give at least one rehearsal log: controlpad report talk.csv") }
        if let chapters, ChapterFormat(rawValue: chapters.lowercased()) == nil {
            throw ValidationError("--chapters takes youtube, webvtt or ffmetadata, not \(chapters.debugDescription)")
        }
        if perSlide, chapters == nil { throw ValidationError("--per-slide goes with --chapters") }
        if json, chapters != nil { throw ValidationError("--json and --chapters: one or the other") }
    }

    func run() throws {
        var runs: [(name: String, run: RehearsalLog.Run)] = []
        for path in logs {
            let name = TerminalText.escaped(path)
            guard let bytes = Syscalls.readPrefix(of: path, limit: PaceLogLimit.largest + 1) else {
                throw ReportFailure(description: "\(name): cannot be read (\(String(cString: strerror(errno))))")
            }
            guard bytes.count <= PaceLogLimit.largest else { throw ReportFailure(description: "\(name): too large for a rehearsal log") }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw ReportFailure(description: "\(name): not text, so not a rehearsal log") }
            let found: [RehearsalLog.Run]
            do { found = try RehearsalLog.allRuns(text).filter { !$0.visits.isEmpty } } catch {
                throw ReportFailure(description: name + (error.line == nil ? ": " : ", ") + error.description)
            }
            let base = String(path.split(separator: "/").last ?? Substring(path))
            for (i, run) in found.enumerated() { runs.append((found.count > 1 ? "\(base) #\(i + 1)" : base, run)) }
        }
        guard let last = runs.last else { throw ReportFailure(description: "no slide visits in \(logs.map { TerminalText.escaped($0) }.joined(separator: ", "))") }
        if let chapters, let format = ChapterFormat(rawValue: chapters.lowercased()) {
            let marks = Chapter.from(last.run, perSlide: perSlide)
            if last.run.isOld { Syscalls.writeStandardError("controlpad: \(TerminalText.escaped(last.name)) is an old log: its times leave the blanks out, and it names no sections\n") }
            let text = Chapter.text(marks, format: format)
            if format == .youtube, text.split(separator: "\n").count < 3 {
                Syscalls.writeStandardError("controlpad: YouTube shows chapters only with 3 or more, each 10 s at least: this run has \(text.split(separator: "\n").count)\n")
            }
            Syscalls.writeStandardOutput(text)
            return
        }
        let report = TalkReport(runs: runs)
        if let svg {
            do { try Data(ReportSVG.render(report).utf8).write(to: URL(fileURLWithPath: svg)) } catch {
                throw ReportFailure(description: "cannot write \(TerminalText.escaped(svg)): \(error)")
            }
        }
        if json {
            Syscalls.writeStandardOutput(ReportJSON.render(report))
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let color = isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        UTF8Locale.ensure()
        let unicode = UTF8Locale.isUTF8(codeset: UTF8Locale.userCodeset ?? UTF8Locale.currentCodeset)
        let width = environment["COLUMNS"].flatMap(Int.init) ?? Self.terminalWidth() ?? 80
        var text = ReportText(color: color, unicode: unicode, width: width).render(report)
        if !unicode { text = String(text.unicodeScalars.map { $0.isASCII ? Character($0) : Self.ascii($0) }) }
        Syscalls.writeStandardOutput(text)
    }

    /// Names and titles under LANG=C: what is not ASCII becomes "?".
    static func ascii(_ scalar: Unicode.Scalar) -> Character {
        switch scalar {
        case "—", "–": return "-"
        case "→": return ">"
        case "“", "”": return "\""
        default: return "?"
        }
    }

    static func terminalWidth() -> Int? {
        var size = winsize()
        guard isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

/// The largest rehearsal log read (as `--pace-from`).
enum PaceLogLimit {
    static let largest = 4 << 20
}

/// Why `report` could not: one line, exit status 1.
struct ReportFailure: Error, CustomStringConvertible {
    var description: String
}
