/// The reader: what the pad's event loop read from the terminal, decoded
/// by the one decoder. Answers about pictures go to their encoder.
extension RealTerminal {
    package func earlyInputs() -> [TerminalInput] {
        defer { early = [] }
        return early
    }

    package func readInputs(bytes: UnsafeRawBufferPointer) -> [TerminalInput] {
        inputs(decoder.feed(bytes))
    }

    /// A sequence's start is held for its end (a lone ESC, a read cut short).
    package var holdsInput: Bool { decoder.isHolding }

    /// `InputDecoder.escapeDelay` passed with nothing more: what was held.
    package func flushInput() -> [TerminalInput] {
        inputs(decoder.flush())
    }

    func inputs(_ items: [InputDecoder.Item]) -> [TerminalInput] {
        items.compactMap { item in
            switch item {
            case .input(let input): return input
            case .answer(let answer):
                // A late answer to the start-up probe, or kitty's about a picture.
                guard let (content, message) = pictures?.take(answer) else { return nil }
                return .pictureRejected(content: content, message: message)
            }
        }
    }
}
