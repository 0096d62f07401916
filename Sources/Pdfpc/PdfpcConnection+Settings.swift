import SlideModel

/// How a pdfpc link behaves: where it goes, how often it polls, how much it fetches at once.
extension PdfpcConnection {
    public struct Settings: Sendable {
        /// `pdfpc://host:port`, as the user wrote it.
        public var address: String
        /// How the status line names the peer, e.g. "127.0.0.1".
        public var serverLabel: String
        public var countdownStep: Duration
        public var backoff: ReconnectBackoff
        public var fastPoll: Duration
        public var slowPoll: Duration
        public var activeWindow: Duration
        public var idlePoll: Duration
        public var idleAfter: Duration
        public var metaEvery: Duration
        public var maxPicturesInFlight: Int
        /// Fetch the whole deck's pictures and notes in the background.
        public var prefetch: Bool

        public init(address: String, serverLabel: String, countdownStep: Duration = .seconds(1),
                    backoff: ReconnectBackoff = ReconnectBackoff(), fastPoll: Duration = .milliseconds(100),
                    slowPoll: Duration = .seconds(1), activeWindow: Duration = .seconds(2),
                    idlePoll: Duration = .seconds(2), idleAfter: Duration = .seconds(60),
                    metaEvery: Duration = .seconds(10), maxPicturesInFlight: Int = 3, prefetch: Bool = true) {
            self.address = address
            self.serverLabel = serverLabel
            self.countdownStep = countdownStep
            self.backoff = backoff
            self.fastPoll = fastPoll
            self.slowPoll = max(slowPoll, fastPoll)
            self.activeWindow = activeWindow
            self.idlePoll = max(idlePoll, self.slowPoll)
            self.idleAfter = idleAfter
            self.metaEvery = metaEvery
            self.maxPicturesInFlight = max(1, maxPicturesInFlight)
            self.prefetch = prefetch
        }
    }
}
