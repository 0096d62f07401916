import FoundationEssentials
import PadGrid
import SlideModel

/// The kitty graphics protocol (kitty, WezTerm, Ghostty, Konsole). Prepare
/// has nothing to encode (kitty is sent the PNG); render leaves the frame's
/// cells blank and places the picture there. Each slide's image has one id,
/// from the slide (`imageID`), sent once (`f=100`, base64 in 4096-byte
/// chunks) and sent again only when the slide's preview changed; each
/// place it is shown is a placement of that image (`p=1`, `p=2` for a
/// second place), so a step or a scrolled list only moves placements, a
/// few dozen bytes each. A picture an overlay covers is drawn as
/// half-blocks meanwhile (`PicturePipeline`), so popovers, prompts and the
/// list stay whole and readable; placements sit at z=0 over blank cells
/// (kitty 0.26 under software GL leaves stale text on screen while any
/// image is below the text, seen in this project's screenshots). Images no
/// longer shown are freed beyond `keep`, oldest first. (The pad's picture
/// pipeline renders with it too: ControlPadUI's `PictureProtocol`.)
package final class KittyPictures: PictureEncoder {
    private struct Placement: Hashable { var id: UInt32; var p: Int }
    /// Sent images, oldest use first, with their content.
    private var sent: [(id: UInt32, content: UInt64)] = []
    private var shown: [Placement: Rect] = [:]
    /// Set by a full repaint (a resize): every image goes before new ones.
    private var clearFirst = false
    package let keep: Int
    static let zIndex = 0

    package init(keep: Int = PictureLimits.kittyImages) {
        self.keep = keep
    }

    /// A slide's image id: the same for every place and every preview of it.
    package static func imageID(slide: Int) -> UInt32 { UInt32(truncatingIfNeeded: 1000 + max(0, slide)) }

    package func prepare(_ placements: [PicturePlacement], fullRepaint: Bool) -> [Rect] {
        // A resize or a cleared screen: everything goes, and is sent and
        // placed again. kitty (0.26, seen under Xvfb) keeps no image across
        // a resize of its window, and a placement of an image it dropped
        // fails without a word to a client that asked for quiet (q=2).
        if fullRepaint {
            clearFirst = !shown.isEmpty || !sent.isEmpty
            shown = [:]
            sent = []
        }
        return []
    }

    package func bytes(_ placements: [PicturePlacement], screenHeight: Int, repainted: (Rect) -> Bool) -> [UInt8] {
        var out: [UInt8] = clearFirst ? command("a=d,d=A,q=2") : []
        clearFirst = false
        var wanted: [(key: Placement, placement: PicturePlacement)] = []
        var counts: [UInt32: Int] = [:]
        for placement in placements {
            let id = Self.imageID(slide: placement.slide)
            counts[id, default: 0] += 1
            wanted.append((Placement(id: id, p: counts[id]!), placement))
        }
        // A slide whose preview changed is a new image under the same id.
        for (key, placement) in wanted {
            if let index = sent.firstIndex(where: { $0.id == key.id }), sent[index].content != placement.content {
                out += command("a=d,d=I,i=\(key.id),q=2")
                sent.remove(at: index)
                for old in shown.keys where old.id == key.id { shown[old] = nil }
            }
        }
        let keys = Set(wanted.map(\.key))
        for old in shown.keys.sorted(by: { ($0.id, $0.p) < ($1.id, $1.p) }) where !keys.contains(old) {
            out += command("a=d,d=i,i=\(old.id),p=\(old.p),q=2")
            shown[old] = nil
        }
        for (key, placement) in wanted {
            if let index = sent.firstIndex(where: { $0.id == key.id }) {
                sent.append(sent.remove(at: index))
            } else {
                out += transmit(placement.png, id: key.id)
                sent.append((key.id, placement.content))
            }
            guard shown[key] != placement.rect else { continue }
            out += cursorTo(x: placement.rect.x, y: placement.rect.y)
            out += command("a=p,i=\(key.id),p=\(key.p),c=\(placement.rect.width),r=\(placement.rect.height),z=\(Self.zIndex),C=1,q=2")
            shown[key] = placement.rect
        }
        let inUse = Set(shown.keys.map(\.id))
        while sent.count > keep, let index = sent.firstIndex(where: { !inUse.contains($0.id) }) {
            out += command("a=d,d=I,i=\(sent.remove(at: index).id),q=2")
        }
        return out.isEmpty ? [] : saveCursor + out + restoreCursor
    }

    package func freeAll() -> [UInt8] {
        defer { sent = []; shown = [:] }
        return sent.flatMap { command("a=d,d=I,i=\($0.id),q=2") }
    }

    /// Every placement deleted, whichever images were sent.
    package var offScreen: [UInt8] { command("a=d,d=a,q=2") }

    package func take(_ answer: TerminalAnswer) -> (content: UInt64, message: String)? {
        guard case .kitty(let id, let message) = answer, message != "OK",
              let index = sent.firstIndex(where: { $0.id == id }) else { return nil }
        let content = sent.remove(at: index).content
        for key in shown.keys where key.id == id { shown[key] = nil }
        return (content, message)
    }

    /// The PNG in chunks; errors are answered (`q=1`), success is not.
    private func transmit(_ png: [UInt8], id: UInt32) -> [UInt8] {
        Self.chunks(png, first: "a=t,f=100,t=d,i=\(id),q=1").flatMap { $0 }
    }

    /// The PNG as kitty's transmission commands: base64 in chunks of 4096
    /// bytes, the first with `first`'s keys, each with `m=1` but the last.
    static func chunks(_ png: [UInt8], first: String) -> [[UInt8]] {
        let data = Array(Data(png).base64EncodedData())
        var out: [[UInt8]] = []
        var start = 0
        repeat {
            let end = min(data.count, start + 4096)
            let more = end < data.count ? 1 : 0
            let keys = start == 0 ? "\(first),m=\(more)" : "m=\(more)"
            out.append(Array("\u{1B}_G\(keys);".utf8) + data[start..<end] + [0x1B, 0x5C])
            start = end
        } while start < data.count
        return out
    }

    private func command(_ keys: String) -> [UInt8] { Array("\u{1B}_G\(keys)\u{1B}\\".utf8) }
}
