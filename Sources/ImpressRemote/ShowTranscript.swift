/// What Impress has told a connection about the show, kept as its own
/// messages, so that the connection can change hands without pairing anew
/// (`LinkHandOver`): the process that takes it over reads `bytes` as if
/// Impress had just sent them after pairing (its version, the show's state,
/// title and position, and the previews and notes of the latest stream),
/// then reads on from the socket.
///
/// Only the latest of each kind is kept: a `slideshow_started` (Impress
/// sends one when a show starts, resumes or a client pairs) starts the
/// show's part again, a `slideshow_finished` clears it. The show's start is
/// told at the slide it is on (the latest `slide_updated`), not the one it
/// started on and then a move: whoever reads the show through the process
/// that takes the link over (`watch`) would see it jump back and forth.
public struct ShowTranscript: Sendable, Equatable {
    private var info: [String]?
    private var started: [String]?
    private var title: [String]?
    private var updated: [String]?
    /// Previews and notes of the latest stream, by slide, in order of arrival.
    private var slides: [Int: [[String]]] = [:]
    private var finished = false

    public init() {}

    /// A message from Impress, its lines name first.
    public mutating func note(_ message: [String]) {
        switch message.first {
        case "LO_SERVER_INFO": info = message
        case "slideshow_started":
            started = message
            updated = nil
            slides = [:]
            finished = false
        case "slideshow_finished":
            started = nil
            title = nil
            updated = nil
            slides = [:]
            finished = true
        case "slideshow_info": title = message
        case "slide_updated": updated = message
        case "slide_preview", "slide_notes":
            guard message.count > 1, let index = Int(message[1]), index >= 0, started != nil else { return }
            slides[index, default: []].removeAll { $0.first == message.first }
            slides[index, default: []].append(message)
        default: return
        }
    }

    /// Whether Impress has said whether a show runs.
    public var knowsTheShow: Bool { started != nil || finished }

    /// The messages, as Impress frames them, starting with `LO_SERVER_SERVER_PAIRED`.
    public var bytes: [UInt8] {
        var messages: [[String]] = [["LO_SERVER_SERVER_PAIRED"]]
        if let info { messages.append(info) }
        if var started {
            if let updated, updated.count > 1, started.count > 2 { started[2] = updated[1] }
            messages.append(started)
            if let title { messages.append(title) }
            for index in slides.keys.sorted() { messages += slides[index] ?? [] }
        } else if finished {
            messages.append(["slideshow_finished"])
        }
        return messages.flatMap { Array(($0.joined(separator: "\n") + "\n\n").utf8) }
    }
}
