import FoundationEssentials
import SlideModel

/// `controlpad report --json`: the report's numbers, in whole seconds.
/// Every field is always there, `null` when not known (as `watch`'s state line).
package enum ReportJSON {
    struct Document: Encodable {
        var schema = 1
        var runs: [Run]
        var length_s: Int?
        var sections: [Section]
        var slides: [Slide]
        var longest: [Int]
        var moved_most: [Int]

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(schema, forKey: Key("schema"))
            try c.encode(runs, forKey: Key("runs"))
            try c.encode(length_s, forKey: Key("length_s"))
            try c.encode(sections, forKey: Key("sections"))
            try c.encode(slides, forKey: Key("slides"))
            try c.encode(longest, forKey: Key("longest"))
            try c.encode(moved_most, forKey: Key("moved_most"))
        }
    }

    struct Run: Encodable {
        var name: String
        var label: String
        var total_s: Int
        var length_s: Int?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(name, forKey: Key("name"))
            try c.encode(label, forKey: Key("label"))
            try c.encode(total_s, forKey: Key("total_s"))
            try c.encode(length_s, forKey: Key("length_s"))
        }
    }

    struct Section: Encodable {
        var name: String
        var planned_s: Int?
        var actual_s: [Int?]
        var over_s: Int?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(name, forKey: Key("name"))
            try c.encode(planned_s, forKey: Key("planned_s"))
            try c.encode(actual_s, forKey: Key("actual_s"))
            try c.encode(over_s, forKey: Key("over_s"))
        }
    }

    struct Slide: Encodable {
        var slide: Int
        var title: String?
        var actual_s: [Int?]
        var change_s: Int?

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: Key.self)
            try c.encode(slide, forKey: Key("slide"))
            try c.encode(title, forKey: Key("title"))
            try c.encode(actual_s, forKey: Key("actual_s"))
            try c.encode(change_s, forKey: Key("change_s"))
        }
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

/// A JSON key by name: the report's structs write every field, nil as null.
private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
