/// What a source can do beyond moving through the show. The help says what
/// a key does not do on a source without it, `send` refuses what cannot be
/// done before sending it, and the pad offers only what is there.
public struct SourceCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A laser pointer the pad's clicks move.
    public static let pointer = SourceCapabilities(rawValue: 1 << 0)
    /// A show that starts and stops (F5, Esc); without it the source always presents.
    public static let startStop = SourceCapabilities(rawValue: 1 << 1)
    /// Pairs with a PIN typed into the presenting app.
    public static let pairing = SourceCapabilities(rawValue: 1 << 2)
    /// Renders a slide's picture at the size the pad asks for (not one size pushed).
    public static let picturesAnySize = SourceCapabilities(rawValue: 1 << 3)
    /// Steps through animations (a `next` may not change the slide).
    public static let animationSteps = SourceCapabilities(rawValue: 1 << 4)
    /// Blanks the screen and resumes.
    public static let blank = SourceCapabilities(rawValue: 1 << 5)
    /// Says when a command was carried out (a slide change, the show's start
    /// or stop), so `send` can wait for it.
    public static let confirmsCommands = SourceCapabilities(rawValue: 1 << 6)
    /// Clients that come and go harm the presenting app (LibreOffice's
    /// remote server crashes, docs/IMPRESS-REMOTE.md): `send` goes through
    /// one link kept for the show (`KeptLink`), never a connection of its own.
    public static let oneKeptLink = SourceCapabilities(rawValue: 1 << 7)
    /// Shows a slide at any of its steps (`PictureWant.step`): the next
    /// pane shows the current slide after the next →, as the room will see it.
    public static let picturesAtSteps = SourceCapabilities(rawValue: 1 << 8)
    /// Ink on the room's screen: `i` toggles ink mode, a drag over the
    /// current slide draws a stroke there, `e` erases the slide's ink
    /// (`SourceCommand.ink`). What each source does with it, its kind's
    /// `keyNotes` say.
    public static let ink = SourceCapabilities(rawValue: 1 << 9)
    /// A pen of the source's own that the pad switches on and off and clears
    /// (`SourceCommand.ink(.mode)`, `.ink(.clear)`), but whose strokes come
    /// only from the presenting computer's mouse (pdfpc): a drag on the pad
    /// draws nothing there.
    public static let ownPen = SourceCapabilities(rawValue: 1 << 10)
}
