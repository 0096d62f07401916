/// What a source still has to finish when the process that ran it leaves
/// (today: Impress's stream of previews, which must not be cut off), handed
/// to a background `controlpad finish-stream --source KIND` that asks the
/// kind `kind` to finish it, with the connection as its standard input.
public struct SourceHandOff: Sendable {
    /// The id of the source kind that finishes it.
    public var kind: String
    /// The connection (a duplicate, closed on exec), given to the waiting process.
    public var descriptor: Int32
    /// What the kind needs to finish it, as command-line words.
    public var arguments: [String]
    /// What is still happening, in words ("Impress is still sending 23 slides").
    public var waitDescription: String
    /// Finishes here, blocking, when no background process can be started;
    /// says how it goes through its argument.
    public var finishHere: @Sendable (_ say: (String) -> Void) -> Void

    public init(kind: String, descriptor: Int32, arguments: [String], waitDescription: String,
                finishHere: @escaping @Sendable (_ say: (String) -> Void) -> Void) {
        self.kind = kind
        self.descriptor = descriptor
        self.arguments = arguments
        self.waitDescription = waitDescription
        self.finishHere = finishHere
    }
}
