import FoundationEssentials
import PadGrid

/// iTerm2's inline images (OSC 1337 `File=`), which WezTerm shows too:
/// each placement is the preview's PNG, base64, drawn at the cursor into
/// the frame's cells (`width` and `height` in cells, the aspect kept). The
/// terminal keeps no image to place again, so, like sixel, a picture is
/// written only when what its place shows changed or a cell under it was
/// written; where a picture was and no longer is, the cells are written
/// again. Never down to the last row: a picture reaching it would scroll.
/// The format, from iTerm2's documentation ("Inline Images Protocol"):
/// `ESC ] 1337 ; File = inline=1;size=BYTES;width=Nc… : BASE64 BEL`.
package final class ITermPictures: PictureEncoder {
    private var drawn = DrawnPictures<UInt64>()
    /// Base64 of the PNGs sent lately, by content: a step back sends the same bytes.
    private var encoded: [(content: UInt64, base64: [UInt8])] = []
    private let keep = 8

    package init() {}

    /// The OSC 1337 sequence that draws `png` in `columns × rows` cells at the cursor.
    package static func sequence(png: [UInt8], base64: [UInt8]? = nil, columns: Int, rows: Int) -> [UInt8] {
        let data = base64 ?? Array(Data(png).base64EncodedData())
        let arguments = "inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=1"
        return Array("\u{1B}]1337;File=\(arguments):".utf8) + data + [0x07]
    }

    package func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect] {
        drawn.prepare(placements, fullRepaint: fullRepaint)
    }

    package func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8] {
        var out: [UInt8] = []
        for (slot, placement) in placements.enumerated() where !placement.png.isEmpty {
            let r = placement.rect
            let rows = min(r.height, screenHeight - 1 - r.y)
            guard rows > 0, r.width > 0 else { continue }
            guard drawn.needsWriting(slot, placement.content, at: r, repainted: repainted) else { continue }
            out += cursorTo(x: r.x, y: r.y)
            out += Self.sequence(png: placement.png, base64: base64(placement), columns: r.width, rows: rows)
        }
        return out.isEmpty ? [] : saveCursor + out + restoreCursor
    }

    private func base64(_ placement: PicturePlacement) -> [UInt8] {
        if let index = encoded.firstIndex(where: { $0.content == placement.content }) {
            let hit = encoded.remove(at: index)
            encoded.append(hit)
            return hit.base64
        }
        let data = Array(Data(placement.png).base64EncodedData())
        encoded.append((placement.content, data))
        if encoded.count > keep { encoded.removeFirst() }
        return data
    }

    package func freeAll() -> [UInt8] {
        drawn.forget()
        encoded = []
        return []
    }

    /// Nothing: the pictures go with the alternate screen.
    package var offScreen: [UInt8] { [] }

    package func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)? { nil }
}
