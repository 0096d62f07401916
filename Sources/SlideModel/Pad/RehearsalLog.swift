/// A rehearsal log read back (`--pace-from`): the rows `--rehearsal-log`
/// wrote (`RehearsalRecorder.Visit.csvRow`), turned into the schedule the
/// pace is measured against (`PadState.rehearsedSchedule`).
///
/// A file holds one run per header line: the writer starts every run with
/// its header, and appends to a file that was empty or is not a regular
/// file, so runs can follow each other in one file. The last run with a
/// slide in it wins.
public struct RehearsalLog: Sendable, Equatable {
    /// The winning run's visits, in the order they happened.
    public var visits: [RehearsalRecorder.Visit]
    /// How many runs the text held (the last one with visits is used).
    public var runs: Int

    /// One run of a log: every row, in order (visits, blanks, the show's
    /// start and end, the plan), as written.
    public struct Run: Sendable, Equatable {
        public var rows: [RehearsalRecorder.Visit]
        /// The slide visits alone.
        public var visits: [RehearsalRecorder.Visit] { rows.filter { $0.event == .slide } }
        /// Written before the log carried the talk (three columns: no sections, blanks or plan).
        public var isOld: Bool
    }

    /// Why a text is not a rehearsal log; `line` is 1-based.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var line: Int?
        public var message: String
        public var description: String { (line.map { "line \($0): " } ?? "") + message }
    }

    /// The longest a rehearsal may take: a day.
    static let longest: Duration = .seconds(24 * 3600)

    public static func parse(_ text: String) throws(Problem) -> RehearsalLog {
        let runs = try allRuns(text)
        guard let last = runs.lastIndex(where: { !$0.visits.isEmpty }) else {
            throw Problem(line: nil, message: "no slide visits in it (the rehearsal never showed a slide)")
        }
        return RehearsalLog(visits: runs[last].visits, runs: runs.count)
    }

    /// Every run the text holds, in order (one per header line; old logs
    /// of three columns and new ones alike).
    public static func allRuns(_ text: String) throws(Problem) -> [Run] {
        var runs: [Run] = []
        // "\r\n" is one Character in Swift: a spreadsheet's CRLF splits as one line end.
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(inSet: " \t")
            if line.isEmpty { continue }
            let lowered = line.lowercased()
            if lowered == RehearsalRecorder.csvHeader || lowered == RehearsalRecorder.firstHeader {
                runs.append(Run(rows: [], isOld: lowered == RehearsalRecorder.firstHeader))
                continue
            }
            guard !runs.isEmpty else {
                throw Problem(line: n + 1, message: "not a rehearsal log: it starts \"\(String(line.prefix(40)))\", "
                              + "a log from --rehearsal-log starts \"\(RehearsalRecorder.firstHeader)\"")
            }
            runs[runs.count - 1].rows.append(try row(line, line: n + 1, old: runs[runs.count - 1].isOld))
        }
        guard !runs.isEmpty else { throw Problem(line: nil, message: "empty: no rehearsal in it") }
        return runs
    }

    private static func row(_ line: String, line n: Int, old: Bool) throws(Problem) -> RehearsalRecorder.Visit {
        let shown = "\"" + String(line.prefix(40)) + "\""
        guard let parsed = CSVFields.fields(Substring(line)) else {
            throw Problem(line: n, message: "\(shown): a quote is left open")
        }
        let fields = parsed.map { $0.trimmingCharacters(inSet: " \t") }
        let wanted = old ? 3 : 8
        let header = old ? RehearsalRecorder.firstHeader : RehearsalRecorder.csvHeader
        guard fields.count == wanted else {
            throw Problem(line: n, message: "\(shown) has \(fields.count) field\(fields.count == 1 ? "" : "s"), not \(wanted) (\(header))")
        }
        guard let slide = Int(fields[0]), (1...PadState.maxSlideCount).contains(slide) else {
            throw Problem(line: n, message: "\(shown): the slide must be a number from 1")
        }
        let event = old ? .slide : RehearsalRecorder.Visit.Event(rawValue: fields[7])
        guard let event else {
            let kinds = RehearsalRecorder.Visit.Event.allCases.map(\.rawValue).joined(separator: ", ")
            throw Problem(line: n, message: "\(shown): the event must be one of \(kinds)")
        }
        let unplanned = event == .plan && fields[2].isEmpty
        guard let entered = milliseconds(fields[1]), let spent = unplanned ? .zero : milliseconds(fields[2]) else {
            throw Problem(line: n, message: "\(shown): times must be seconds, like 12.5, under a day")
        }
        var visit = RehearsalRecorder.Visit(slide: slide, enteredAt: entered, spent: spent, event: event)
        visit.unplanned = unplanned
        guard !old else { return visit }
        func text(_ field: String) -> String? {
            let clean = Notes.sanitized(field).split(whereSeparator: \.isNewline).joined(separator: " ")
            return clean.isEmpty ? nil : String(clean.prefix(TalkSection.maxNameLength))
        }
        visit.section = text(fields[3])
        visit.title = text(fields[4])
        visit.step = text(fields[5])
        if !fields[6].isEmpty {
            guard let since = milliseconds(fields[6]) else { throw Problem(line: n, message: "\(shown): times must be seconds, like 12.5, under a day") }
            visit.sinceStart = since
        }
        return visit
    }

    /// Seconds with an optional fraction ("12", "12.5") in milliseconds.
    static func milliseconds(_ text: String) -> Duration? {
        // The log's on-disk format: seconds to the millisecond.
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.count <= 6, whole.allSatisfy(\.isASCII), let seconds = Int(whole), seconds >= 0 else { return nil }
        var ms = seconds * 1000
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let digits = Array(fraction.prefix(3)) + Array(repeating: "0", count: max(0, 3 - fraction.count))
            ms += Int(String(digits))!
        }
        return .milliseconds(ms) <= longest ? .milliseconds(ms) : nil
    }

    /// When each slide's turn began, from the talk's start, and the end
    /// last: a slide's turn begins the first time the rehearsal got that far
    /// (going back to an earlier slide does not move it; a slide skipped
    /// has a turn of no length).
    public var schedule: [Duration] {
        var starts: [Duration] = []
        var end = Duration.zero
        for visit in visits {
            while starts.count < visit.slide { starts.append(max(visit.enteredAt, starts.last ?? .zero)) }
            end = max(end, visit.enteredAt + visit.spent)
        }
        return starts + [max(end, starts.last ?? .zero)]
    }

    /// How long the rehearsal took.
    public var length: Duration { schedule.last ?? .zero }
}
