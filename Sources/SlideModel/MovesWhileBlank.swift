/// What a move does while the screen is blank, as the source's show does
/// it: every move brings the slides back (the pad ends its BLANK and runs
/// the talk's timer again at once); where ← lands then is the show's own.
/// Each source's kind declares it (`DeclaresMovesWhileBlank`); the pad's
/// reducer heads by it (`PadState.movesWhileBlank`) and the help says it.
public enum MovesWhileBlank: Sendable, Equatable, CaseIterable {
    /// Every move ends the blank and moves: → forward, ← back (a step or a
    /// slide), a go-to there.
    case endBlankAndMove
    /// → and a go-to end the blank and move; ← only ends the blank, and the
    /// show stays where it was (LibreOffice 25.2 does so on
    /// `transition_previous`, docs/IMPRESS-REMOTE.md, "Blank says nothing").
    case backOnlyEndsBlank
}

/// A source kind that says what a move does while its screen is blank.
/// Every kind in the registry declares it, in one line of its kind's file
/// (`SourceRegistryTests` checks that none is left out); the command line
/// hands it to the pad. It is a requirement of its own, beside
/// `SourceKind`, until `SourceKind` (SourceKit) takes it in.
public protocol DeclaresMovesWhileBlank {
    var movesWhileBlank: MovesWhileBlank { get }
}
