import SlideModel

/// pdfpc's notes (`/api/notes/N/html`: the presenter's Markdown rendered to
/// HTML) turned back into the text as typed: `<strong>` is `**`, `<em>` is
/// `*`, list items are `- ` (or `1. `), paragraphs are separated by a blank
/// line, entities are decoded. pdfpc leaves tags it did not write raw (a note
/// saying `<beta>` arrives as `<beta>`), so only the tags Markdown renders
/// to are read as tags; anything else stays text. Control characters never
/// survive (`Notes.sanitized`).
public enum PdfpcNotes {
    /// Notes larger than this are cut (a talk's notes are a few kB).
    public static let maxBytes = 256 << 10

    public static func text(fromHTML html: String) -> String {
        var source = Substring(html.utf8.count > maxBytes ? String(decoding: Array(html.utf8.prefix(maxBytes)), as: UTF8.self) : html)
        // Only the body: pdfpc wraps the notes in a whole document.
        if let open = source.range(ofIgnoringCase: "<body"),
           let end = source[open.upperBound...].firstIndex(of: ">") {
            source = source[source.index(after: end)...]
        }
        if let close = source.range(ofIgnoringCase: "</body>", backwards: true) {
            source = source[..<close.lowerBound]
        }
        var out = ""
        var lists: [(ordered: Bool, count: Int)] = []
        var inPre = false
        var i = source.startIndex
        func newlineOnce() { if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" } }
        func blankLine() {
            guard !out.isEmpty else { return }
            newlineOnce()
            if !out.hasSuffix("\n\n") { out += "\n" }
        }
        while i < source.endIndex {
            let c = source[i]
            if c == "<", let tag = Tag(source[i...]) {
                switch (tag.name, tag.closing) {
                case ("p", false), ("blockquote", false), ("pre", false), ("div", false):
                    lists.isEmpty ? blankLine() : newlineOnce()
                    if tag.name == "pre" { inPre = true }
                    if tag.name == "blockquote" { out += "> " }
                case ("p", true), ("div", true), ("blockquote", true): newlineOnce()
                case ("pre", true): inPre = false; newlineOnce()
                case ("br", _): out += "\n"
                case ("strong", _), ("b", _): out += "**"
                case ("em", _), ("i", _): out += "*"
                case ("code", _) where !inPre: out += "`"
                case ("del", _), ("s", _): out += "~~"
                case ("ul", false), ("ol", false):
                    lists.isEmpty ? blankLine() : newlineOnce()
                    lists.append((tag.name == "ol", 0))
                case ("ul", true), ("ol", true):
                    if !lists.isEmpty { lists.removeLast() }
                    newlineOnce()
                case ("li", false):
                    newlineOnce()
                    out += String(repeating: "  ", count: max(0, lists.count - 1))
                    if let last = lists.indices.last, lists[last].ordered {
                        lists[last].count += 1
                        out += "\(lists[last].count). "
                    } else {
                        out += "- "
                    }
                case ("li", true): break
                case ("hr", _): blankLine(); out += "---\n"
                case (let h, false) where h.count == 2 && h.first == "h" && ("1"..."6").contains(h.last!):
                    blankLine()
                    out += String(repeating: "#", count: Int(String(h.last!)) ?? 1) + " "
                case (let h, true) where h.count == 2 && h.first == "h": newlineOnce()
                default: break  // a, span, code in pre, img, …: their text stays
                }
                i = tag.end
                continue
            }
            if c == "&", let (text, end) = entity(source[i...]) {
                out += text
                i = end
                continue
            }
            out.append(c)
            i = source.index(after: i)
        }
        // Paragraph text keeps its line breaks as typed; blank runs collapse.
        var lines = Notes.sanitized(out).split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingTrailingSpaces() }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        var result: [String] = []
        for line in lines where !(line.isEmpty && result.last?.isEmpty == true) { result.append(line) }
        return result.joined(separator: "\n")
    }

    /// A tag Markdown renders to, at the start of `s`: `<p>`, `</strong>`,
    /// `<br/>`, `<a href="…">`. Anything else (`<beta>`) is not a tag here.
    struct Tag {
        static let known: Set<String> = [
            "p", "br", "strong", "b", "em", "i", "code", "pre", "ul", "ol", "li", "blockquote", "hr", "a", "span",
            "div", "del", "s", "img", "h1", "h2", "h3", "h4", "h5", "h6", "sup", "sub", "table", "tr", "td", "th",
            "thead", "tbody", "u",
        ]
        var name: String
        var closing: Bool
        var end: Substring.Index

        init?(_ s: Substring) {
            var i = s.index(after: s.startIndex)
            closing = i < s.endIndex && s[i] == "/"
            if closing { i = s.index(after: i) }
            var name = ""
            while i < s.endIndex, s[i].isASCII, s[i].isLetter || s[i].isNumber, name.count < 12 {
                name.append(s[i])
                i = s.index(after: i)
            }
            name = name.lowercased()
            guard Self.known.contains(name), i < s.endIndex, s[i] == ">" || s[i] == " " || s[i] == "/" else { return nil }
            // The attributes, up to the `>` (at most a few hundred characters).
            guard let close = s[i...].prefix(512).firstIndex(of: ">") else { return nil }
            self.name = name
            end = s.index(after: close)
        }
    }

    /// `&amp;`, `&#8211;`, `&#x2013;` at the start of `s`: the text and where
    /// it ends (a no-break space is a space here: the text as typed).
    static func entity(_ s: Substring) -> (String, Substring.Index)? {
        HTMLEntities.decode(s).map { ($0.0 == "\u{A0}" ? " " : $0.0, $0.1) }
    }
}

extension Substring {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
