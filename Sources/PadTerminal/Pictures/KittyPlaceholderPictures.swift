import FoundationEssentials
import PadGrid

/// kitty's images through tmux, with Unicode placeholders (kitty 0.28 and
/// later; tmux with `allow-passthrough on`), as presenterm, yazi and chafa
/// draw them. Each place a slide is shown is an image of its own, sent once
/// through tmux's passthrough (`DCS tmux; … ST`, every ESC doubled) with a
/// virtual placement of the place's cells (`a=p,U=1,c=,r=`); the picture
/// itself is text: every cell of the place is U+10EEEE in a foreground
/// colour that says the image (`38;5;N`, the id's low byte; a third
/// diacritic its high byte), the first cell of each row with the row's and
/// the column's diacritics (the rest of the row follows from it). tmux keeps
/// that text like any other, so the picture moves with its pane, comes back
/// after a window switch and goes with the text over it. Like sixel, the
/// text is written only when its place changed or a cell under it was
/// written. The format is kitty's ("Unicode placeholders" in its graphics
/// protocol); kitty 0.26, the one here, has none, so it is tested by bytes.
package final class KittyPlaceholderPictures: PictureEncoder {
    private struct Key: Hashable { var slide: Int; var place: Int }
    private struct Sent { var content: UInt64; var columns: Int; var rows: Int; var use: Int }
    private struct Drawn: Equatable { var id: UInt32; var content: UInt64 }
    private var sent: [Key: Sent] = [:]
    private var drawn = DrawnPictures<Drawn>()
    private var uses = 0
    /// Set by a full repaint (a resize): every image goes before new ones.
    private var clearFirst = false
    package let keep: Int

    package init(keep: Int = PictureLimits.kittyImages) {
        self.keep = keep
    }

    /// The placeholder character.
    static let placeholder: UInt32 = 0x10EEEE

    /// The image of a slide at its `place`-th place (1: the first) on screen:
    /// a low byte of 16–255 (a foreground colour of the 256, never one of
    /// the 16 that tmux may write as SGR 30–37 or 90–97) and a high byte.
    package static func imageID(slide: Int, place: Int) -> UInt32 {
        let index = max(0, slide) * 4 + min(3, max(0, place - 1))
        return UInt32(truncatingIfNeeded: (index / 240) % 256) << 24 | UInt32(16 + index % 240)
    }

    /// `bytes` as tmux passes them to the terminal outside: `ESC P tmux;`,
    /// every ESC doubled, `ESC \`.
    package static func passthrough(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        out.reserveCapacity(bytes.count + 16)
        for byte in bytes {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        return out + [0x1B, 0x5C]
    }

    /// One row of `columns` placeholder cells of image `id`, row `row`, in
    /// the image's colour: the first cell with the row's, the first column's
    /// and the id's high byte's diacritics, the rest bare.
    package static func placeholderRow(id: UInt32, row: Int, columns: Int) -> [UInt8] {
        let marks = KittyPlaceholderDiacritics.all
        guard columns > 0, row < marks.count else { return [] }
        var out = Array("\u{1B}[38;5;\(id & 0xFF)m".utf8)
        func append(_ scalar: UInt32) { out += Array(String(Character(Unicode.Scalar(scalar)!)).utf8) }
        append(placeholder)
        append(marks[row])
        append(marks[0])
        append(marks[Int(id >> 24)])
        for _ in 1..<columns { append(placeholder) }
        return out + Array("\u{1B}[39m".utf8)
    }

    package func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect] {
        if fullRepaint { clearFirst = !sent.isEmpty }
        return drawn.prepare(placements, fullRepaint: fullRepaint)
    }

    package func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8] {
        var out: [UInt8] = []
        if clearFirst {
            out += freeAll()
            clearFirst = false
        }
        var places: [Int: Int] = [:]
        var inUse: Set<Key> = []
        for (slot, placement) in placements.enumerated() where !placement.png.isEmpty {
            places[placement.slide, default: 0] += 1
            let key = Key(slide: placement.slide, place: places[placement.slide]!)
            let id = Self.imageID(slide: key.slide, place: key.place)
            let r = placement.rect
            let rows = min(r.height, screenHeight - 1 - r.y, KittyPlaceholderDiacritics.all.count)
            guard rows > 0, r.width > 0 else { continue }
            inUse.insert(key)
            uses += 1
            if let old = sent[key], old.content == placement.content {
                if old.columns != r.width || old.rows != rows {
                    out += Self.passthrough(command("a=p,U=1,i=\(id),c=\(r.width),r=\(rows),q=2"))
                }
            } else {
                out += transmit(placement.png, id: id)
                out += Self.passthrough(command("a=p,U=1,i=\(id),c=\(r.width),r=\(rows),q=2"))
            }
            sent[key] = Sent(content: placement.content, columns: r.width, rows: rows, use: uses)
            guard drawn.needsWriting(slot, Drawn(id: id, content: placement.content), at: r, repainted: repainted) else { continue }
            for row in 0..<rows {
                out += cursorTo(x: r.x, y: r.y + row) + Self.placeholderRow(id: id, row: row, columns: r.width)
            }
        }
        while sent.count > keep, let oldest = sent.filter({ !inUse.contains($0.key) }).min(by: { $0.value.use < $1.value.use })?.key {
            sent[oldest] = nil
            out += Self.passthrough(command("a=d,d=I,i=\(Self.imageID(slide: oldest.slide, place: oldest.place)),q=2"))
        }
        return out.isEmpty ? [] : saveCursor + out + restoreCursor
    }

    package func freeAll() -> [UInt8] {
        defer { sent = [:]; drawn.forget() }
        return sent.keys.sorted { ($0.slide, $0.place) < ($1.slide, $1.place) }
            .flatMap { Self.passthrough(command("a=d,d=I,i=\(Self.imageID(slide: $0.slide, place: $0.place)),q=2")) }
    }

    /// Nothing: the placeholders are text, and go with the alternate screen.
    package var offScreen: [UInt8] { [] }

    /// Answers do not come back through tmux (every command is quiet, q=2).
    package func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)? { nil }

    /// The PNG in kitty's chunks, each passed through on its own.
    private func transmit(_ png: [UInt8], id: UInt32) -> [UInt8] {
        KittyPictures.chunks(png, first: "a=t,f=100,t=d,i=\(id),q=2").flatMap(Self.passthrough)
    }

    private func command(_ keys: String) -> [UInt8] { Array("\u{1B}_G\(keys)\u{1B}\\".utf8) }
}
