/// Notes typed in Markdown (pdfpc's) read into `RichText`, the subset notes
/// use: paragraphs (a line break as typed stays one), `-`/`*`/`+`/`1.`
/// lists nested by indent, `#` headings, pipe tables, fenced code, `>`
/// quotes and `---` rules; inline `**bold**`, `*italic*`, `` `code` `` and
/// backslash escapes (`MarkdownInline`). No input makes it fail.
public enum MarkdownNotes {
    /// Notes larger than this are cut (a talk's notes are a few kB).
    public static let maxBytes = 256 << 10

    public static func read(_ markdown: String) -> RichText {
        let text = markdown.utf8.count > maxBytes ? String(decoding: Array(markdown.utf8.prefix(maxBytes)), as: UTF8.self) : markdown
        let lines = Notes.sanitized(text).split(separator: "\n", omittingEmptySubsequences: false)
        var builder = RichTextBuilder(collapsesSpace: false)
        /// The indents of the open lists' items, outermost first.
        var indents: [Int] = []
        var fence: Substring? = nil
        var n = 0
        while n < lines.count {
            let line = lines[n]
            n += 1
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            if let open = fence {
                if body.hasPrefix(open), body.allSatisfy({ $0 == open.first }) {
                    fence = nil
                    builder.end()
                    builder.style = []
                } else {
                    builder.style = .code
                    builder.text(line)
                    builder.lineBreak()
                }
                continue
            }
            if body.hasPrefix("```") || body.hasPrefix("~~~") {
                fence = body.prefix { $0 == body.first }
                builder.start(.paragraph)
                continue
            }
            if body.isEmpty {
                builder.end()
                continue
            }
            if isRule(body) {
                builder.gap()
                indents = []
                continue
            }
            if let (level, title) = heading(body) {
                builder.start(.heading(level))
                MarkdownInline.append(title, to: &builder)
                builder.end()
                indents = []
                continue
            }
            if let (marker, rest) = listItem(body) {
                while let last = indents.last, last > indent { indents.removeLast() }
                if indents.last != indent { indents.append(indent) }
                // A list right under a paragraph stays right under it, as typed.
                builder.start(.item(depth: min(indents.count - 1, HTMLNotes.maxDepth), marker: marker),
                              tight: builder.openKind == .paragraph)
                MarkdownInline.append(rest, to: &builder)
                continue
            }
            if body.contains("|"), n < lines.count, isDelimiterRow(lines[n]) {
                builder.startTable()
                builder.startRow(header: true)
                for cell in cells(body) { builder.startCell(header: true); MarkdownInline.append(cell, to: &builder) }
                n += 1
                while n < lines.count, lines[n].contains("|"), !lines[n].allSatisfy({ $0 == " " }) {
                    builder.startRow()
                    for cell in cells(lines[n]) { builder.startCell(header: false); MarkdownInline.append(cell, to: &builder) }
                    n += 1
                }
                builder.endTable()
                indents = []
                continue
            }
            // Text: a quote's marker goes; a line under an item (indented, or
            // not) continues it; else it continues the paragraph or starts one.
            var content = body
            if content.first == ">" {
                content = content.dropFirst().drop { $0 == " " }
                if case .item = builder.openKind { builder.end() }
            }
            if builder.openKind == nil {
                indents = []
                builder.start(.paragraph)
            } else {
                builder.lineBreak()
            }
            MarkdownInline.append(content, to: &builder)
        }
        return builder.finish()
    }

    /// `---`, `***`, `___` (three or more, spaces between allowed).
    static func isRule(_ body: Substring) -> Bool {
        guard let c = body.first, c == "-" || c == "*" || c == "_" else { return false }
        return body.filter { $0 != " " }.count >= 3 && body.allSatisfy { $0 == c || $0 == " " }
    }

    /// `## Title` → (2, "Title"), closing hashes dropped.
    static func heading(_ body: Substring) -> (Int, Substring)? {
        let hashes = body.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = body.dropFirst(hashes)
        guard rest.isEmpty || rest.first == " " else { return nil }
        var title = rest.trimmingSpaces()
        // Closing hashes: `## Title ##`.
        let closing = title.reversed().prefix { $0 == "#" }.count
        if closing > 0, closing == title.count || title.dropLast(closing).last == " " {
            title = title.dropLast(closing).trimmingSpaces()
        }
        return (hashes, title)
    }

    /// `- text` → (nil, "text"); `12. text` → ("12.", "text").
    static func listItem(_ body: Substring) -> (String?, Substring)? {
        guard let first = body.first else { return nil }
        if first == "-" || first == "*" || first == "+" {
            let rest = body.dropFirst()
            guard rest.isEmpty || rest.first == " " else { return nil }
            return (nil, rest.drop { $0 == " " })
        }
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard (1...9).contains(digits.count) else { return nil }
        let after = body.dropFirst(digits.count)
        guard let dot = after.first, dot == "." || dot == ")" else { return nil }
        let rest = after.dropFirst()
        guard rest.isEmpty || rest.first == " " else { return nil }
        return ("\(digits).", rest.drop { $0 == " " })
    }

    /// `|---|:--:|`, `--- | ---`.
    static func isDelimiterRow(_ line: Substring) -> Bool {
        let cells = cells(line)
        return !cells.isEmpty && cells.allSatisfy { cell in
            let c = cell.trimmingSpaces()
            let dashes = c.drop { $0 == ":" }.reversed().drop { $0 == ":" }
            return !dashes.isEmpty && dashes.allSatisfy { $0 == "-" }
        } && line.contains("-")
    }

    /// A row's cells: split at `|` not escaped and not in code, the outer
    /// pipes dropped.
    static func cells(_ line: Substring) -> [Substring] {
        var body = line.trimmingSpaces()
        if body.first == "|" { body = body.dropFirst() }
        if body.last == "|", body.dropLast().last != "\\" { body = body.dropLast() }
        var cells: [Substring] = []
        var start = body.startIndex, i = body.startIndex
        var inCode = false, escaped = false
        while i < body.endIndex {
            let c = body[i]
            if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "`" { inCode.toggle() } else if c == "|", !inCode {
                cells.append(body[start..<i].trimmingSpaces())
                start = body.index(after: i)
            }
            i = body.index(after: i)
        }
        cells.append(body[start...].trimmingSpaces())
        return cells
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = drop { $0 == " " }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
