import FoundationEssentials

/// One line the bridge (`uno_bridge.py`) writes, decoded. A line that is
/// not one of these (garbage, a field of the wrong type) decodes to nil and
/// is logged, never trusted: the bridge is ours, but the bytes cross a pipe.
public enum UNOBridgeEvent: Sendable, Equatable {
    /// Connected; `office` is LibreOffice's name and version ("LibreOffice 25.2.3.2").
    case hello(office: String)
    /// Opening the deck waits for an answer on LibreOffice's own screen
    /// (a locked file, a password, document recovery).
    case asking
    /// The deck: its title, each slide's click steps, slide names the
    /// presenter gave (empty: none), and the slides' width / height.
    case deck(title: String, steps: [Int], names: [String], aspect: Double?)
    /// A show runs: `slides`, at `slide` (0-based) step `step`; blanked or not.
    case show(slides: Int, slide: Int, step: Int, blank: Bool)
    /// The show stands at `slide`, `step` click steps shown.
    case position(slide: Int, step: Int)
    /// The audience's screen went blank (`on`) or came back.
    case blank(on: Bool)
    /// No show runs (it ended, or never started).
    case ended
    /// Slide `slide`'s notes as HTML (empty: none).
    case notes(slide: Int, html: String)
    /// Slide `slide` exported at `width`×`height` pixels.
    case picture(slide: Int, width: Int, height: Int, png: [UInt8])
    /// A request was not carried out, and why ("the end of the show").
    case refused(op: String, why: String)
    /// The bridge cannot go on: `what` is a stable code ("no-uno", "no-office", "open", "no-deck").
    case fatal(what: String, message: String)
    /// LibreOffice went away under a call (closed, crashed).
    case gone(message: String)
    /// The bridge leaves as asked; `kept` says what it left open and why.
    case bye(kept: String)

    /// The event on `line`, or nil.
    public static func parse(_ line: some Collection<UInt8>) -> UNOBridgeEvent? {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(line)) else { return nil }
        return wire.event
    }

    /// Every field any event has; each event reads those it needs.
    private struct Wire: Decodable {
        var ev: String
        var office, title, html, png, op, why, what, message, kept: String?
        var slides, slide, step, width, height: Int?
        var steps: [Int]?
        var names: [String]?
        var aspect: Double?
        var blank, on: Bool?

        var event: UNOBridgeEvent? {
            switch ev {
            case "hello": return .hello(office: office ?? "")
            case "deck":
                guard let steps, steps.count <= 100_000 else { return nil }
                return .deck(title: title ?? "", steps: steps, names: names ?? [], aspect: aspect)
            case "show":
                guard let slides, let slide else { return nil }
                return .show(slides: slides, slide: slide, step: step ?? 0, blank: blank ?? false)
            case "position":
                guard let slide else { return nil }
                return .position(slide: slide, step: step ?? 0)
            case "blank": return on.map { .blank(on: $0) }
            case "ended": return .ended
            case "asking": return .asking
            case "notes":
                guard let slide else { return nil }
                return .notes(slide: slide, html: html ?? "")
            case "picture":
                guard let slide, let width, let height, let png, let bytes = Base64.decode(png) else { return nil }
                return .picture(slide: slide, width: width, height: height, png: bytes)
            case "refused": return .refused(op: op ?? "", why: why ?? "")
            case "fatal": return .fatal(what: what ?? "", message: message ?? "")
            case "gone": return .gone(message: message ?? "")
            case "bye": return .bye(kept: kept ?? "")
            default: return nil
            }
        }
    }
}

/// Base64 as the bridge writes it (Python's `b64encode`).
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { [UInt8]($0) }
    }
}
