import SlideModel

/// A source whose commands can be followed to the wire (`send`): Impress
/// says when the bytes are written, pdfpc when it has answered.
public protocol ConfirmingSource: SlideSource {
    func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void)
}
