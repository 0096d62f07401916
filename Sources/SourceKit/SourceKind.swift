import Logging
import SlideModel

/// Everything the command line, the config and scripting need to know of one
/// kind of source (LibreOffice Impress, pdfpc, the demo…), so that none of
/// them branches on which one it is: its id and names, the addresses it
/// answers to, its options and config keys as data, what it can do, how it
/// makes a source, and how it finishes what a leaving process hands over.
///
/// A kind's conformance lives in the source's own transport target; the one
/// list of kinds is `SourceRegistry` (in the command line). See
/// docs/ARCHITECTURE.md, "Adding a source".
public protocol SourceKind: Sendable {
    /// Stable and short, lower case: "impress", "pdfpc", "demo". The config's
    /// `[source.ID]` table and `controlpad finish-stream --source ID` use it.
    var id: String { get }
    /// Its name in a sentence: "Impress", "pdfpc".
    var displayName: String { get }
    /// What it drives, for the commands' help: "a running LibreOffice Impress
    /// over the network (Impress Remote)". Plain ASCII (the man page).
    var summary: String { get }
    /// The address schemes it answers to, lower case with their "://"
    /// (`pdfpc://`). The registry's default kind also takes an address
    /// without a scheme.
    var schemes: [String] { get }
    /// How to get it ready for `controlpad connect`, a paragraph of its help
    /// (plain ASCII: the man page drops the rest).
    var connectHelp: String { get }
    /// How its address is typed, for the help: "pdfpc://HOST[:PORT]".
    var addressForm: String { get }
    /// What it can do; drives the help, `send`'s answers and the pad's offers.
    var capabilities: SourceCapabilities { get }
    /// Its command-line options (the registry declares them; the kind reads
    /// them back from `SourceSettings`).
    var options: [SourceOption] { get }
    /// Its config keys, read from the top level or its `[source.ID]` table.
    var configKeys: [SourceConfigKey] { get }
    /// What the pad's help says of the keys on this source beyond what its
    /// capabilities say (see `helpNotes`).
    var keyNotes: [SourceHelpNotes.Item] { get }
    /// Where its PIN is typed, after "type PIN 4821 into": "Impress (Slide
    /// Show ▸ Impress Remote)" (pairing kinds only).
    var pinEntry: String { get }
    /// How to pair when `send` finds it unpaired, in words, after "not paired
    /// with HOST yet: run `controlpad connect HOST` once and" (pairing kinds only).
    var pairingAdvice: String { get }

    /// Checks `address` (one of its schemes, or none for the default kind);
    /// returns it as shown ("pdfpc://127.0.0.1:8088"), or says what is wrong.
    func parse(_ address: String) throws(SourceKindError) -> String
    /// Checks the values of its options, whatever the address (`--pin abc`
    /// is wrong on every command).
    func validate(_ settings: SourceSettings) throws(SourceKindError)
    /// How `controlpad discover` finds its servers (nil: it cannot).
    var discoverer: (any SourceDiscoverer)? { get }
    /// What the pad's status line says until the source says otherwise
    /// (`shown`: the address as `parse` returned it).
    func initialLink(shown: String) -> LinkState
    /// A source for `address` (already checked by `parse`), set up for `use`;
    /// `logger` nil: the kind's own ("controlpad.ID").
    func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource
    /// Finishes what a leaving process handed over (`SourceHandOff.state`)
    /// on `descriptor`, blocking; says how it goes through `say`.
    func finish(state: [UInt8], descriptor: Int32, say: @escaping (String) -> Void) throws(SourceKindError)
    /// A source on a link another process handed over (`SourceHandOff`),
    /// instead of connecting anew; `address` and `settings` as `makeSource`
    /// (for a reconnect, should the link drop).
    func adopt(state: [UInt8], descriptor: Int32, address: String, settings: SourceSettings, use: SourceUse,
               logger: Logger?) throws -> any ConfirmingSource
}

extension SourceKind {
    public var options: [SourceOption] { [] }
    public var configKeys: [SourceConfigKey] { [] }
    public var keyNotes: [SourceHelpNotes.Item] { [] }
    public var pairingAdvice: String { "try again" }
    public var pinEntry: String { "the presenting app" }
    public var connectHelp: String { "" }
    public var discoverer: (any SourceDiscoverer)? { nil }
    public func initialLink(shown: String) -> LinkState { .connecting(to: shown) }
    public func validate(_ settings: SourceSettings) throws(SourceKindError) {}
    public func finish(state: [UInt8], descriptor: Int32, say: @escaping (String) -> Void) throws(SourceKindError) {
        throw SourceKindError("\(displayName) hands nothing over")
    }
    public func adopt(state: [UInt8], descriptor: Int32, address: String, settings: SourceSettings, use: SourceUse,
                      logger: Logger?) throws -> any ConfirmingSource {
        throw SourceKindError("\(displayName) hands no link over")
    }

    /// Whether `address` starts with one of its schemes.
    public func claims(_ address: String) -> Bool {
        let lower = address.trimmingCharacters(in: " \t").lowercased()
        return schemes.contains { lower.hasPrefix($0) }
    }
}

/// What a source is made for.
public enum SourceUse: Sendable, Equatable {
    /// The pad (`connect`): the kind may ask on the terminal (a password)
    /// before the pad takes it over, and fetches pictures ahead.
    case pad
    /// `send`: every step (connect, pair, answer) bounded by `timeout`.
    case send(timeout: Duration)
    /// `watch` and the doctor: no terminal to ask on, no pictures ahead.
    case watch(timeout: Duration?)
}

/// What is wrong, in words a user reads after "controlpad: ".
public struct SourceKindError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

extension SourceKind {
    /// What the pad's help says of the keys on this source: first what its
    /// capabilities rule out (a click moves no pointer, there is no show to
    /// start or stop), then its `keyNotes`; nil when there is nothing to say.
    /// What the stop key says on a source that always presents; nil when it has a show to stop.
    public var noShowToStop: String? {
        capabilities.contains(.startStop) ? nil : "no show to stop: \(displayName) presents until it quits"
    }

    public var helpNotes: SourceHelpNotes? {
        var items: [SourceHelpNotes.Item] = []
        if !capabilities.contains(.pointer) {
            items.append((.click, "no laser pointer: \(displayName) shows none from the pad"))
        }
        if !capabilities.contains(.ink) && !capabilities.contains(.ownPen) {
            items.append((.action(.toggleInk), "no ink: \(displayName) takes no strokes from the pad"))
        }
        if let noStop = noShowToStop {
            items.append((.action(.stopShow), noStop))
            items.append((.action(.startShow), "nothing to start: \(displayName) always presents"))
        }
        items += keyNotes
        return items.isEmpty ? nil : SourceHelpNotes(heading: "On \(displayName)", items: items)
    }
}
