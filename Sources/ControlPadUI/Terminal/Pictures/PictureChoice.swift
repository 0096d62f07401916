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
