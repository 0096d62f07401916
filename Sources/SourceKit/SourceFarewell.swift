/// What a source says once the pad has left, for the terminal: whether the
/// show still runs, in words. Impress over UNO's bridge says it as it
/// leaves ("the show ended, and LibreOffice closed the deck"; a deck kept
/// open for its unsaved changes), after the pad has stopped.
public struct SourceFarewell: Sendable, Equatable {
    public var words: String
    /// The show still runs for the room.
    public var showRuns: Bool

    public init(words: String, showRuns: Bool) {
        self.words = words
        self.showRuns = showRuns
    }
}

/// A source whose app says, as the source leaves, what it did.
public protocol SaysFarewell {
    /// After `shutdown` (or `leave`): the app's last words, waited for at
    /// most `within`; nil when it said none (or none was asked for).
    func farewell(within: Duration) -> SourceFarewell?
}
