import Logging
import SlideModel
import SourceKit

extension DemoKind: DeclaresMovesWhileBlank { public var movesWhileBlank: MovesWhileBlank { .backOnlyEndsBlank } }  // MockShow answers as LibreOffice 25.2

/// The built-in demo deck as a source kind: `demo://`, or `controlpad demo`
/// (its command, with the knobs of its show), a show that behaves like a
/// real network. Made in one place: `makeSource`, through `MockSlideSource.demo`.
public struct DemoKind: LocalSourceKind {
    public init() {}

    public var id: String { "demo" }
    public var displayName: String { "the demo" }
    public var summary: String { "the built-in demo deck (demo://)" }
    public var schemes: [String] { ["demo://"] }
    public var addressForm: String { "demo://" }
    public var capabilities: SourceCapabilities { [.startStop, .blank, .confirmsCommands] }

    public var commandAbstract: String { "Open the pad on the built-in demo deck (no presenting app needed)." }
    public var commandDiscussion: String {
        """
        The demo source behaves like a real network: previews and notes arrive \
        after random delays, out of order, sometimes twice, sometimes dropped and \
        re-sent later. The same --seed gives the same run.

        Examples:
          controlpad demo
          controlpad demo --duration 20m --pictures blocks
        """
    }
    public var commandOptions: [SourceOption] { MockKnobs.options }

    public func parse(_ address: String) throws(SourceKindError) -> String {
        guard claims(address) else { throw SourceKindError("\(address.debugDescription) is not demo://") }
        return "demo://"
    }

    public func validate(_ settings: SourceSettings) throws(SourceKindError) {
        _ = try MockKnobs(settings)
        _ = try MockKnobs.slides(settings)
    }

    public func initialLink(shown: String) -> LinkState { MockShow.link }

    public func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource {
        try MockSlideSource.demo(slides: MockKnobs.slides(settings), knobs: MockKnobs(settings))
    }
}

extension MockSlideSource: ConfirmingSource {
    /// The demo has no wire: a command is "written" once the show has it.
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        send(command)
        whenWritten(true)
    }
}
