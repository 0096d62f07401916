import SlideModel

/// Everything the config file can set. Defaults are what the pad does with
/// no file at all.
package struct PadConfig: Equatable {
    package var bindings = KeyBindings.standard
    package var animation = true
    /// The talk's planned length, for time left and pace.
    package var talkDuration: Duration?
    /// The agenda file (`agenda`), relative to the config file's folder when not absolute.
    package var agenda: String?
    /// When to tell the presenter (`alert`: time left, a section over, the talk over; the bell).
    package var alerts = AlertRules()
    /// `connect` with no HOST uses this.
    package var server: String?
    /// Each source kind's settings by its id (`[source.ID]`, or the top-level
    /// keys the kind declares), for the options not given on the command line.
    package var sources: [String: [String: String]] = [:]
    package var cellAspect: Double?
    package var pictures = PictureChoice.auto
    /// The layout a server starts in until one was chosen for it (kept in the state directory).
    package var layout = LayoutMode.slides
    /// Looks that replace the standard theme's, role by role.
    package var looks: [Role: RoleLook] = [:]
    /// Box glyphs of the panes, and of each kind of popover.
    package var paneBox = BoxGlyphs.square
    /// `[theme] background`: light, dark, or asked of the terminal.
    package var themeBackground = ThemeChoice.auto
    package var popovers: [PopoverKind: PopoverTheme] = [:]

    package init() {}

    package func popoverTheme(_ kind: PopoverKind) -> PopoverTheme { popovers[kind] ?? PopoverTheme() }
}
