import Foundation

/// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole): each
/// slide's PNG is sent once (`f=100`, base64 in 4096-byte chunks) under an id
/// from its slide and content; a step only moves placements (one per pane
/// slot, `p=1`, `p=2`), a few hundred bytes. A pane an overlay covers is
/// drawn as half-blocks meanwhile (`PadFrame`), so popovers, prompts and the
/// list stay whole and readable; placements sit at z=0 over blank cells
/// (kitty 0.26 under software GL leaves stale text on screen while any
/// image is below the text, seen in this project's screenshots). Images the
/// pad no longer shows are freed beyond `keep`, oldest first.
final class KittyPictures: PictureWriter {
    private struct Shown: Equatable { var id: UInt32; var rect: Rect }
    /// Sent images, oldest use first, with their content.
    private var sent: [(id: UInt32, content: UInt64)] = []
    private var shown: [Int: Shown] = [:]
    /// Set by a full repaint (a resize): every placement goes before new ones.
    private var clearFirst = false
    let keep: Int
    static let zIndex = 0

    init(keep: Int = 16) {
        self.keep = keep
    }

    static func imageID(slide: Int, content: UInt64) -> UInt32 {
        let mixed = (content ^ UInt64(truncatingIfNeeded: slide) &* 0x9E37_79B9_7F4A_7C15) >> 33
        return UInt32(mixed & 0x7FFF_FFFF) | 1
    }

    func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect] {
        // A resize or a cleared screen: old placements go, all are placed again.
        if fullRepaint {
            clearFirst = !shown.isEmpty
            shown = [:]
        }
        return []
    }

    func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8] {
        var out: [UInt8] = clearFirst ? command("a=d,d=a,q=2") : []
        clearFirst = false
        for (slot, old) in shown.sorted(by: { $0.key < $1.key }) {
            let new = placements.indices.contains(slot - 1) ? placements[slot - 1] : nil
            let id = new.map { Self.imageID(slide: $0.slide, content: $0.content) }
            if id != old.id { out += command("a=d,d=i,i=\(old.id),p=\(slot),q=2"); shown[slot] = nil }
        }
        for (i, placement) in placements.enumerated() {
            let slot = i + 1
            let id = Self.imageID(slide: placement.slide, content: placement.content)
            let want = Shown(id: id, rect: placement.rect)
            if let index = sent.firstIndex(where: { $0.id == id }) {
                sent.append(sent.remove(at: index))
            } else {
                out += transmit(placement.png, id: id)
                sent.append((id, placement.content))
            }
            guard shown[slot] != want else { continue }
            out += cursorTo(x: placement.rect.x, y: placement.rect.y)
            out += command("a=p,i=\(id),p=\(slot),c=\(placement.rect.width),r=\(placement.rect.height),z=\(Self.zIndex),C=1,q=2")
            shown[slot] = want
        }
        let inUse = Set(shown.values.map(\.id))
        while sent.count > keep, let index = sent.firstIndex(where: { !inUse.contains($0.id) }) {
            out += command("a=d,d=I,i=\(sent.remove(at: index).id),q=2")
        }
        return out.isEmpty ? [] : saveCursor + out + restoreCursor
    }

    func clearAll() -> [UInt8] {
        defer { sent = []; shown = [:] }
        return sent.flatMap { command("a=d,d=I,i=\($0.id),q=2") } + command("a=d,d=a,q=2")
    }

    func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)? {
        guard case .kitty(let id, let message) = answer, message != "OK",
              let index = sent.firstIndex(where: { $0.id == id }) else { return nil }
        let content = sent.remove(at: index).content
        for (slot, s) in shown where s.id == id { shown[slot] = nil }
        return (content, message)
    }

    /// The PNG in chunks; errors are answered (`q=1`), success is not.
    private func transmit(_ png: [UInt8], id: UInt32) -> [UInt8] {
        let data = Array(Data(png).base64EncodedData())
        var out: [UInt8] = []
        var start = 0
        repeat {
            let end = min(data.count, start + 4096)
            let more = end < data.count ? 1 : 0
            let keys = start == 0 ? "a=t,f=100,t=d,i=\(id),q=1,m=\(more)" : "m=\(more)"
            out += Array("\u{1B}_G\(keys);".utf8) + data[start..<end] + [0x1B, 0x5C]
            start = end
        } while start < data.count
        return out
    }

    private func command(_ keys: String) -> [UInt8] { Array("\u{1B}_G\(keys)\u{1B}\\".utf8) }
}
