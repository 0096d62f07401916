import PadGrid
/// Writes text the terminal draws larger itself: kitty's text-sizing
/// protocol (0.40+), `OSC 66 ; s=N ; text ST`, each character `N` cells
/// wide and `N` rows tall, its top-left at the cursor. The grid has blank
/// cells there: a run is written after the cells, when it is new or a cell
/// under it was written; a run a frame no longer has is overwritten with
/// spaces before the cells (a space over any of its cells erases a scaled
/// character).
enum ScaledTextWriter {
    static func bytes(_ runs: [ScaledText]) -> [UInt8] {
        guard !runs.isEmpty else { return [] }
        var out = saveCursor + Array("\u{1B}[0m".utf8)
        var rendition: TextAttributes = []
        for run in runs where run.scale >= 1 {
            // Controls could end the sequence early: the notes are sanitized, this is a second guard.
            let text = String(run.text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80..<0xA0).contains($0.value) })
            if run.attributes != rendition { out += sgr(run.attributes) }
            rendition = run.attributes
            out += cursorTo(x: run.x, y: run.y) + Array("\u{1B}]66;s=\(run.scale);\(text)\u{1B}\\".utf8)
        }
        return out + restoreCursor
    }

    /// The attributes a run is drawn with (kitty draws scaled text in the
    /// current rendition), after a reset so none carries over.
    static func sgr(_ attributes: TextAttributes) -> [UInt8] {
        var codes = ["0"]
        if attributes.contains(.bold) { codes.append("1") }
        if attributes.contains(.italic) { codes.append("3") }
        if attributes.contains(.underline) { codes.append("4") }
        return Array("\u{1B}[\(codes.joined(separator: ";"))m".utf8)
    }

    /// Spaces over every run of `old` that `new` does not have at the same place.
    static func erase(_ old: [ScaledText], keeping new: [ScaledText]) -> [UInt8] {
        let gone = old.filter { !new.contains($0) }
        guard !gone.isEmpty else { return [] }
        var out = saveCursor + Array("\u{1B}[0m".utf8)
        for run in gone {
            for row in 0..<run.scale {
                out += cursorTo(x: run.x, y: run.y + row) + Array(String(repeating: " ", count: run.columns).utf8)
            }
        }
        return out + restoreCursor
    }
}
