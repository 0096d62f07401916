@testable import PadConfig
import PadTerminal
import SlideImages
import SlideModel
import ImpressRemote

/// What the fuzzers feed with arbitrary bytes: the wire (framer, message
/// parser, session, connection), notes (markup → text → wrapped → what
/// each cell gets),
/// pictures (pHYs, libpng decode, fit, raster), the config loader (and the
/// agenda's) and the terminal's input (the decoder of keys, mouse reports,
/// pastes and answers). Each
/// checks what a user relies on and returns a finding when it fails: the
/// libFuzzer driver (`Fuzz/Driver`, `scripts/fuzz.sh`) traps on it, the
/// tests (`Tests/FuzzTests`) fail one test with it.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case wire, notes, picture, config, input

    /// A fault seen with `bytes` (what the user would meet), or nil.
    public func check(_ bytes: [UInt8]) -> String? {
        var findings = Findings()
        switch self {
        case .wire: Self.wire(bytes, &findings)
        case .notes: Self.notes(bytes, &findings)
        case .picture: Self.picture(bytes, &findings)
        case .config: Self.config(bytes, &findings)
        case .input: Self.input(bytes, &findings)
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

    /// The terminal's bytes as the pad's loop reads them (`InputDecoder`,
    /// with the spellings of a terminfo entry): in reads whose size the
    /// first byte chooses, the escape delay passing after some of them
    /// (`flush`), and once at the end. No event comes from nothing (one
    /// read's events are at most its bytes and those held before it), what
    /// is held between reads stays under its cap, nothing is held after the
    /// last flush, no key is a raw control character, every function key
    /// is one twelve keys and five modifier sets name, mouse reports are
    /// on the screen. And, with no delay between the reads, however they
    /// cut the bytes the events are those of one read (the decoder holds a
    /// sequence a read cut in two), short of the caps where they differ.
    static func input(_ bytes: [UInt8], _ findings: inout Findings) {
        let chunk = Int(bytes.first ?? 0) % 64 + 1
        var decoder = InputDecoder(keys: inputKeys)
        var items: [InputDecoder.Item] = []
        for (n, start) in stride(from: 0, to: bytes.count, by: chunk).enumerated() {
            let read = bytes[start..<min(bytes.count, start + chunk)]
            let before = decoder.heldBytes
            var got = decoder.feed(read)
            findings.expect(got.count <= read.count + before, "\(got.count) events from \(read.count) bytes and \(before) held")
            findings.expect(decoder.heldBytes <= InputDecoder.maxHeld + chunk, "\(decoder.heldBytes) bytes held between reads")
            if n % 3 == 2, decoder.isHolding {
                let held = decoder.heldBytes
                let flushed = decoder.flush()
                // One event per byte held, or the paste begun (its start read before).
                findings.expect(flushed.count <= max(1, held), "\(flushed.count) events from \(held) held bytes")
                got += flushed
            }
            items += got
        }
        items += decoder.flush()
        findings.expect(!decoder.isHolding, "bytes still held after a flush")
        findings.expect(items.count <= bytes.count, "\(items.count) events from \(bytes.count) bytes")
        for item in items { check(item, chunk: chunk, &findings) }

        guard splitsAlike(bytes) else { return }
        var whole = InputDecoder(keys: inputKeys)
        let once = whole.feed(bytes) + whole.flush()
        var cut = InputDecoder(keys: inputKeys)
        var pieces: [InputDecoder.Item] = []
        for start in stride(from: 0, to: bytes.count, by: chunk) { pieces += cut.feed(bytes[start..<min(bytes.count, start + chunk)]) }
        pieces += cut.flush()
        findings.expect(pieces == once, "reads of \(chunk) bytes decode otherwise than one read: \(pieces.count) events, not \(once.count)")
    }

    /// A terminfo entry's spellings (xterm's in keypad-transmit mode), none
    /// the start of another.
    static let inputKeys = TerminfoKeys([
        (Array("\u{1B}OA".utf8), .up), (Array("\u{1B}OB".utf8), .down), (Array("\u{1B}OD".utf8), .left),
        (Array("\u{1B}OC".utf8), .right), (Array("\u{1B}OH".utf8), .home), (Array("\u{1B}OF".utf8), .end),
        (Array("\u{1B}[5~".utf8), .pageUp), (Array("\u{1B}[6~".utf8), .pageDown), (Array("\u{1B}[3~".utf8), .delete),
        (Array("\u{1B}[Z".utf8), .backTab), (Array("\u{1B}OM".utf8), .enter), (Array("\u{1B}OP".utf8), .function(1)),
        (Array("\u{1B}[15~".utf8), .function(5)), (Array("\u{1B}[1;2P".utf8), .function(13)),
    ])

    private static func check(_ item: InputDecoder.Item, chunk: Int, _ findings: inout Findings) {
        switch item {
        case .input(.key(.char(let c))):
            findings.expect(!c.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "a raw control character as a key: \(c.debugDescription)")
        case .input(.key(.control(let c))):
            findings.expect(("a"..."z").contains(c), "Ctrl and \(c.debugDescription)")
        case .input(.key(.function(let n))):
            findings.expect((1...72).contains(n), "F\(n)")
        case .input(.mouse(let event)):
            findings.expect(event.x >= 0 && event.y >= 0, "a mouse report off the screen: \(event)")
        case .input(.paste(let text)):
            findings.expect(text.unicodeScalars.count <= InputDecoder.maxHeld + 2 * chunk, "a paste of \(text.unicodeScalars.count) characters")
        case .answer(.kitty(_, let message)):
            findings.expect(message.count <= 200, "a kitty answer of \(message.count) characters")
        default: break
        }
    }

    /// Whether any cut of `bytes` must decode as the whole: not when a
    /// control sequence's parameters run past what is held for one (64
    /// bytes) or the bytes pass `InputDecoder.maxHeld`, where a cut decides.
    static func splitsAlike(_ bytes: [UInt8]) -> Bool {
        guard bytes.count < InputDecoder.maxHeld else { return false }
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "[") {
                var j = i + 2
                while j < bytes.count, (0x20...0x3F).contains(bytes[j]) { j += 1 }
                if j - i > 60 { return false }
            }
            i += 1
        }
        return true
    }
}
