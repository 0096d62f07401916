import SlideModel

/// What an Impress link is: who it pairs as, with whom, and how patiently.
extension ImpressConnection {
    public struct Settings: Sendable {
        public var clientName: String
        /// How the status line names the peer, e.g. "127.0.0.1".
        public var serverLabel: String
        /// The address as the user wrote it, e.g. "127.0.0.1:1599".
        public var address: String
        /// `--pin`: used instead of a stored or random PIN.
        public var pinOverride: String?
        /// How long the pair request may go unanswered (zero: forever).
        public var pairingTimeout: Duration
        /// How often "reconnecting in N s" is refreshed.
        public var countdownStep: Duration
        public var backoff: ReconnectBackoff
        public var pacer: NavigationPacer
        public var maxMessageBytes: Int
        public var maxMessageLines: Int
        /// How long Impress may stay silent after pairing, or after presses
        /// it always answers, before the pad says its remote is stuck
        /// (`ImpressConnection.AnswerWatch`).
        public var answerTimeout: Duration

        public init(clientName: String, serverLabel: String, address: String, pinOverride: String? = nil,
                    pairingTimeout: Duration = .seconds(4), countdownStep: Duration = .seconds(1),
                    backoff: ReconnectBackoff = ReconnectBackoff(), pacer: NavigationPacer = NavigationPacer(),
                    maxMessageBytes: Int = ImpressFramer.defaultMaxMessageBytes,
                    maxMessageLines: Int = ImpressFramer.defaultMaxLines,
                    answerTimeout: Duration = .seconds(6)) {
            self.clientName = clientName
            self.serverLabel = serverLabel
            self.address = address
            self.pinOverride = pinOverride
            self.pairingTimeout = pairingTimeout
            self.countdownStep = countdownStep
            self.backoff = backoff
            self.pacer = pacer
            self.maxMessageBytes = maxMessageBytes
            self.maxMessageLines = maxMessageLines
            self.answerTimeout = answerTimeout
        }
    }
}
