/// Notes written in HTML (reveal.js's `Reveal.getSlideNotes()`, an `<aside
/// class="notes">`) read into `RichText`: the tags notes use (p, br, div,
/// b/strong, i/em, u, code, ul/ol/li nested, table/tr/th/td, h1–h6, a and
/// span as text), entities named and numeric. A tag it does not know is
/// dropped and its text kept; script, style, head and title go with their
/// content; comments go. No input makes it fail: a `<` that starts no tag is
/// text, a tag never closed ends the notes.
public enum HTMLNotes {
    /// Notes larger than this are cut (a talk's notes are a few kB).
    public static let maxBytes = 256 << 10
    /// Lists deeper than this are drawn at this depth.
    public static let maxDepth = 8

    public static func read(_ html: String) -> RichText {
        let source = Substring(html.utf8.count > maxBytes ? String(decoding: Array(html.utf8.prefix(maxBytes)), as: UTF8.self) : html)
        var reader = Reader(source: source)
        reader.run()
        return reader.builder.finish()
    }

    private struct Reader {
        let source: Substring
        var builder = RichTextBuilder(collapsesSpace: true)
        var i: Substring.Index
        var bold = 0, italic = 0, underline = 0, code = 0, pre = 0
        /// Open lists: ordered or not, and the items counted.
        var lists: [(ordered: Bool, count: Int)] = []
        /// Open tables: only the outermost one has rows and cells.
        var tables = 0
        var text = ""

        init(source: Substring) {
            self.source = source
            i = source.startIndex
        }

        mutating func run() {
            while i < source.endIndex {
                let c = source[i]
                if c == "<" {
                    if markup() { continue }
                } else if c == "&", let (decoded, end) = HTMLEntities.decode(source[i...]) {
                    text += decoded
                    i = end
                    continue
                }
                text.append(c)
                i = source.index(after: i)
            }
            flush()
        }

        /// The text gathered so far, in the style before the next tag.
        mutating func flush() {
            guard !text.isEmpty else { return }
            builder.text(text)
            text = ""
        }

        /// A comment, declaration or tag at `i`: read and acted on (true), or
        /// a `<` that is text (false).
        mutating func markup() -> Bool {
            let rest = source[i...]
            if rest.hasPrefix("<!--") {
                flush()
                i = rest.dropFirst(4).firstRange(of: "-->").map(\.upperBound) ?? source.endIndex
                return true
            }
            let next = rest.dropFirst().first
            if next == "!" || next == "?" {
                flush()
                i = rest.firstIndex(of: ">").map { source.index(after: $0) } ?? source.endIndex
                return true
            }
            guard let tag = Tag(rest) else { return false }
            flush()
            i = tag.end
            handle(tag)
            return true
        }

        mutating func handle(_ tag: Tag) {
            let open = !tag.closing
            switch tag.name {
            case "script", "style", "head", "title", "template", "noscript", "svg", "math", "textarea", "select":
                if open && !tag.selfClosing { skip(past: tag.name) }
            case "br": builder.lineBreak()
            case "b", "strong": bold = counted(bold, open); style()
            case "i", "em", "cite", "var", "dfn": italic = counted(italic, open); style()
            case "u", "ins": underline = counted(underline, open); style()
            case "code", "kbd", "samp", "tt": code = counted(code, open); style()
            case "pre":
                pre = counted(pre, open)
                builder.preformatted = pre > 0
                block(open)
            case "p", "div", "blockquote", "section", "article", "header", "footer", "aside", "main", "nav",
                 "figure", "figcaption", "dl", "dt", "dd", "address", "details", "summary", "center":
                block(open)
            case "h1", "h2", "h3", "h4", "h5", "h6":
                if open { builder.start(.heading(Int(String(tag.name.last!)) ?? 1)) } else { builder.end() }
            case "ul", "ol", "menu":
                builder.end()
                if open {
                    lists.append((tag.name == "ol", 0))
                } else if !lists.isEmpty {
                    lists.removeLast()
                }
            case "li":
                guard open else { builder.end(); return }
                var marker: String? = nil
                if let last = lists.indices.last, lists[last].ordered {
                    lists[last].count += 1
                    marker = "\(lists[last].count)."
                }
                builder.start(.item(depth: min(max(0, lists.count - 1), maxDepth), marker: marker))
            case "table":
                // A table in a table's cell is text in that cell.
                if open {
                    tables += 1
                    if tables == 1 { builder.startTable() }
                } else {
                    if tables == 1 { builder.endTable() }
                    tables = max(0, tables - 1)
                }
            case "tr" where tables > 1, "td" where tables > 1, "th" where tables > 1: builder.lineBreak()
            case "tr": open ? builder.startRow() : builder.endRow()
            case "td", "th": open ? builder.startCell(header: tag.name == "th") : builder.endCell()
            case "hr": builder.gap()
            default: break  // a, span, img, font, …: the tag goes, its text stays
            }
        }

        /// A block-level tag: inside a list item its text stays in the item
        /// (on a line of its own); elsewhere it is a paragraph of its own.
        mutating func block(_ open: Bool) {
            if case .item = builder.openKind {
                if !builder.atBlockStart && !builder.endsWithBreak { builder.lineBreak() }
                return
            }
            builder.end()
        }

        func counted(_ counter: Int, _ open: Bool) -> Int {
            open ? counter + 1 : max(0, counter - 1)
        }

        mutating func style() {
            var s: RunStyle = []
            if bold > 0 { s.insert(.bold) }
            if italic > 0 { s.insert(.italic) }
            if underline > 0 { s.insert(.underline) }
            if code > 0 { s.insert(.code) }
            builder.style = s
        }

        /// Past `</name>` (or to the end): a script's or a style's content is
        /// no text. Looks for the closing tag's name only (a `<` inside a
        /// script is no tag), so it reads the content once.
        mutating func skip(past name: String) {
            var j = i
            while let lt = source[j...].firstIndex(of: "<") {
                var k = source.index(after: lt)
                if k < source.endIndex, source[k] == "/" {
                    k = source.index(after: k)
                    let letters = source[k...].prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
                    if letters.lowercased() == name {
                        i = source[letters.endIndex...].firstIndex(of: ">").map { source.index(after: $0) } ?? source.endIndex
                        return
                    }
                }
                j = source.index(after: lt)
            }
            i = source.endIndex
        }
    }

    /// A tag at the start of `s`: `<p>`, `</strong>`, `<br/>`, `<a href="…">`.
    /// Nil when the `<` starts no tag (`a < b`, `<3`).
    struct Tag {
        var name: String
        var closing: Bool
        var selfClosing = false
        var end: Substring.Index

        init?(_ s: Substring) {
            var j = s.index(after: s.startIndex)
            closing = j < s.endIndex && s[j] == "/"
            if closing { j = s.index(after: j) }
            guard j < s.endIndex, s[j].isASCII, s[j].isLetter else { return nil }
            var name = ""
            while j < s.endIndex, s[j].isASCII, s[j].isLetter || s[j].isNumber || s[j] == "-" || s[j] == ":" {
                if name.utf8.count < 32 { name.append(s[j]) }
                j = s.index(after: j)
            }
            self.name = name.lowercased()
            // The attributes, to the `>` outside quotes; a tag never closed
            // takes the rest of the notes, as a browser would.
            var quote: Character? = nil
            var last: Character = " "
            while j < s.endIndex {
                let c = s[j]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    selfClosing = last == "/"
                    end = s.index(after: j)
                    return
                }
                last = c
                j = s.index(after: j)
            }
            end = s.endIndex
        }
    }
}
