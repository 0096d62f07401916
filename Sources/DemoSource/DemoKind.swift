import Logging
import SlideModel
import SourceKit

/// The built-in demo deck as a source kind: `demo://`, a show that behaves
/// like a real network (the `demo` command sets its delays and drops).
public struct DemoKind: SourceKind {
    public init() {}

    public var id: String { "demo" }
    public var displayName: String { "the demo" }
    public var summary: String { "the built-in demo deck (demo://)" }
    public var schemes: [String] { ["demo://"] }
    public var addressForm: String { "demo://" }
    public var capabilities: SourceCapabilities { [.startStop, .blank, .confirmsCommands] }

    public func parse(_ address: String) throws(SourceKindError) -> String {
        guard claims(address) else { throw SourceKindError("\(address.debugDescription) is not demo://") }
        return "demo://"
    }

    public func initialLink(shown: String) -> LinkState { MockShow.link }

    public func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource {
        MockSlideSource(show: MockShow(deck: try DemoDeck.builtIn(slideCount: nil), knobs: MockKnobs()))
    }
}

extension MockSlideSource: ConfirmingSource {
    /// The demo has no wire: a command is "written" once the show has it.
    public func send(_ command: SourceCommand, whenWritten: @escaping @Sendable (Bool) -> Void) {
        send(command)
        whenWritten(true)
    }
}
