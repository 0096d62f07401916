import FoundationEssentials
import SlideModel
import TOMLKit

/// An agenda written by hand (`--agenda FILE`, or the config's `agenda`):
/// TOML, one `[[section]]` table per part of the talk, in order:
///
///     [[section]]
///     name = "Why terminals"
///     slide = 1          # where it begins, numbered from 1 as on screen
///     minutes = 3        # optional: 2.5, or "2m30s"
///
/// Read as the config is: every mistake is reported with its line, and the
/// rest applies (a section whose name or slide is wrong is left out; a
/// wrong `minutes` leaves the section without a plan).
package struct AgendaFile: Equatable {
    package var sections: [TalkSection] = []
    package var problems: [ConfigProblem] = []

    /// The example the docs and `--help` show.
    package static let example = """
        [[section]]
        name = "Why terminals"
        slide = 1
        minutes = 3

        [[section]]
        name = "How it works"
        slide = 4
        minutes = 7.5
        """

    /// Reads the file at `path`; a file that cannot be read is one problem.
    package static func read(path: String) -> AgendaFile {
        var isFolder = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder {
            return AgendaFile(problems: [ConfigProblem(file: path, line: nil, message: "is a folder, not a file: give the agenda's path (e.g. talk.agenda.toml)", key: "file")])
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return AgendaFile(problems: [ConfigProblem(file: path, line: nil, message: "no such file (or it cannot be read)", key: "file")])
        }
        guard data.count <= 1 << 20, let text = String(data: data, encoding: .utf8) else {
            return AgendaFile(problems: [ConfigProblem(file: path, line: nil, message: "cannot be read as UTF-8 text (at most 1 MiB)", key: "file")])
        }
        return parse(text, file: path)
    }

    package static func parse(_ text: String, file: String) -> AgendaFile {
        let (table, found) = ConfigLoader.table(text, file: file)
        var problems = found
        var result = AgendaFile()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        func bad(_ line: Int?, _ message: String) { problems.append(ConfigProblem(file: file, line: line, message: message)) }
        guard let root = table else {
            result.problems = ConfigLoader.inLineOrder(problems)
            return result
        }
        // Where each [[section]] begins and ends, by line (1-based).
        let headers = lines.indices.filter { Self.isSectionHeader(lines[$0]) }.map { $0 + 1 }
        for (key, _) in root where key != "section" {
            bad(Self.topLine(of: key, lines: lines), "unknown key \(key): an agenda has [[section]] tables with name, slide and minutes"
                + DidYouMean.suffix(key, in: ["section", "name", "slide", "minutes"]))
        }
        guard let value = root["section"] else {
            if problems.isEmpty { bad(nil, "no [[section]] in it: an agenda has one per part of the talk") }
            result.problems = ConfigLoader.inLineOrder(problems)
            return result
        }
        guard let array = value.array else {
            bad(Self.topLine(of: "section", lines: lines), "section must be [[section]] tables, one per part of the talk")
            result.problems = ConfigLoader.inLineOrder(problems)
            return result
        }
        for (n, item) in array.enumerated() {
            let header = headers.indices.contains(n) ? headers[n] : nil
            let end = headers.indices.contains(n + 1) ? headers[n + 1] : lines.count + 1
            func line(of key: String) -> Int? {
                guard let header else { return nil }
                return (header..<end).first { Self.key(of: lines[$0 - 1]) == key } ?? header
            }
            guard let section = item.table else {
                bad(header, "section \(n + 1) must be a table")
                continue
            }
            for (key, _) in section where !["name", "slide", "minutes"].contains(key) {
                bad(line(of: key), "unknown key \(key) in a section: name, slide and minutes are known" + DidYouMean.suffix(key, in: ["name", "slide", "minutes"]))
            }
            guard let name = section["name"]?.string?.trimmingWhitespace(), !name.isEmpty else {
                bad(line(of: "name"), "section \(n + 1) needs a name in quotes, e.g. name = \"Why terminals\" (the section is left out)")
                continue
            }
            let shown = "\"" + name + "\""
            guard let slide = section["slide"]?.int, (1...SlideLimits.maxSlideCount).contains(slide) else {
                bad(line(of: "slide"), "section \(shown) needs the slide it begins on, a number from 1, e.g. slide = 4 (the section is left out)")
                continue
            }
            var planned: Duration?
            if let minutes = section["minutes"] {
                planned = Self.minutes(minutes)
                if planned == nil {
                    bad(line(of: "minutes"), "section \(shown): minutes must be a number above 0 (2.5) or a length (\"2m30s\"), up to a day; it has no plan")
                }
            }
            if let last = result.sections.last, slide - 1 <= last.firstSlide {
                bad(line(of: "slide"), "section \(shown) begins on slide \(slide), not after \"\(last.name)\" (slide \(last.firstSlide + 1)): sections go in slide order (the section is left out)")
                continue
            }
            result.sections.append(TalkSection(name: name, firstSlide: slide - 1, planned: planned))
        }
        result.problems = ConfigLoader.inLineOrder(problems)
        return result
    }

    /// Minutes as a number (3, 2.5) or a length as `--duration` takes it ("2m30s").
    static func minutes(_ value: TOMLValueConvertible) -> Duration? {
        let seconds: Double?
        if let int = value.int { seconds = Double(int) * 60 }
        else if let double = value.double { seconds = double * 60 }
        else if let text = value.string { return DurationText.length(text) }
        else { seconds = nil }
        guard let seconds, seconds.isFinite, seconds > 0, seconds <= Double(DurationText.day) else { return nil }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    private static func isSectionHeader(_ line: String) -> Bool {
        line.hasPrefix("[[") && line.dropFirst(2).prefix { $0 != "]" }.trimmingWhitespace() == "section"
    }

    private static func key(of line: String) -> String? {
        guard !line.hasPrefix("#"), !line.hasPrefix("["), let eq = line.firstIndex(of: "=") else { return nil }
        return line[..<eq].trimmingCharacters(inSet: " \t\"'")
    }

    /// A top-level key's line: before the first table header.
    private static func topLine(of key: String, lines: [String]) -> Int? {
        for (i, line) in lines.enumerated() {
            if line.hasPrefix("[") { return nil }
            if Self.key(of: line) == key { return i + 1 }
        }
        return nil
    }
}
