/// What the pad ended up drawing slides with, and why (for `--log` and help).
package struct PictureMode: Equatable {
    package enum Kind: String { case kitty, kittyPlaceholders, sixel, iterm, blocks, none }
    package var kind: Kind
    package var reason: String

    package init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The name the help shows.
    package var label: String {
        switch kind {
        case .kitty: "kitty graphics"
        case .kittyPlaceholders: "kitty graphics through tmux (Unicode placeholders)"
        case .sixel: "sixel"
        case .iterm: "iTerm2 inline images"
        case .blocks: "half-blocks"
        case .none: "none"
        }
    }
}
