import SlideModel

/// A paste (bracketed paste) is text, never commands: pasted into the
/// search's query or the go-to prompt while one is typed, and dropped
/// otherwise, so a paste in the wrong window cannot run the show.
enum PastedText {
    static func keys(_ text: String, into state: PadState) -> [Key] {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let printable = line.filter { !$0.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) } }
        if state.search?.typing == true { return printable.prefix(60).map { .char($0) } }
        if case .goto = state.overlays.last { return printable.filter(\.isNumber).prefix(6).map { .char($0) } }
        return []
    }
}
