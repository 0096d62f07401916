import FoundationEssentials
import SlideModel

/// `controlpad report --json`: the report's numbers, in whole seconds.
package enum ReportJSON {
    struct Document: Encodable {
        var schema = 1
        var runs: [Run]
        var length_s: Int?
        var sections: [Section]
        var slides: [Slide]
        var longest: [Int]
        var moved_most: [Int]
    }

    struct Run: Encodable {
        var name: String
        var label: String
        var total_s: Int
        var length_s: Int?
    }

    struct Section: Encodable {
        var name: String
        var planned_s: Int?
        var actual_s: [Int?]
        var over_s: Int?
    }

    struct Slide: Encodable {
        var slide: Int
        var title: String?
        var actual_s: [Int?]
        var change_s: Int?
    }

    package static func render(_ report: TalkReport) -> String {
        func s(_ d: Duration?) -> Int? { d.map { $0.wholeMs / 1000 } }
        let document = Document(
            runs: report.runs.enumerated().map { Run(name: $0.element.name, label: ReportText.label($0.offset, report.runs.count),
                                                     total_s: $0.element.total.wholeMs / 1000, length_s: s($0.element.length)) },
            length_s: s(report.length),
            sections: report.sections.map { Section(name: $0.name, planned_s: s($0.planned), actual_s: $0.actual.map(s), over_s: s($0.overrun)) },
            slides: report.slides.map { Slide(slide: $0.slide, title: $0.title, actual_s: $0.actual.map(s), change_s: s($0.change)) },
            longest: report.longest(5).map(\.slide),
            moved_most: report.movedMost(5).map(\.slide))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
