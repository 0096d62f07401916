import PadConfig
/// The look of every role: the standard ones, and the config's over them.
struct Theme: Equatable, Sendable {
    var looks: [Role: RoleLook]

    func look(_ role: Role) -> RoleLook { looks[role] ?? RoleLook() }

    /// The standard theme for a terminal with `colors` colours; with fewer
    /// than 8 (or NO_COLOR) only attributes tell roles apart.
    static func standard(colors: Int) -> Theme {
        if colors < 8 { return monochrome }
        let rich = colors >= 256
        let grey: CellColor = rich ? .indexed(244) : (colors >= 16 ? .indexed(8) : .terminalDefault)
        let bar: CellColor = rich ? .indexed(236) : .indexed(4)
        let barText: CellColor = rich ? .indexed(252) : .indexed(7)
        return Theme(looks: [
            .text: RoleLook(),
            .dim: RoleLook(foreground: grey, dim: !rich && colors < 16),
            .border: RoleLook(foreground: grey),
            .title: RoleLook(bold: true),
            .accent: RoleLook(foreground: .indexed(6)),
            .status: RoleLook(foreground: barText, background: bar),
            .statusDim: RoleLook(foreground: rich ? .indexed(245) : .indexed(7), background: bar),
            .warning: RoleLook(foreground: .indexed(0), background: .indexed(3), bold: true),
            .selection: RoleLook(reverse: true),
            .current: RoleLook(foreground: .indexed(2), bold: true),
            .banner: RoleLook(foreground: .indexed(3), bold: true),
            .placeholder: RoleLook(foreground: grey),
            .paceTight: RoleLook(foreground: .indexed(3), background: bar, bold: true),
            .paceOver: RoleLook(foreground: .indexed(1), background: bar, bold: true),
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
