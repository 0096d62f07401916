import SlideModel

/// What a pdfpc link is told (inputs) and what it says to do (actions), and the words for them.
extension PdfpcConnection {
    public enum Timer: Sendable, Hashable, CountdownTimer { case poll, countdown }

    /// Why a request got no answer.
    public enum Failure: NetworkFailure {
        case refused, reset, timedOut, hostNotFound, unreachable
        /// The answer was longer than the driver accepts.
        case tooLarge(limit: Int)
        /// `pdfpcs://`: TLS refused the server, in OpenSSL's words.
        case tls(String)
        case other(String)

        public var description: String {
            switch self {
            case .tooLarge(let limit): "answer larger than \(limit >> 20) MB"
            case .tls(let text), .other(let text): text
            default: sharedDescription ?? ""
            }
        }
    }

    /// What happened.
    public enum Input: Sendable {
        case start
        /// Request `id` was answered with `status` and `body`.
        case answered(id: Int, status: Int, body: [UInt8])
        case failed(id: Int, Failure)
        case send(SourceCommand)
        case want([PictureWant])
        case timerFired(Timer)
        case retryNow
        case stop
    }

    /// What to do.
    public enum Action: Sendable, Equatable, LinkLifeAction {
        /// Make this request; `command` is the press it carries out, if any.
        case request(id: Int, PdfpcAPI.Request, command: SourceCommand?)
        /// Forget every request in flight: their answers are of no use now.
        case abandonRequests
        case arm(Timer, after: Duration)
        case cancel(Timer)
        case emit(SourceEvent)
        /// A command that could not go out (not connected, no such thing in pdfpc).
        case dropped(SourceCommand)
        case log(SourceLogLevel, String)
    }

    /// While the link's life is `connecting`: what the handshake waits for.
    enum Handshake: Sendable, Equatable {
        case helo, meta, state
    }
}

extension PdfpcConnection.Input {
    var command: SourceCommand? { if case .send(let c) = self { c } else { nil } }
}
