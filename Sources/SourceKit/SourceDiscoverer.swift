/// How `controlpad discover` finds one kind's servers on the network: the
/// kind's words for the command's help and answers, and the search.
public protocol SourceDiscoverer: Sendable {
    /// What it finds, singular: "Impress Remote server".
    var server: String { get }
    /// The command's help paragraph (plain ASCII: the man page).
    var help: String { get }
    /// Where a search goes without `--no-multicast`: "239.0.0.1".
    var multicastGroup: String { get }
    /// Said when nobody answered, before how to look further: how to turn it on.
    var noneAnswered: String { get }
    /// Checks a `--host`, or says what is wrong.
    func check(host: String) throws(SourceKindError)
    /// Asks the multicast group (if `multicast`) and each of `hosts`;
    /// blocks up to `timeout`.
    func search(hosts: [String], multicast: Bool, timeout: Duration) throws -> SourceDiscovery
}

/// What a search found.
public struct SourceDiscovery: Sendable, Equatable {
    /// Each server that answered: its name, and its address for `connect`.
    public var servers: [(name: String, address: String)]
    /// What went wrong on the way (a host that does not resolve…).
    public var notes: [String]

    public init(servers: [(name: String, address: String)], notes: [String]) {
        self.servers = servers
        self.notes = notes
    }

    public static func == (a: SourceDiscovery, b: SourceDiscovery) -> Bool {
        a.servers.map(\.name) == b.servers.map(\.name) && a.servers.map(\.address) == b.servers.map(\.address) && a.notes == b.notes
    }
}
