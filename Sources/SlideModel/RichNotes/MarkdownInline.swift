/// Markdown's inline marks in one line of notes: `**bold**`/`__bold__`,
/// `*italic*`/`_italic_`, `***both***`, `` `code` ``, `~~struck~~` (its
/// marks dropped), `[text](link)` (the text), and backslash escapes. A mark
/// that opens nothing or closes nothing is text, as Markdown shows it: `5 * 3`
/// keeps its star. Delimiters pair as CommonMark's do in the common cases (an
/// opener is followed by a non-space, a closer preceded by one, `_` not
/// inside a word), nearest first.
enum MarkdownInline {
    private enum Token {
        case text(String)
        case code(String)
        /// A run of `*`, `_` or `~`: how many are left as text, and the
        /// styles it opens and closes once paired.
        case marks(Character, count: Int, canOpen: Bool, canClose: Bool, opens: [RunStyle], closes: [RunStyle])
    }

    static func append(_ line: Substring, to builder: inout RichTextBuilder) {
        var tokens = tokenize(line)
        pair(&tokens)
        var bold = 0, italic = 0
        let base = builder.style
        func apply(_ style: RunStyle, _ delta: Int) {
            if style.contains(.bold) { bold += delta }
            if style.contains(.italic) { italic += delta }
        }
        func current() -> RunStyle {
            var s = base
            if bold > 0 { s.insert(.bold) }
            if italic > 0 { s.insert(.italic) }
            return s
        }
        for token in tokens {
            switch token {
            case .text(let text):
                builder.style = current()
                builder.text(text)
            case .code(let text):
                builder.style = current().union(.code)
                builder.text(text)
            case .marks(let c, let count, _, _, let opens, let closes):
                for style in closes { apply(style, -1) }
                if count > 0 {
                    builder.style = current()
                    builder.text(String(repeating: c, count: count))
                }
                for style in opens { apply(style, 1) }
            }
        }
        builder.style = base
    }

    private static func tokenize(_ line: Substring) -> [Token] {
        var tokens: [Token] = []
        var text = ""
        let chars = Array(line)
        var i = 0
        func flush() {
            if !text.isEmpty { tokens.append(.text(text)); text = "" }
        }
        while i < chars.count {
            let c = chars[i]
            switch c {
            case "\\" where i + 1 < chars.count && chars[i + 1].isASCII && (chars[i + 1].isPunctuation || chars[i + 1].isSymbol):
                text.append(chars[i + 1])
                i += 2
            case "`":
                let run = chars[i...].prefix { $0 == "`" }.count
                if let close = closingBackticks(chars, from: i + run, count: run) {
                    flush()
                    var code = String(chars[(i + run)..<close])
                    if code.count > 1, code.first == " ", code.last == " " { code = String(code.dropFirst().dropLast()) }
                    tokens.append(.code(code))
                    i = close + run
                } else {
                    text += String(repeating: "`", count: run)
                    i += run
                }
            case "*", "_", "~":
                let run = chars[i...].prefix { $0 == c }.count
                let before: Character? = i > 0 ? chars[i - 1] : nil
                let after: Character? = i + run < chars.count ? chars[i + run] : nil
                var canOpen = after.map { !$0.isWhitespace } ?? false
                var canClose = before.map { !$0.isWhitespace } ?? false
                if c == "_" {  // snake_case stays text
                    if before?.isLetter == true || before?.isNumber == true { canOpen = false }
                    if after?.isLetter == true || after?.isNumber == true { canClose = false }
                }
                if c == "~" && run != 2 { canOpen = false; canClose = false }
                flush()
                tokens.append(.marks(c, count: run, canOpen: canOpen, canClose: canClose, opens: [], closes: []))
                i += run
            case "[":
                // [text](link): the text, its link dropped.
                if let (label, end) = link(chars, at: i) {
                    text += label
                    i = end
                } else {
                    text.append(c)
                    i += 1
                }
            default:
                text.append(c)
                i += 1
            }
        }
        flush()
        return tokens
    }

    private static func closingBackticks(_ chars: [Character], from start: Int, count: Int) -> Int? {
        var j = start
        while j < chars.count {
            if chars[j] == "`" {
                let run = chars[j...].prefix { $0 == "`" }.count
                if run == count { return j }
                j += run
            } else {
                j += 1
            }
        }
        return nil
    }

    /// `[text](…)` at `i`: the text and the index after `)`.
    private static func link(_ chars: [Character], at i: Int) -> (String, Int)? {
        guard let close = chars[(i + 1)...].prefix(512).firstIndex(of: "]"), close + 1 < chars.count, chars[close + 1] == "(",
              let end = chars[(close + 2)...].prefix(2048).firstIndex(of: ")") else { return nil }
        return (String(chars[(i + 1)..<close]), end + 1)
    }

    /// Pairs closers with the nearest opener of the same mark: two marks
    /// are bold, one italic (`~~` strikes, drawn plain).
    private static func pair(_ tokens: inout [Token]) {
        var openers: [Int] = []
        for k in tokens.indices {
            guard case .marks(let c, var count, let canOpen, let canClose, let opens, var closes) = tokens[k] else { continue }
            if canClose {
                var search = openers.count - 1
                while count > 0, search >= 0, openers.count - search <= 64 {
                    let o = openers[search]
                    guard case .marks(let oc, var ocount, let oOpen, let oClose, var oOpens, let oCloses) = tokens[o], oc == c, ocount > 0 else {
                        search -= 1
                        continue
                    }
                    let used = c == "~" ? 2 : (ocount >= 2 && count >= 2 ? 2 : 1)
                    let style: RunStyle = c == "~" ? [] : (used == 2 ? .bold : .italic)
                    ocount -= used
                    count -= used
                    oOpens.append(style)
                    closes.append(style)
                    tokens[o] = .marks(oc, count: ocount, canOpen: oOpen, canClose: oClose, opens: oOpens, closes: oCloses)
                    // Openers between the pair can no longer pair across it.
                    openers.removeSubrange((search + 1)...)
                    if ocount == 0 { openers.remove(at: search) }
                    search = openers.count - 1
                }
            }
            tokens[k] = .marks(c, count: count, canOpen: canOpen, canClose: canClose, opens: opens, closes: closes)
            if canOpen && count > 0 { openers.append(k) }
        }
    }
}
