/// Chapter marks for a recording of the talk, from its rehearsal log: one
/// per section (or per slide), timed from the show's start with blanks
/// counted as the recording saw them (`since_start`), in the syntax
/// YouTube's description, WebVTT (`kind="chapters"`) or ffmpeg's
/// FFMETADATA1 read.
public struct Chapter: Sendable, Equatable {
    public var start: Duration
    public var end: Duration
    public var title: String

    public init(start: Duration, end: Duration, title: String) {
        self.start = start
        self.end = end
        self.title = title
    }
}

public enum ChapterFormat: String, Sendable, CaseIterable {
    case youtube, webvtt, ffmetadata
}

extension Chapter {
    /// A run's chapters: a new one each time the show comes to another
    /// section (per slide: another slide), the first at 0.
    public static func from(_ run: RehearsalLog.Run, perSlide: Bool) -> [Chapter] {
        let plan = run.rows.filter { $0.event == .plan }
        var marks: [(start: Duration, title: String)] = []
        var end = Duration.zero
        for visit in run.visits.sorted(by: { ($0.sinceStart ?? $0.enteredAt) < ($1.sinceStart ?? $1.enteredAt) }) {
            let start = visit.sinceStart ?? visit.enteredAt
            end = max(end, start + visit.spent)
            let title: String
            if perSlide {
                title = "\(visit.slide)" + (visit.title.map { " · " + $0 } ?? "")
            } else {
                title = visit.section ?? plan.last { $0.slide <= visit.slide }?.section ?? "Slide \(visit.slide)"
            }
            if marks.last?.title != title { marks.append((start, title)) }
        }
        if let finish = run.rows.last(where: { $0.event == .showEnd })?.sinceStart { end = max(end, finish) }
        guard !marks.isEmpty else { return [] }
        marks[0].start = .zero
        return marks.indices.map { i in
            Chapter(start: marks[i].start, end: i + 1 < marks.count ? marks[i + 1].start : max(end, marks[i].start), title: marks[i].title)
        }
    }

    /// YouTube wants each chapter 10 s at least: a shorter one is joined to the one before.
    public static let youtubeShortest: Duration = .seconds(10)

    /// The chapters in `format`'s syntax, one text to save or paste.
    public static func text(_ chapters: [Chapter], format: ChapterFormat) -> String {
        switch format {
        case .youtube:
            var kept: [Chapter] = []
            for chapter in chapters {
                guard let last = kept.last else { kept.append(chapter); continue }
                if chapter.end - chapter.start < youtubeShortest {
                    kept[kept.count - 1].end = chapter.end  // too short: the one before goes on
                } else if last.end - last.start < youtubeShortest {
                    kept[kept.count - 1] = Chapter(start: last.start, end: chapter.end, title: chapter.title)  // a short first gives way, at 0:00
                } else {
                    kept.append(chapter)
                }
            }
            let hours = (kept.last?.end ?? .zero) >= .seconds(3600)
            return kept.map { youtubeTime($0.start, hours: hours) + " " + oneLine($0.title) }.joined(separator: "\n") + "\n"
        case .webvtt:
            var text = "WEBVTT\n"
            for (i, chapter) in chapters.enumerated() {
                text += "\n\(i + 1)\n" + vttTime(chapter.start) + " --> " + vttTime(max(chapter.end, chapter.start + .milliseconds(1))) + "\n"
                    + oneLine(chapter.title).replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;") + "\n"
            }
            return text
        case .ffmetadata:
            var text = ";FFMETADATA1\n"
            for chapter in chapters {
                text += "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=\(chapter.start.wholeMs)\nEND=\(max(chapter.end, chapter.start + .milliseconds(1)).wholeMs)\n"
                    + "title=" + ffEscaped(oneLine(chapter.title)) + "\n"
            }
            return text
        }
    }

    /// "03:05", or "1:03:05" in a recording of an hour or more.
    static func youtubeTime(_ at: Duration, hours: Bool) -> String {
        let s = at.wholeMs / 1000
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return hours ? "\(s / 3600):" + two(s / 60 % 60) + ":" + two(s % 60) : two(s / 60) + ":" + two(s % 60)
    }

    /// "00:03:05.250"
    static func vttTime(_ at: Duration) -> String {
        let ms = at.wholeMs
        func pad(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return pad(ms / 3_600_000, 2) + ":" + pad(ms / 60_000 % 60, 2) + ":" + pad(ms / 1000 % 60, 2) + "." + pad(ms % 1000, 3)
    }

    /// FFMETADATA1's escapes: `=`, `;`, `#`, `\` and a line end take a backslash.
    static func ffEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if "=;#\\\n".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    static func oneLine(_ text: String) -> String {
        Notes.sanitized(text).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
