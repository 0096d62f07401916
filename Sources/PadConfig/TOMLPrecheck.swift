/// Two things toml++ (inside TOMLKit) asserts instead of reporting, found
/// by fuzzing; an assertion aborts the process, so they are reported here,
/// with their line, before the text reaches the parser:
/// - a table header whose name does not start with a key (`[` then a line
///   break, `[=x]`): `[\nheme]` crashed `controlpad config --check`;
/// - a character that is not ASCII outside strings and comments (`[é]`):
///   TOML keys, numbers and booleans are ASCII;
/// - a `}` where an array expects a value (`x = [}]`).
package enum TOMLPrecheck {
    /// The first such problem: its line (1-based) and what is wrong.
    package static func problem(in text: String) -> (line: Int, message: String)? {
        var line = 1
        var quote: [Character]?  // the delimiter of the string we are in
        var inComment = false
        var lineStart = true     // only whitespace so far on this line
        var open: [Character] = [] // the arrays ([) and inline tables ({) we are in
        var valueExpected = false  // right after an array's [ or ,
        let characters = Array(text)
        var i = 0
        while i < characters.count {
            let c = characters[i]
            if c == "\n" || c == "\r\n" {
                line += 1
                inComment = false
                lineStart = true
                if let q = quote, q.count == 1 { quote = nil }  // single-line strings end here (the parser says so)
                i += 1
                continue
            }
            if inComment { i += 1; continue }
            if let q = quote {
                if c == "\\", q.first == "\"" { i += 2; continue }
                if Array(characters[i..<min(characters.count, i + q.count)]) == q { quote = nil; i += q.count; continue }
                i += 1
                continue
            }
            if c == "[" && lineStart && open.isEmpty {
                guard startsWithKey(characters, after: i) else {
                    return (line, "a table header must start with a name, like [theme]")
                }
                while i < characters.count, characters[i] != "]", characters[i] != "\n" { i += 1 }  // the header's name
                lineStart = false
                continue
            }
            if c != " " && c != "\t" { lineStart = false }
            if valueExpected && c == "}" { return (line, "a } where a value belongs in a list") }
            if c != " " && c != "\t" && c != "#" { valueExpected = false }
            switch c {
            case "[":
                open.append("[")
                valueExpected = true
            case "{": open.append("{")
            case "]", "}": _ = open.popLast()
            case "," where open.last == "[": valueExpected = true
            case "#": inComment = true
            case "\"", "'":
                let triple = Array(characters[i..<min(characters.count, i + 3)]) == [c, c, c]
                quote = triple ? [c, c, c] : [c]
                i += quote!.count
                continue
            default:
                if !c.isASCII {
                    return (line, "a character outside quotes that is not ASCII (put keys with such characters in quotes)")
                }
            }
            i += 1
        }
        return nil
    }

    /// After `[` (or `[[`) and spaces: a bare key character, a quote, or `]`
    /// (which the parser reports itself).
    private static func startsWithKey(_ characters: [Character], after bracket: Int) -> Bool {
        var j = bracket + 1
        if j < characters.count, characters[j] == "[" { j += 1 }
        while j < characters.count, characters[j] == " " || characters[j] == "\t" { j += 1 }
        guard j < characters.count else { return true }  // the end: the parser reports it
        let c = characters[j]
        return c == "]" || c == "\"" || c == "'" || c == "_" || c == "-" || (c.isASCII && (c.isLetter || c.isNumber))
    }
}
