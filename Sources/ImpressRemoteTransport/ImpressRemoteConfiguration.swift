import SlideModel
import ImpressRemote

/// Everything an `ImpressRemoteSource` needs to know, with the defaults a
/// user wants; tests shorten the times.
public struct ImpressRemoteConfiguration: Sendable {
    public var address: ImpressServerAddress
    /// The name Impress shows and authorises, with the PIN.
    public var clientName: String
    /// `--pin`: used instead of a stored or random PIN.
    public var pinOverride: String?
    /// Where accepted PINs are kept; nil keeps none.
    public var pairingStore: (any PairingStoring)?
    /// A fresh PIN when none is given or stored (random 4 digits; tests fix it).
    public var makePin: @Sendable () -> String
    public var connectTimeout: Duration
    /// How long the server may leave the pair request unanswered (neither
    /// paired nor "type the PIN") before the connection is dropped and tried
    /// again with the reason "no answer from Impress". Waiting for a person
    /// to type the PIN is not limited.
    public var pairingTimeout: Duration
    /// Delays between reconnect attempts (1, 2, 4 … 15 s).
    public var backoff: ReconnectBackoff
    /// How often "reconnecting in N s" is refreshed during a wait.
    public var countdownStep: Duration
    /// Quiet needed before a press is sent as a step, not a go-to, and how
    /// long a step may go unconfirmed (see `NavigationPacer`).
    public var navigationQuietGap: Duration
    public var navigationAckTimeout: Duration
    /// How long a first step waits after the show was seen (`NavigationPacer.firstStepWait`).
    public var navigationFirstStepWait: Duration
    /// Caps for one incoming message.
    public var maxMessageBytes: Int
    public var maxMessageLines: Int

    public init(
        address: ImpressServerAddress,
        clientName: String,
        pinOverride: String? = nil,
        pairingStore: (any PairingStoring)? = nil,
        makePin: @escaping @Sendable () -> String = {
            var rng = SystemRandomNumberGenerator()
            return ImpressPin.random(using: &rng)
        },
        connectTimeout: Duration = .seconds(5),
        pairingTimeout: Duration = .seconds(4),
        backoff: ReconnectBackoff = ReconnectBackoff(),
        countdownStep: Duration = .seconds(1),
        navigationQuietGap: Duration = NavigationPacer.defaultQuietGap,
        navigationAckTimeout: Duration = NavigationPacer.defaultAckTimeout,
        navigationFirstStepWait: Duration = NavigationPacer.defaultFirstStepWait,
        maxMessageBytes: Int = ImpressFramer.defaultMaxMessageBytes,
        maxMessageLines: Int = ImpressFramer.defaultMaxLines
    ) {
        self.address = address
        self.clientName = clientName
        self.pinOverride = pinOverride
        self.pairingStore = pairingStore
        self.makePin = makePin
        self.connectTimeout = connectTimeout
        self.pairingTimeout = pairingTimeout
        self.backoff = backoff
        self.countdownStep = countdownStep
        self.navigationQuietGap = navigationQuietGap
        self.navigationAckTimeout = navigationAckTimeout
        self.navigationFirstStepWait = navigationFirstStepWait
        self.maxMessageBytes = maxMessageBytes
        self.maxMessageLines = maxMessageLines
    }
}
