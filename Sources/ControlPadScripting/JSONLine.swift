import FoundationEssentials
import SlideModel

/// One JSON object on one line, its fields in the order given (`event`
/// first reads best in a log). Strings are escaped so that no control
/// character, and no line break, reaches the output raw.
package struct JSONLine: Equatable {
    package enum Value: Equatable {
        case string(String)
        case int(Int)
        case bool(Bool)
        case null
    }

    package var fields: [(String, Value)]

    package init(_ fields: [(String, Value)]) { self.fields = fields }

    package static func == (a: JSONLine, b: JSONLine) -> Bool {
        a.fields.map(\.0) == b.fields.map(\.0) && a.fields.map(\.1) == b.fields.map(\.1)
    }

    package var text: String {
        "{" + fields.map { Self.quoted($0.0) + ":" + Self.encoded($0.1) }.joined(separator: ",") + "}"
    }

    private static func encoded(_ value: Value) -> String {
        switch value {
        case .string(let s): return quoted(s)
        case .int(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        }
    }

    package static func quoted(_ s: String) -> String { JSONString.quoted(s) }
}
