import SlideModel

/// Why a byte stream stopped being an Impress Remote conversation. After one
/// of these the connection is broken: the framer refuses further bytes and the
/// transport closes the socket (and reconnects).
public enum ImpressFramingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One message (all its lines) grew past `limit` bytes.
    case messageTooLarge(limit: Int)
    /// One message had more than `limit` lines.
    case tooManyLines(limit: Int)

    public var description: String {
        switch self {
        case .messageTooLarge(let limit):
            return "protocol error: a message larger than \(limit) bytes"
        case .tooManyLines(let limit):
            return "protocol error: a message with more than \(limit) lines"
        }
    }
}

/// Cuts an Impress Remote byte stream into messages, fed in arbitrary chunks.
///
/// A message is one or more lines ended by LF and closed by an empty line; its
/// first line is the name, the rest are arguments. A CR anywhere is dropped
/// (so CRLF input works, though LibreOffice never sends it). Bytes that are not
/// UTF-8 become U+FFFD rather than an error. Both a message's size and its line
/// count are capped, checked while bytes arrive, so a peer that never sends a
/// line end cannot make the buffer grow without bound.
public struct ImpressFramer: Sendable {
    /// A 320×240 preview is ~10 KB of base64; 1 MiB leaves room for big slides.
    public static let defaultMaxMessageBytes = 1 << 20
    /// The longest real message has 3 lines.
    public static let defaultMaxLines = 64

    public let maxMessageBytes: Int
    public let maxLines: Int

    /// Bytes of the line not yet ended by LF (CRs already dropped).
    private var partialLine: [UInt8] = []
    /// Finished lines of the message not yet closed by an empty line.
    private var lines: [String] = []
    /// Bytes held in `lines`, for the size cap.
    private var linesBytes = 0
    /// Set by the first error; every later `feed` throws it again.
    public private(set) var failure: ImpressFramingError?

    public init(maxMessageBytes: Int = defaultMaxMessageBytes, maxLines: Int = defaultMaxLines) {
        self.maxMessageBytes = max(1, maxMessageBytes)
        self.maxLines = max(1, maxLines)
    }

    /// True when bytes of an unfinished message are held: a connection that
    /// ends now ends mid-message (a truncated message, dropped).
    public var isMidMessage: Bool { !partialLine.isEmpty || !lines.isEmpty }

    /// The bytes of the unfinished message, as they came (CRs dropped): what
    /// a connection handed to another process must give with it (`ShowTranscript`).
    public var pendingBytes: [UInt8] {
        lines.flatMap { Array($0.utf8) + [0x0A] } + partialLine
    }

    /// Feeds the next chunk; returns every message it completed, in order,
    /// each as its lines (name first). On an error, messages completed
    /// earlier in the same chunk are lost: use `feed(_:into:)` to keep them.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) throws(ImpressFramingError) -> [[String]] {
        var done: [[String]] = []
        try feed(bytes, into: &done)
        return done
    }

    /// Feeds the next chunk, appending each completed message to `messages`
    /// as it completes, so that those before an error in the same chunk are
    /// still there when it throws.
    public mutating func feed<Bytes: Sequence<UInt8>>(
        _ bytes: Bytes, into messages: inout [[String]]
    ) throws(ImpressFramingError) {
        if let failure { throw failure }
        for byte in bytes {
            switch byte {
            case 0x0D:
                continue
            case 0x0A:
                try endLine(into: &messages)
            default:
                partialLine.append(byte)
                if linesBytes + partialLine.count > maxMessageBytes {
                    try fail(.messageTooLarge(limit: maxMessageBytes))
                }
            }
        }
    }

    /// Forgets any unfinished message and a past failure: for a new connection.
    public mutating func reset() {
        partialLine = []
        lines = []
        linesBytes = 0
        failure = nil
    }

    private mutating func endLine(into done: inout [[String]]) throws(ImpressFramingError) {
        if partialLine.isEmpty {
            // An empty line closes the message; one between messages is noise.
            if !lines.isEmpty {
                done.append(lines)
                lines = []
                linesBytes = 0
            }
            return
        }
        if lines.count >= maxLines { try fail(.tooManyLines(limit: maxLines)) }
        lines.append(String(decoding: partialLine, as: UTF8.self))
        linesBytes += partialLine.count + 1
        partialLine.removeAll(keepingCapacity: true)
    }

    private mutating func fail(_ error: ImpressFramingError) throws(ImpressFramingError) {
        failure = error
        partialLine = []
        lines = []
        linesBytes = 0
        throw error
    }
}
