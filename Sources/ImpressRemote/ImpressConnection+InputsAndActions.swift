import SlideModel

/// What an Impress link is told (inputs), what it says to do (actions), and where it stands.
extension ImpressConnection {
    public enum Timer: Sendable, Hashable, CountdownTimer { case pairing, countdown, heldNavigation, drain, answer }

    /// What happened.
    public enum Input: Sendable {
        /// Begin; `storedPin` is the PIN this server accepted before (read
        /// by the driver off its event loop), `freshPin` one to use if none.
        case start(storedPin: String?, freshPin: String)
        /// Begin on a socket another process handed over (`Adoption`), instead of connecting and pairing.
        case adopt(storedPin: String?, freshPin: String, Adoption)
        /// Stop, leaving the socket open for another process (`handOverState`);
        /// a link that is not paired and open simply stops.
        case handOver
        case connected
        case connectFailed(LinkProblem)
        case received([UInt8])
        /// An error on the open connection (it closes next).
        case failed(LinkProblem)
        case closed
        case send(SourceCommand)
        case timerFired(Timer)
        /// The presenter asks to reconnect now.
        case retryNow
        case stop
    }

    /// What to do.
    public enum Action: Sendable, Equatable, LinkLifeAction {
        case connect
        /// Bytes for the socket, in one write: the pair request, or `command`.
        case write([UInt8], command: SourceCommand?)
        case close
        case arm(Timer, after: Duration)
        case cancel(Timer)
        case emit(SourceEvent)
        /// The server accepted this PIN for our name: keep it for this server.
        case storePin(String)
        /// A command that could not go out (not paired, stopped).
        case dropped(SourceCommand)
        case log(ImpressLogLevel, String)
    }

    /// Open, but closing as soon as Impress has finished streaming the
    /// show's previews (`PreviewStream`), then stopping or reconnecting.
    struct Draining: Sendable, Equatable {
        var until: Duration
        var then: AfterDraining
    }

    /// A link another process kept: what Impress told it (`ShowTranscript.bytes`
    /// and the bytes of a message half read), and its stream's state.
    public struct Adoption: Sendable, Equatable {
        public var transcript: [UInt8]
        public var stream: PreviewStream

        public init(transcript: [UInt8], stream: PreviewStream) {
            self.transcript = transcript
            self.stream = stream
        }

        /// The same on another clock (`PreviewStream.rebased`).
        public func rebased(from: Duration, to: Duration) -> Adoption {
            Adoption(transcript: transcript, stream: stream.rebased(from: from, to: to))
        }
    }

    enum AfterDraining: Sendable, Equatable {
        case stop
        case reconnect(LinkProblem)
    }
}

extension ImpressConnection.Input {
    var command: SourceCommand? { if case .send(let c) = self { c } else { nil } }
    var isClosed: Bool { if case .closed = self { true } else { false } }
}
