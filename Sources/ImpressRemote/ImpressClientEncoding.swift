import SlideModel

/// Bytes a client sends to an Impress Remote server. LF only: a CR makes the
/// server close the pairing or ignore the command, so none is ever produced.
public enum ImpressClientEncoding {
    /// The pair request, to be written in **one** write: the server reads it
    /// with blocking reads on its only accepting thread, so a request split
    /// across packets can stall every other client's pairing.
    ///
    /// Line breaks and control characters in `name` become spaces (they would
    /// end the line early); an empty name becomes "ControlPad".
    public static func pairRequest(name: String, pin: String) -> [UInt8] {
        var clean = String(String.UnicodeScalarView(name.unicodeScalars.map { Notes.isControl($0) ? " " : $0 }))
        while clean.first == " " { clean.removeFirst() }
        while clean.last == " " { clean.removeLast() }
        if clean.isEmpty { clean = "ControlPad" }
        let digits = String(pin.filter { ("0"..."9").contains($0) })
        return Array("LO_SERVER_CLIENT_PAIR\n\(clean)\n\(digits)\n\n".utf8)
    }

    /// The message for `command`, or nil when it cannot be sent (a negative
    /// slide index).
    public static func encode(_ command: SourceCommand) -> [UInt8]? {
        let lines: [String]
        switch command {
        case .next: lines = ["transition_next"]
        case .previous: lines = ["transition_previous"]
        case .goto(let index):
            guard index >= 0 else { return nil }
            lines = ["goto_slide", String(index)]
        case .start: lines = ["presentation_start"]
        case .stop: lines = ["presentation_stop"]
        case .blank: lines = ["presentation_blank_screen"]
        case .resume: lines = ["presentation_resume"]
        case .pointerStarted(let x, let y): lines = ["pointer_started", coordinate(x), coordinate(y)]
        case .pointerMoved(let x, let y): lines = ["pointer_coordination", coordinate(x), coordinate(y)]
        case .pointerDismissed: lines = ["pointer_dismissed"]
        case .ink: return nil  // Impress Remote has no ink
        }
        // Byte by byte, not by joining strings: this is on a key's way to the wire.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        for line in lines {
            bytes += line.utf8
            bytes.append(0x0A)
        }
        bytes.append(0x0A)
        return bytes
    }

    /// `value` clamped to 0...1, written as `0.1234`: always a '.' decimal
    /// point and never an exponent, whatever the locale (the server parses
    /// with a C-locale float reader). Not a number counts as 0.
    public static func coordinate(_ value: Double) -> String {
        let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
        let tenThousandths = Int((clamped * 10_000).rounded())
        let whole = tenThousandths / 10_000
        let fraction = String(tenThousandths % 10_000)
        return "\(whole)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}
