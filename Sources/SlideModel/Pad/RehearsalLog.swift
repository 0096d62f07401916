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

    /// Why a text is not a rehearsal log; `line` is 1-based.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var line: Int?
        public var message: String
        public var description: String { (line.map { "line \($0): " } ?? "") + message }
    }

    /// The longest a rehearsal may take: a day.
    static let longest: Duration = .seconds(24 * 3600)

    public static func parse(_ text: String) throws(Problem) -> RehearsalLog {
        var runs: [[RehearsalRecorder.Visit]] = []
        // "\r\n" is one Character in Swift: a spreadsheet's CRLF splits as one line end.
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(inSet: " \t")
            if line.isEmpty { continue }
            if line.lowercased() == RehearsalRecorder.csvHeader {
                runs.append([])
                continue
            }
            guard !runs.isEmpty else {
                throw Problem(line: n + 1, message: "not a rehearsal log: it starts \"\(String(line.prefix(40)))\", "
                              + "a log from --rehearsal-log starts \"\(RehearsalRecorder.csvHeader)\"")
            }
            runs[runs.count - 1].append(try visit(line, line: n + 1))
        }
        guard !runs.isEmpty else { throw Problem(line: nil, message: "empty: no rehearsal in it") }
        guard let last = runs.lastIndex(where: { !$0.isEmpty }) else {
            throw Problem(line: nil, message: "no slide visits in it (the rehearsal never showed a slide)")
        }
        return RehearsalLog(visits: runs[last], runs: runs.count)
    }

    private static func visit(_ line: String, line n: Int) throws(Problem) -> RehearsalRecorder.Visit {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(inSet: " \t") }
        let shown = "\"" + String(line.prefix(40)) + "\""
        guard fields.count == 3 else {
            throw Problem(line: n, message: "\(shown) has \(fields.count) field\(fields.count == 1 ? "" : "s"), not 3 (\(RehearsalRecorder.csvHeader))")
        }
        guard let slide = Int(fields[0]), (1...PadState.maxSlideCount).contains(slide) else {
            throw Problem(line: n, message: "\(shown): the slide must be a number from 1")
        }
        guard let entered = milliseconds(fields[1]), let spent = milliseconds(fields[2]) else {
            throw Problem(line: n, message: "\(shown): times must be seconds, like 12.5, under a day")
        }
        return RehearsalRecorder.Visit(slide: slide, enteredAt: entered, spent: spent)
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
