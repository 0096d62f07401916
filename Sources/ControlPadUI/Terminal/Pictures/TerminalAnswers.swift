/// What a terminal answers to the queries the pad sends (see
/// `TerminalProbe`), told apart from the keys typed around them.
enum TerminalAnswer: Equatable {
    /// A kitty graphics answer: `ESC _G i=ID;OK ESC \` or an error message.
    case kitty(id: UInt32, message: String)
    /// Primary Device Attributes, `CSI ? 63;1;4 c`: 4 means sixel.
    case deviceAttributes([Int])
    /// `CSI 6;height;width t`: a cell's size in pixels.
    case cellSize(width: Int, height: Int)
    /// `CSI row;column R`: where the cursor is (1-based), the text-sizing probe's answer.
    case cursorPosition(row: Int, column: Int)
    /// XTSMGRAPHICS `CSI ? item;status;values S` (item 1: colour registers;
    /// item 2: the largest sixel picture, width;height).
    case graphics(item: Int, status: Int, values: [Int])
}

/// Splits bytes from the terminal into answers and everything else (keys,
/// mouse, which go on to curses untouched and in order). An answer cut in
/// two by a read is held until its end arrives; a lone ESC is never held,
/// so the Escape key is not delayed.
struct AnswerFilter {
    private var held: [UInt8] = []

    /// The start of an answer waits for its end.
    var isHolding: Bool { !held.isEmpty }

    mutating func feed(_ bytes: [UInt8]) -> (keys: [UInt8], answers: [TerminalAnswer]) {
        let input = held + bytes
        held = []
        var keys: [UInt8] = [], answers: [TerminalAnswer] = []
        var i = 0
        while i < input.count {
            guard input[i] == 0x1B, i + 1 < input.count else {
                keys.append(input[i])
                i += 1
                continue
            }
            switch Self.match(input, at: i) {
            case .answer(let answer, let length):
                answers.append(answer)
                i += length
            case .incomplete:
                held = Array(input[i...])
                return (keys, answers)
            case .none:
                keys.append(input[i])
                i += 1
            }
        }
        return (keys, answers)
    }

    private enum Match { case answer(TerminalAnswer, Int), incomplete, none }

    private static func match(_ b: [UInt8], at start: Int) -> Match {
        let introducer = b[start + 1]
        if introducer == 0x5F {  // ESC _ : APC, up to ESC \
            var j = start + 2
            while j + 1 < b.count, !(b[j] == 0x1B && b[j + 1] == 0x5C) { j += 1 }
            guard j + 1 < b.count else { return b.count - start > 4096 ? .none : .incomplete }
            let body = Array(b[(start + 2)..<j])
            guard body.first == 0x47 else { return .answer(.kitty(id: 0, message: "not kitty"), j + 2 - start) }
            return .answer(kitty(body.dropFirst()), j + 2 - start)
        }
        guard introducer == 0x5B else { return .none }  // ESC [
        var j = start + 2
        let question = j < b.count && b[j] == 0x3F
        if question { j += 1 }
        var numbers: [Int] = [], current: Int?
        while j < b.count, (b[j] >= 0x30 && b[j] <= 0x39) || b[j] == 0x3B {
            if b[j] == 0x3B { numbers.append(current ?? 0); current = nil } else {
                current = min(1_000_000, (current ?? 0) * 10 + Int(b[j] - 0x30))
            }
            j += 1
        }
        if let current { numbers.append(current) }
        guard j < b.count else {
            // Only what could still become an answer is held.
            let cellSize = numbers.first == 6 && (numbers.count >= 2 || b[j - 1] == 0x3B)
            // Row;column of a cursor position report, cut by a read.
            let position = !numbers.isEmpty && j > start + 2
            return question || cellSize || position ? .incomplete : .none
        }
        let length = j + 1 - start
        switch (question, b[j]) {
        case (true, 0x63): return .answer(.deviceAttributes(numbers), length)
        case (true, 0x53) where numbers.count >= 3:
            return .answer(.graphics(item: numbers[0], status: numbers[1], values: Array(numbers.dropFirst(2))), length)
        case (false, 0x74) where numbers.count == 3 && numbers[0] == 6:
            return .answer(.cellSize(width: numbers[2], height: numbers[1]), length)
        case (false, 0x52) where numbers.count == 2 && numbers[0] >= 1 && numbers[1] >= 1:
            return .answer(.cursorPosition(row: numbers[0], column: numbers[1]), length)
        default: return .none
        }
    }

    private static func kitty(_ body: ArraySlice<UInt8>) -> TerminalAnswer {
        let text = String(decoding: body, as: UTF8.self)
        let parts = text.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
        var id: UInt32 = 0
        for field in parts[0].split(separator: ",") where field.hasPrefix("i=") {
            id = UInt32(field.dropFirst(2)) ?? 0
        }
        return .kitty(id: id, message: parts.count > 1 ? String(parts[1].prefix(200)) : "")
    }
}
