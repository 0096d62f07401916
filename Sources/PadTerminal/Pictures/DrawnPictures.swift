import PadGrid

/// What a protocol whose pictures the terminal keeps only as what is on
/// screen (sixel, iTerm2's images, kitty's placeholders) drew where, by
/// the placement's slot in the frame: a picture is written again only when
/// what its place shows changed or a cell under it was written, and where
/// a picture was and no longer is, the cells are written again.
struct DrawnPictures<What: Equatable> {
    private var drawn: [Int: (what: What, rect: Rect)] = [:]

    /// The rectangles pictures left (their cells to be written again);
    /// a full repaint writes every cell, and forgets what was drawn.
    mutating func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect] {
        if fullRepaint { drawn = [:]; return [] }
        var gone: [Rect] = []
        for (slot, old) in drawn {
            let new = placements.indices.contains(slot) ? placements[slot].rect : nil
            if new != old.rect { gone.append(old.rect); drawn[slot] = nil }
        }
        return gone
    }

    /// Whether slot `slot` must be written (`what` at `rect`), noted as
    /// written if so. `repainted`: a cell under `rect` was written.
    mutating func needsWriting(_ slot: Int, _ what: What, at rect: Rect, repainted: (Rect) -> Bool) -> Bool {
        if let old = drawn[slot], old.what == what, old.rect == rect, !repainted(rect) { return false }
        drawn[slot] = (what, rect)
        return true
    }

    mutating func forget() { drawn = [:] }
}
