import FoundationEssentials
import SlideModel

/// One message from an Impress Remote server, its arguments checked.
public enum ImpressServerMessage: Sendable, Equatable {
    /// `LO_SERVER_SERVER_PAIRED`: the PIN was accepted.
    case paired
    /// `LO_SERVER_VALIDATING_PIN`: someone must type our PIN into Impress.
    case validatingPin
    /// `LO_SERVER_INFO` + version, e.g. `7.4.7.2`.
    case serverInfo(version: String)
    /// `slideshow_started` + count + current (0-based). `current` is clamped
    /// into the deck (LibreOffice may report -1 for "none").
    case showStarted(slideCount: Int, current: Int)
    /// `slideshow_info` + the show window's title.
    case showInfo(title: String)
    /// `slide_preview` + index + base64 PNG, decoded.
    case slidePreview(index: Int, png: [UInt8])
    /// `slide_notes` + index + notes markup (see `Notes`).
    case slideNotes(index: Int, markup: String)
    /// `slide_updated` + the current index, whoever moved the show.
    case slideUpdated(index: Int)
    /// `slideshow_finished`.
    case showFinished
    /// Any other name: ignored (and logged) by the client. `name` is cut to
    /// 64 characters, so a garbage line cannot flood a log.
    case unknown(name: String)
}

/// A known message whose arguments do not make sense. The message is
/// skipped; the connection goes on.
public enum ImpressMessageError: Error, Sendable, Equatable, CustomStringConvertible {
    case missingArgument(message: String, argument: String)
    /// Not a decimal number in range; `value` is cut for logging.
    case invalidNumber(message: String, argument: String, value: String)
    case invalidBase64(index: Int)

    public var description: String {
        switch self {
        case .missingArgument(let message, let argument):
            return "\(message): missing \(argument)"
        case .invalidNumber(let message, let argument, let value):
            return "\(message): \(argument) is not a valid number: \(value.debugDescription)"
        case .invalidBase64(let index):
            return "slide_preview \(index): the picture is not valid base64"
        }
    }
}

extension ImpressServerMessage {
    /// No real deck comes close; a bigger number is garbage, not a deck.
    public static let maxSlideCount = SlideLimits.maxSlideCount

    /// Parses one framed message (its lines, name first).
    public static func parse(_ lines: [String]) throws(ImpressMessageError) -> ImpressServerMessage {
        guard let name = lines.first else { return .unknown(name: "") }
        let args = lines.dropFirst()
        func arg(_ position: Int, _ what: String) throws(ImpressMessageError) -> String {
            let i = args.startIndex + position
            guard i < args.endIndex else { throw .missingArgument(message: name, argument: what) }
            return args[i]
        }
        func number(_ position: Int, _ what: String, in range: ClosedRange<Int>) throws(ImpressMessageError) -> Int {
            let text = try arg(position, what)
            guard let value = decimal(text), range.contains(value) else {
                throw .invalidNumber(message: name, argument: what, value: String(text.prefix(40)))
            }
            return value
        }
        let maxIndex = maxSlideCount - 1
        switch name {
        case "LO_SERVER_SERVER_PAIRED":
            return .paired
        case "LO_SERVER_VALIDATING_PIN":
            return .validatingPin
        case "LO_SERVER_INFO":
            return .serverInfo(version: (try? arg(0, "version")) ?? "")
        case "slideshow_started":
            let count = try number(0, "slide count", in: 0...maxSlideCount)
            let current = try number(1, "current slide", in: -1...maxIndex)
            return .showStarted(slideCount: count, current: min(max(current, 0), max(count - 1, 0)))
        case "slideshow_info":
            return .showInfo(title: (try? arg(0, "title")) ?? "")
        case "slide_preview":
            let index = try number(0, "slide index", in: 0...maxIndex)
            guard let png = base64Decoded(try arg(1, "picture")) else { throw .invalidBase64(index: index) }
            return .slidePreview(index: index, png: png)
        case "slide_notes":
            let index = try number(0, "slide index", in: 0...maxIndex)
            // An empty notes line leaves the framer as end-of-message, so a
            // missing markup line means "no notes", not an error.
            return .slideNotes(index: index, markup: (try? arg(1, "notes")) ?? "")
        case "slide_updated":
            return .slideUpdated(index: try number(0, "slide index", in: 0...maxIndex))
        case "slideshow_finished":
            return .showFinished
        default:
            return .unknown(name: String(name.prefix(64)))
        }
    }

    /// Plain ASCII decimal, optionally negative, surrounding spaces allowed;
    /// no `+`, no hex, at most 7 digits so it cannot overflow.
    static func decimal(_ text: String) -> Int? {
        var s = Substring(text)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        let negative = s.first == "-"
        if negative { s.removeFirst() }
        guard !s.isEmpty, s.count <= 7, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = s.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return negative ? -value : value
    }

    /// Strict base64 (padding required, no whitespace), or nil.
    static func base64Decoded(_ text: String) -> [UInt8]? {
        guard !text.isEmpty, let data = Data(base64Encoded: text) else { return nil }
        return [UInt8](data)
    }
}
