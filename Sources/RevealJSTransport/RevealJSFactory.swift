import NIOCore
import RevealJS
import SlideModel

/// What the seam's registry needs to make a reveal.js source, as data: the
/// address parser, the options, the factory. The lead writes the
/// `SourceKind` conformance from these in one file.
extension RevealJSSource {
    /// The options `connect`, `send`, `watch` and `doctor` take for a reveal:// address.
    public struct Option: Sendable, Equatable {
        public var name: String
        /// nil: a flag without a value.
        public var value: String?
        public var help: String
    }

    public static let schemes = [RevealAddress.scheme]

    public static let options: [Option] = [
        Option(name: "allow-remote", value: nil,
               help: "Allow a reveal:// address that is not this computer. " + RevealAddress.remoteWarning),
        Option(name: "reveal-page", value: "WORD",
               help: "The page that runs the deck, when several are open: its id, or a word of its title or address."),
        Option(name: "reveal-pictures", value: "on|off", help: "Render slide pictures in a window of the pad's own (default on)."),
    ]

    public enum MakeError: Error, Equatable, CustomStringConvertible {
        case address(RevealAddress.ParseError)
        case option(String)
        public var description: String {
            switch self {
            case .address(let e): e.description
            case .option(let text): text
            }
        }
    }

    /// `reveal://HOST[:PORT][/PAGE]` and the options above (by name,
    /// without dashes; a flag's value is "true").
    public static func make(address: String, settings: [String: String], eventLoop: EventLoop) throws(MakeError) -> RevealJSSource {
        let allowRemote = ["true", "1", "yes", "on", ""].contains(settings["allow-remote"]?.lowercased() ?? "false")
        var parsed: RevealAddress
        do { parsed = try RevealAddress.parse(address, allowRemote: allowRemote) } catch { throw .address(error) }
        if let page = settings["reveal-page"], !page.isEmpty { parsed.page = page }
        var linkSettings = RevealLink.Settings(address: parsed)
        switch settings["reveal-pictures"]?.lowercased() {
        case nil, "on", "true", "yes", "1": break
        case "off", "false", "no", "0": linkSettings.pictures = false
        case let other?: throw .option("--reveal-pictures takes on or off, not “\(Notes.sanitized(other))”")
        }
        return RevealJSSource(settings: linkSettings, eventLoop: eventLoop)
    }
}
