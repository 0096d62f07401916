@testable import PadConfig
import SlideImages
import SlideModel
import ImpressRemote

/// What the fuzzers feed with arbitrary bytes: the wire (framer, message
/// parser, session, connection), notes (markup → text → wrapped → what
/// each cell gets),
/// pictures (pHYs, libpng decode, fit, raster) and the config loader (and the agenda's). Each
/// checks what a user relies on and returns a finding when it fails: the
/// libFuzzer driver (`Fuzz/Driver`, `scripts/fuzz.sh`) traps on it, the
/// tests (`Tests/FuzzTests`) fail one test with it.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case wire, notes, picture, config

    /// A fault seen with `bytes` (what the user would meet), or nil.
    public func check(_ bytes: [UInt8]) -> String? {
        var findings = Findings()
        switch self {
        case .wire: Self.wire(bytes, &findings)
        case .notes: Self.notes(bytes, &findings)
        case .picture: Self.picture(bytes, &findings)
        case .config: Self.config(bytes, &findings)
        }
        return findings.first
    }

    /// The first fault a harness saw (the rest follow from it).
    struct Findings {
        var first: String?
        mutating func expect(_ condition: @autoclosure () -> Bool, _ fault: @autoclosure () -> String) {
            if first == nil, !condition() { first = fault() }
        }
    }

    /// Bytes from a server, in chunks whose sizes the input's first byte
    /// chooses: the framer keeps under its cap, and nothing the pad would
    /// show holds a control character.
    static func wire(_ bytes: [UInt8], _ findings: inout Findings) {
        let cap = 4096
        var connection = ImpressConnection(.init(clientName: "fuzz", serverLabel: "h", address: "h:1599",
                                                 maxMessageBytes: cap, maxMessageLines: 16))
        _ = connection.handle(.start(storedPin: "1234", freshPin: "0042"), now: .zero)
        _ = connection.handle(.connected, now: .zero)
        // Chunks of 1 to 256 bytes (the first byte says), as TCP may cut them.
        let chunk = Int(bytes.first ?? 0) + 1
        var now = Duration.zero
        for (n, start) in stride(from: 0, to: bytes.count, by: chunk).enumerated() {
            now += .milliseconds(7)
            let actions = connection.handle(.received(Array(bytes[start..<min(bytes.count, start + chunk)])), now: now)
            for case .emit(let event) in actions { check(event, &findings) }
            if actions.contains(.close) {
                _ = connection.handle(.closed, now: now)
                _ = connection.handle(.timerFired(.countdown), now: now + .seconds(20))
                _ = connection.handle(.connected, now: now + .seconds(20))
            }
            if n % 16 == 0 { _ = connection.handle(.send(n % 32 == 0 ? .next : .previous), now: now) }
        }
    }

    private static func check(_ event: SourceEvent, _ findings: inout Findings) {
        switch event {
        case .notes(_, let notes):
            let text = notes.plainText
            findings.expect(!hasControl(text, allowingNewlines: true), "a control character reached notes: \(text.debugDescription)")
        case .showTitle(let text):
            findings.expect(!hasControl(text, allowingNewlines: true), "a control character reached notes or a title: \(text.debugDescription)")
        case .link(.connected(let server)):
            findings.expect(!hasControl(server, allowingNewlines: false), "a control character reached the server's name: \(server.debugDescription)")
        case .showStarted(let count, let current):
            findings.expect((0...ImpressServerMessage.maxSlideCount).contains(count) && current >= 0 && (count == 0 || current < count),
                            "a show of \(count) slides at \(current)")
        default: break
        }
    }

    private static func hasControl(_ text: String, allowingNewlines: Bool) -> Bool {
        text.unicodeScalars.contains { Notes.isControl($0) && !(allowingNewlines && $0 == "\n") }
    }

    /// Notes markup: plain text without controls, wrapped within every
    /// width, drawn into a grid of its size; the same bytes read as HTML and
    /// as Markdown (`RichText`) and laid out (`RichLayout`).
    static func notes(_ bytes: [UInt8], _ findings: inout Findings) {
        plainNotes(bytes, &findings)
        let input = String(decoding: bytes, as: UTF8.self)
        for notes in [SlideNotes.html(input), .markdown(input)] {
            guard let rich = notes.rich else { continue }
            findings.expect(!hasControl(rich.plainText, allowingNewlines: true), "a control character in rich notes: \(rich.plainText.debugDescription)")
            for width in [1, 2, 7, 40] {
                for line in RichLayout.lines(rich, width: width).prefix(40) {
                    let text = line.text
                    findings.expect(DisplayWidth.of(text) <= max(width, 2),
                                    "a rich line wider than \(width) columns: \(text.debugDescription)")
                    findings.expect(!hasControl(text, allowingNewlines: false), "a control character in a rich line: \(text.debugDescription)")
                }
            }
        }
    }

    /// Impress's notes markup as plain text.
    static func plainNotes(_ bytes: [UInt8], _ findings: inout Findings) {
        let text = OfficeNotesMarkup.plainText(from: String(decoding: bytes, as: UTF8.self))
        findings.expect(!hasControl(text, allowingNewlines: true), "a control character in the notes' text: \(text.debugDescription)")
        for width in [1, 2, 7, 40] {
            for line in TextWrap.lines(text, width: width).prefix(3) {
                findings.expect(DisplayWidth.of(line) <= width || line.count == 1, "a line wider than \(width) columns: \(line.debugDescription)")
                // What a cell of the screen gets for each character (`CellGrid.put`).
                for character in line where DisplayWidth.of(character) > 0 {
                    let drawn = DisplayWidth.drawable(character)
                    findings.expect(!hasControl(drawn, allowingNewlines: false), "a control character reached a cell: \(drawn.debugDescription)")
                }
            }
        }
    }

    /// A preview: its true aspect is sane when there is one, and decoding,
    /// fitting and rasterizing either work or say why; never a crash.
    static func picture(_ bytes: [UInt8], _ findings: inout Findings) {
        if let aspect = PNGPhysicalAspect.aspect(ofPNG: bytes) { findings.expect(aspect.isFinite && aspect > 0, "an aspect of \(aspect)") }
        guard let picture = try? PanePicture.render(png: bytes, paneCols: 24, paneRows: 8, depth: .palette256) else { return }
        findings.expect(picture.frame.cols <= 24 && picture.frame.rows <= 8, "a picture of \(picture.frame.cols)×\(picture.frame.rows) cells for a 24×8 pane")
    }

    /// A config file: a config or a problem whose text is safe to print.
    static func config(_ bytes: [UInt8], _ findings: inout Findings) {
        let loaded = ConfigLoader(file: "config.toml", text: String(decoding: bytes, as: UTF8.self)).parse()
        for problem in loaded.problems {
            findings.expect(!hasControl(problem.description, allowingNewlines: false), "a control character in a problem: \(problem.description.debugDescription)")
        }
        let lines = loaded.problems.compactMap(\.line)
        findings.expect(lines == lines.sorted(), "problems out of line order: \(lines)")
        // The same text as an agenda (`AgendaFile`, TOML too): safe problems, sections in slide order.
        let agenda = AgendaFile.parse(String(decoding: bytes, as: UTF8.self), file: "agenda.toml")
        for problem in agenda.problems {
            findings.expect(!hasControl(problem.description, allowingNewlines: false), "a control character in an agenda problem: \(problem.description.debugDescription)")
        }
        let firsts = agenda.sections.map(\.firstSlide)
        findings.expect(zip(firsts, firsts.dropFirst()).allSatisfy { $0 < $1 }, "agenda sections out of slide order: \(firsts)")
        findings.expect(agenda.sections.allSatisfy { !$0.name.isEmpty && !hasControl($0.name, allowingNewlines: false) }, "an agenda section's name unsafe or empty")
    }
}
