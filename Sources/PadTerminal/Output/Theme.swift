import PadConfig
/// The look of every role: the standard ones, and the config's over them.
struct Theme: Equatable, Sendable {
    var looks: [Role: RoleLook]

    func look(_ role: Role) -> RoleLook { looks[role] ?? RoleLook() }

    /// The standard theme for a terminal with `colors` colours; with fewer
    /// than 8 (or NO_COLOR) only attributes tell roles apart.
    /// - 256 and more: greys for frames, a dark grey status bar;
    /// - 16 (xterm-16color, rxvt): bright black for frames, bright white
    ///   on blue for the bar, plain white for its quieter parts;
    /// - 8 (the Linux console, `TERM=xterm`): no grey exists, so quiet text
    ///   is dim (the console shows it half-bright) and frames are the
    ///   terminal's own colour; the bar is white on blue, bold where it
    ///   must stand out (bold is the console's bright).
    static func standard(colors: Int, light: Bool = false) -> Theme {
        if colors < 8 { return monochrome }
        if light { return standardLight(colors: colors) }
        let rich = colors >= 256, sixteen = colors >= 16
        let grey: CellColor = rich ? .indexed(244) : (sixteen ? .indexed(8) : .terminalDefault)
        let bar: CellColor = rich ? .indexed(236) : .indexed(4)
        let barText: CellColor = rich ? .indexed(252) : (sixteen ? .indexed(15) : .indexed(7))
        return Theme(looks: [
            .text: RoleLook(),
            .dim: RoleLook(foreground: grey, dim: !sixteen),
            .border: RoleLook(foreground: grey),
            .title: RoleLook(bold: true),
            .accent: RoleLook(foreground: .indexed(6)),
            .status: RoleLook(foreground: barText, background: bar, bold: !sixteen),
            .statusDim: RoleLook(foreground: rich ? .indexed(245) : .indexed(7), background: bar),
            .warning: RoleLook(foreground: .indexed(0), background: .indexed(3), bold: true),
            .selection: RoleLook(reverse: true),
            .current: RoleLook(foreground: .indexed(2), bold: true),
            .banner: RoleLook(foreground: .indexed(3), bold: true),
            .placeholder: RoleLook(foreground: grey, dim: !sixteen),
            .paceTight: RoleLook(foreground: .indexed(3), background: bar, bold: true),
            .paceOver: RoleLook(foreground: .indexed(1), background: bar, bold: true),
        ])
    }

    /// The standard theme on a light background (black on white xterm, a
    /// light theme): the dark theme's bright green timer, cyan clock and
    /// yellow notices hardly read on white, so they are dark green, blue
    /// and dark orange; the status bar is light grey with dark text. With
    /// 8 or 16 colours bold is often shown bright, so the timer is not bold.
    static func standardLight(colors: Int) -> Theme {
        let rich = colors >= 256, sixteen = colors >= 16
        let grey: CellColor = rich ? .indexed(242) : (sixteen ? .indexed(8) : .terminalDefault)
        let bar: CellColor = rich ? .indexed(252) : .indexed(4)
        let barText: CellColor = rich ? .indexed(235) : (sixteen ? .indexed(15) : .indexed(7))
        return Theme(looks: [
            .text: RoleLook(),
            .dim: RoleLook(foreground: grey, dim: !sixteen),
            .border: RoleLook(foreground: rich ? .indexed(245) : grey),
            .title: RoleLook(bold: true),
            .accent: RoleLook(foreground: rich ? .indexed(25) : .indexed(4)),
            .status: RoleLook(foreground: barText, background: bar, bold: !sixteen),
            .statusDim: RoleLook(foreground: rich ? .indexed(240) : .indexed(7), background: bar),
            .warning: RoleLook(foreground: .indexed(0), background: .indexed(3), bold: true),
            .selection: RoleLook(reverse: true),
            .current: RoleLook(foreground: rich ? .indexed(28) : .indexed(2), bold: rich),
            .banner: RoleLook(foreground: rich ? .indexed(130) : .indexed(5), bold: rich),
            .placeholder: RoleLook(foreground: grey, dim: !sixteen),
            .paceTight: RoleLook(foreground: rich ? .indexed(130) : .indexed(3), background: bar, bold: true),
            .paceOver: RoleLook(foreground: rich ? .indexed(160) : .indexed(1), background: bar, bold: true),
        ])
    }

    static let monochrome = Theme(looks: [
        .text: RoleLook(),
        .dim: RoleLook(dim: true),
        .border: RoleLook(),
        .title: RoleLook(bold: true),
        .accent: RoleLook(bold: true),
        .status: RoleLook(reverse: true),
        .statusDim: RoleLook(reverse: true),
        .warning: RoleLook(bold: true, reverse: true),
        .selection: RoleLook(reverse: true),
        .current: RoleLook(bold: true),
        .banner: RoleLook(bold: true),
        .placeholder: RoleLook(dim: true),
        .paceTight: RoleLook(bold: true, reverse: true),
        .paceOver: RoleLook(bold: true, reverse: true, underline: true),
    ])
}
