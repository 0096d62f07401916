/// `--pictures` and the config's `pictures`: how slides are drawn.
package enum PictureChoice: String, CaseIterable, Sendable {
    /// Ask the terminal at start: kitty graphics, else sixel, else half-blocks.
    case auto
    case kitty, sixel
    /// Half-block cells (every terminal with colour).
    case blocks
    /// No pictures: the panes say a preview is ready.
    case none
}

/// What the pad ended up drawing slides with, and why (for `--log` and help).
struct PictureMode: Equatable {
    enum Kind: String { case kitty, sixel, blocks, none }
    var kind: Kind
    var reason: String

    /// The name the help shows.
    var label: String {
        switch kind {
        case .kitty: "kitty graphics"
        case .sixel: "sixel"
        case .blocks: "half-blocks"
        case .none: "none"
        }
    }
}
