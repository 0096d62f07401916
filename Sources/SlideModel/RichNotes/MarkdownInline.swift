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
        let marks = Marks(chars)
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
                if let close = marks.backticks(count: run, from: i + run) {
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
                if let (label, end) = marks.link(chars, at: i) {
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

    /// Where a line's closing marks are, found once: a line of hostile
    /// notes (`[[[[…`, backtick runs of every length) costs no more than
    /// one pass over it.
    private struct Marks {
        /// Backtick runs by length: where each starts, in order.
        var runs: [Int: [Int]] = [:]
        /// For each index, the next `]` and `)` at or after it (or `count`).
        var nextBracket: [Int]
        var nextParen: [Int]

        init(_ chars: [Character]) {
            var i = 0
            while i < chars.count {
                if chars[i] == "`" {
                    let run = chars[i...].prefix { $0 == "`" }.count
                    runs[run, default: []].append(i)
                    i += run
                } else {
                    i += 1
                }
            }
            nextBracket = Array(repeating: chars.count, count: chars.count + 1)
            nextParen = nextBracket
            for j in stride(from: chars.count - 1, through: 0, by: -1) {
                nextBracket[j] = chars[j] == "]" ? j : nextBracket[j + 1]
                nextParen[j] = chars[j] == ")" ? j : nextParen[j + 1]
            }
        }

        /// The first run of exactly `count` backticks starting at or after `start`.
        func backticks(count: Int, from start: Int) -> Int? {
            guard let starts = runs[count] else { return nil }
            var low = 0, high = starts.count
            while low < high {
                let mid = (low + high) / 2
                if starts[mid] < start { low = mid + 1 } else { high = mid }
            }
            return low < starts.count ? starts[low] : nil
        }

        /// `[text](…)` at `i`: the text and the index after `)`.
        func link(_ chars: [Character], at i: Int) -> (String, Int)? {
            let close = nextBracket[min(i + 1, chars.count)]
            guard close < chars.count, close - i <= 512, close + 1 < chars.count, chars[close + 1] == "(" else { return nil }
            let end = nextParen[close + 1]
            guard end < chars.count, end - close <= 2048 else { return nil }
            return (String(chars[(i + 1)..<close]), end + 1)
        }
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
