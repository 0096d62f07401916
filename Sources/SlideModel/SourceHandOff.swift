/// A source's link, handed from a process that leaves to one that goes on
/// with it: a background `controlpad finish-stream --source KIND` that
/// finishes what must not be cut off (Impress's stream of previews), or a
/// process that keeps it (`controlpad keep-link`, the next pad) when it must
/// stay open until the show ends. The descriptor and `state` travel over a
/// local socket (`LinkHandOver`), never on a command line.
public struct SourceHandOff: Sendable {
    /// The id of the source kind that goes on with it.
    public var kind: String
    /// The connection (a duplicate, closed on exec), given to the other process.
    public var descriptor: Int32
    /// What the kind needs to go on with it, in its own bytes (`SourceKind.finish`, `SourceKind.adopt`).
    public var state: [UInt8]
    /// The link must stay open until the show ends, not only until a
    /// stream is in (Impress: a blank ended while it was open).
    public var holdsUntilShowEnds: Bool
    /// What is still happening, in words ("Impress is still sending 23 slides").
    public var waitDescription: String
    /// Finishes here, blocking, when no background process can be started;
    /// says how it goes through its argument.
    public var finishHere: @Sendable (_ say: (String) -> Void) -> Void

    public init(kind: String, descriptor: Int32, state: [UInt8], holdsUntilShowEnds: Bool = false, waitDescription: String,
                finishHere: @escaping @Sendable (_ say: (String) -> Void) -> Void) {
        self.kind = kind
        self.descriptor = descriptor
        self.state = state
        self.holdsUntilShowEnds = holdsUntilShowEnds
        self.waitDescription = waitDescription
        self.finishHere = finishHere
    }
}
