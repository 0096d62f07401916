/// One CSV line's fields as RFC 4180 writes them: a field with a comma, a
/// quote or a line end is quoted, its quotes doubled. The rehearsal log's
/// section names and slide titles may hold any of them.
enum CSVFields {
    static func line(_ fields: [String]) -> String {
        fields.map { field in
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return field }
            return "\"" + field.replacing("\"", with: "\"\"") + "\""
        }.joined(separator: ",")
    }

    /// The fields of one line; nil when a quote is left open.
    static func fields(_ line: Substring) -> [String]? {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var chars = line.makeIterator()
        var pending: Character? = nil
        while let c = pending ?? chars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let next = chars.next()
                    if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                } else {
                    field.append(c)
                }
            } else if c == "\"", field.isEmpty {
                quoted = true
            } else if c == "," {
                fields.append(field)
                field = ""
            } else {
                field.append(c)
            }
        }
        guard !quoted else { return nil }
        return fields + [field]
    }
}
