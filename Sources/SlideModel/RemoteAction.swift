
/// What `controlpad send` asks of the show, as typed: `next`, `goto 3`, ...
/// Slide numbers are 1-based, as on screen.
public enum RemoteAction: Equatable, Sendable {
    case next, previous, first, last, blank, resume, start, stop
    case goto(slide: Int)
    /// `section next`, `section previous`, `section NAME` (see `SectionTarget`).
    case section(SectionWord)
    /// `pointer X Y`: the laser at x, y (0…1 of the slide, from its top left).
    case pointer(x: Double, y: Double)
    /// `pointer off`.
    case pointerOff
    /// `ink clear`: the current slide's ink goes.
    case inkClear

    /// Goes through a running pad only (its pointer and ink are the pad's).
    public var needsThePad: Bool {
        switch self {
        case .pointer, .pointerOff, .inkClear: true
        default: false
        }
    }

    public enum SectionWord: Equatable, Sendable {
        case next, previous
        case named(String)
    }

    public static let words = "next, previous, goto N, first, last, blank, resume, start, stop, section next|previous|NAME, "
        + "pointer X Y|off or ink clear"

    /// Parses the command words; the error is a one-line usage message.
    public init(words: [String]) throws(RemoteActionError) {
        guard let word = words.first else { throw .message("say what to send: \(Self.words)") }
        let rest = words.dropFirst()
        let simple: [String: RemoteAction] = [
            "next": .next, "previous": .previous, "first": .first, "last": .last,
            "blank": .blank, "resume": .resume, "start": .start, "stop": .stop,
        ]
        if let action = simple[word.lowercased()] {
            guard rest.isEmpty else { throw .message("\(word) takes nothing after it (got \(rest.joined(separator: " ")))") }
            self = action
            return
        }
        if word.lowercased() == "section" {
            guard !rest.isEmpty else { throw .message("section needs next, previous or a section's name, e.g. section next") }
            let one = rest.count == 1 ? rest.first!.lowercased() : ""
            self = one == "next" ? .section(.next) : one == "previous" ? .section(.previous)
                : .section(.named(rest.joined(separator: " ")))
            return
        }
        if word.lowercased() == "pointer" {
            if rest.count == 1, rest.first?.lowercased() == "off" {
                self = .pointerOff
                return
            }
            let usage = "pointer needs X Y, fractions of the slide from its top left (0 to 1), e.g. pointer 0.5 0.5; or pointer off"
            guard rest.count == 2, let x = Double(rest.first!), let y = Double(rest.last!) else { throw .message(usage) }
            guard (0...1).contains(x), (0...1).contains(y) else { throw .message("\(rest.joined(separator: " ")) is off the slide: \(usage)") }
            self = .pointer(x: x, y: y)
            return
        }
        if word.lowercased() == "ink" {
            guard rest.count == 1, rest.first?.lowercased() == "clear" else {
                throw .message("ink takes clear (the slide's ink goes), e.g. ink clear")
            }
            self = .inkClear
            return
        }
        guard word.lowercased() == "goto" else {
            let known = Array(simple.keys) + ["goto", "section", "pointer", "ink"]
            let lower = word.lowercased()
            let near = known.filter { EditDistance.between(lower, $0) <= ($0.count <= 4 ? 1 : 2) }
                + known.filter { lower.count >= 2 && $0.hasPrefix(lower) }
            if let guess = near.first {
                throw .message("unknown command \(word.debugDescription); did you mean \(guess)? (use \(Self.words))")
            }
            throw .message("unknown command \(word.debugDescription): use \(Self.words)")
        }
        guard rest.count == 1, let text = rest.first else { throw .message("goto needs one slide number, e.g. goto 3") }
        guard let slide = Int(text), slide >= 1 else {
            throw .message("\(text.debugDescription) is not a slide number: slides are numbered from 1, e.g. goto 3")
        }
        self = .goto(slide: slide)
    }
}

public struct RemoteActionError: Error, CustomStringConvertible {
    public var description: String
    public static func message(_ text: String) -> RemoteActionError { RemoteActionError(description: text) }
}
