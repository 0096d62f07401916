import PadConfig
import SlideModel
/// What the person asked of the pad at start (the command line's words,
/// already checked): plain values, so the pad does not know how they were
/// given. Unset ones fall back on the config file, then the defaults.
package struct PadSettings: Sendable {
    package var noAnimation = false
    package var color = ColorChoice.auto
    /// How many times taller than wide a cell is.
    package var cellAspect: Double?
    package var pictures: PictureChoice?
    /// `--theme`: colours for a light or a dark terminal (nil: the config's, else auto).
    package var theme: ThemeChoice?
    /// The config file, instead of $XDG_CONFIG_HOME/controlpad/config.toml.
    package var config: String?
    /// The talk's planned length, as typed (`DurationText`).
    package var duration: String?
    /// Where to write one CSV row per slide visit.
    package var rehearsalLog: String?
    /// A rehearsal log to pace the talk against (the latest of FILE, FILE-2, … wins).
    package var paceFrom: String?
    /// The talk's agenda (`AgendaFile`), instead of the config's.
    package var agenda: String?
    /// `--alert`: when to tell the presenter (`AlertText`), instead of the config's.
    package var alert: String?
    /// `--utf8`: draw UTF-8 although the locale is not (a UTF-8 terminal behind LANG=C).
    package var utf8 = false
    /// What quitting does to what the audience sees, said in the quit
    /// question (`present`: the browser keeps showing the deck); nil: nothing.
    package var quitNote: String?
    /// A confirmed quit ends the show first (`PadState.quitEndsTheShow`).
    package var quitEndsTheShow = false
    /// What the stop key says on a source with no show to stop (nil: it asks, then stops).
    package var noShowToStop: String?
    /// What a move does while the source's screen is blank (its kind says).
    package var movesWhileBlank = MovesWhileBlank.endBlankAndMove
    /// The source shows a slide at any step (`PadState.picturesAtSteps`).
    package var picturesAtSteps = false
    /// The source takes ink (`SourceCapabilities.ink`): `i` and `e` work (`PadState.inkOffer`).
    package var inkOffer: InkOffer?

    package init() {}
}
