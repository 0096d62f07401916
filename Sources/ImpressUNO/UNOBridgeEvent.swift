import FoundationEssentials

/// One line the bridge (`uno_bridge.py`) writes, decoded. A line that is
/// not one of these (garbage, a field of the wrong type) decodes to nil and
/// is logged, never trusted: the bridge is ours, but the bytes cross a pipe.
public enum UNOBridgeEvent: Sendable, Equatable {
    /// Connected; `office` is LibreOffice's name and version ("LibreOffice 25.2.3.2").
    case hello(office: String)
    /// The deck: its title, each slide's click steps, slide names the
    /// presenter gave (empty: none), and the slides' width / height.
    case deck(title: String, steps: [Int], names: [String], aspect: Double?)
    /// The bridge follows a show of the deck: `slides`, at `slide` (0-based),
    /// blanked or not; `fresh`: the bridge started it just now (so at its
    /// first step), else it joined one that ran.
    case show(slides: Int, slide: Int, blank: Bool, fresh: Bool)
    /// The answer to `where`: the show stands at `slide` (-1: none of the
    /// deck's runs), blanked or not; `others` names other decks whose show runs.
    case whereAnswer(slide: Int, blank: Bool, others: [String])
    /// What the show's listener said, as it said it.
    case heard(UNOHeard)
    /// No show runs (it ended, or never started).
    case ended
    /// Slide `slide`'s notes as HTML (empty: none).
    case notes(slide: Int, html: String)
    /// Slide `slide` exported at `width`×`height` pixels, after `step`
    /// clicks (nil: every build shown).
    case picture(slide: Int, width: Int, height: Int, step: Int?, png: [UInt8])
    /// A request was not carried out, and why ("no show runs").
    case refused(op: String, why: String)
    /// The bridge cannot go on: `what` is a stable code ("no-uno", "no-office", "open", "no-deck");
    /// `python`, the Python it ran on (said with "no-uno").
    case fatal(what: String, message: String, python: String? = nil)
    /// LibreOffice went away under a call (closed, crashed).
    case gone(message: String)
    /// The bridge leaves as asked; `kept` says what it left open and why;
    /// `running`, whether the deck's show still runs (nil: not said).
    case bye(kept: String, running: Bool? = nil)
    /// Something for the pad's log (a failure the bridge survived).
    case log(String)
    /// The pointer request was carried out: the next may go (one in flight).
    case pointerDone

    /// The event on `line`, or nil.
    public static func parse(_ line: some Collection<UInt8>) -> UNOBridgeEvent? {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(line)) else { return nil }
        return wire.event
    }

    /// Every field any event has; each event reads those it needs.
    private struct Wire: Decodable {
        var ev: String
        var office, title, html, png, op, why, what, message, kept, text, python: String?
        var slides, slide, step, width, height, node: Int?
        var steps: [Int]?
        var names, others: [String]?
        var aspect: Double?
        var blank, fresh, running: Bool?

        var event: UNOBridgeEvent? {
            switch ev {
            case "hello": return .hello(office: office ?? "")
            case "deck":
                guard let steps, steps.count <= 100_000 else { return nil }
                return .deck(title: title ?? "", steps: steps, names: names ?? [], aspect: aspect)
            case "show":
                guard let slides, let slide else { return nil }
                return .show(slides: slides, slide: slide, blank: blank ?? false, fresh: fresh ?? false)
            case "where":
                guard let slide else { return nil }
                return .whereAnswer(slide: slide, blank: blank ?? false, others: Array((others ?? []).prefix(20)))
            case "heard": return what.flatMap { UNOHeard(what: $0, node: node) }.map { .heard($0) }
            case "ended": return .ended
            case "notes":
                guard let slide else { return nil }
                return .notes(slide: slide, html: html ?? "")
            case "picture":
                guard let slide, let width, let height, let png, let bytes = Base64.decode(png) else { return nil }
                return .picture(slide: slide, width: width, height: height, step: step, png: bytes)
            case "refused": return .refused(op: op ?? "", why: why ?? "")
            case "fatal": return .fatal(what: what ?? "", message: message ?? "", python: python)
            case "gone": return .gone(message: message ?? "")
            case "bye": return .bye(kept: kept ?? "", running: running)
            case "log": return .log(text ?? "")
            case "pointer": return .pointerDone
            default: return nil
            }
        }
    }
}

/// What LibreOffice's slide show listener said (`XSlideShowListener`).
public enum UNOHeard: Sendable, Equatable {
    /// A slide is shown: another slide, or the same one again (← rewinds a
    /// build by showing the slide anew and running its builds up to there).
    case transition
    /// An animation node began or ended; `node` is its effect node type
    /// (`UNONode`).
    case begin(node: Int)
    case end(node: Int)
    /// The slide's builds have all run: → now changes the slide.
    case buildsEnded
    case paused
    case resumed

    init?(what: String, node: Int?) {
        switch what {
        case "transition": self = .transition
        case "begin": self = .begin(node: node ?? 0)
        case "end": self = .end(node: node ?? 0)
        case "builds-ended": self = .buildsEnded
        case "paused": self = .paused
        case "resumed": self = .resumed
        default: return nil
        }
    }
}

/// LibreOffice's effect node types (com.sun.star.presentation.EffectNodeType)
/// that the pad tells apart.
public enum UNONode {
    /// An effect that waits for a click: one build step.
    public static let onClick = 1
    /// The slide's main sequence: it begins when the slide is shown and
    /// ends when its last build has run.
    public static let mainSequence = 4
    /// The slide's timing root, around the main sequence.
    public static let timingRoot = 5
    /// A sequence started by clicking a shape (a trigger), not by →.
    public static let interactiveSequence = 6
}

/// Base64 as the bridge writes it (Python's `b64encode`).
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { [UInt8]($0) }
    }
}
