import SlideModel
import DemoSource

/// A running show as the pad holds it once a source has sent everything:
/// the one builder the tests and the benchmarks share.
public enum LoadedShow {
    /// `deck` running on `current`, every preview in; with `notes`, its
    /// title and every slide's notes too.
    public static func state(_ deck: DemoDeck, current: Int = 0, animate: Bool = false, notes: Bool = true,
                             distinctPreviews: Bool = false) -> PadState {
        var state = PadState(animate: animate)
        _ = state.reduce(.source(.link(.local("demo"))), now: .zero)
        if notes { _ = state.reduce(.source(.showTitle(deck.title)), now: .zero) }
        _ = state.reduce(.source(.showStarted(slideCount: deck.slides.count, current: current)), now: .zero)
        for (i, slide) in deck.slides.enumerated() {
            let preview = distinctPreviews ? Preview(png: distinct(slide.preview.png, i), aspect: slide.preview.aspect) : slide.preview
            _ = state.reduce(.source(.preview(index: i, preview)), now: .zero)
            if notes, let markup = slide.notesMarkup {
                _ = state.reduce(.source(.notes(index: i, .plain(OfficeNotesMarkup.plainText(from: markup)))), now: .zero)
            }
        }
        return state
    }

    /// The built-in demo deck (or `slides` of it, its pictures repeating) as `state` has it.
    public static func demo(slides: Int? = nil, current: Int = 0, animate: Bool = false, notes: Bool = true,
                            distinctPreviews: Bool = false) throws -> PadState {
        let deck = try slides.map { try DemoDeck.builtIn(slideCount: $0) } ?? DemoDeck.builtIn()
        return state(deck, current: current, animate: animate, notes: notes, distinctPreviews: distinctPreviews)
    }

    /// The PNG with a private chunk saying `n` before IEND: the same
    /// picture, other bytes (a changed byte in the data would not decode).
    public static func distinct(_ png: [UInt8], _ n: Int) -> [UInt8] {
        guard png.count > 12 else { return png }
        let body = Array("npAd".utf8) + withUnsafeBytes(of: UInt32(n).bigEndian, Array.init)
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        let chunk = withUnsafeBytes(of: UInt32(4).bigEndian, Array.init) + body + withUnsafeBytes(of: (~crc).bigEndian, Array.init)
        return Array(png[..<(png.count - 12)]) + chunk + Array(png[(png.count - 12)...])
    }
}
