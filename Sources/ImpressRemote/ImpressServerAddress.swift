import SlideModel

/// `HOST[:PORT]` as typed on the command line: a name, an IPv4 address, or an
/// IPv6 literal in brackets (`[::1]:1599`). A bare IPv6 literal (`::1`,
/// several colons) is taken whole as the host.
public struct ImpressServerAddress: Sendable, Equatable, CustomStringConvertible {
    public static let defaultPort = 1599

    public var host: String
    public var port: Int

    public init(host: String, port: Int = defaultPort) {
        self.host = host
        self.port = port
    }

    public typealias ParseError = AddressParseError

    /// Parses `HOST[:PORT]`, `[IPV6]` or `[IPV6]:PORT` (the shared `HostAndPort` rules).
    public static func parse(_ text: String, defaultPort: Int = defaultPort) throws(ParseError) -> ImpressServerAddress {
        let plain = try HostAndPort.parse(text, defaultPort: defaultPort)
        return ImpressServerAddress(host: plain.host, port: plain.port)
    }

    /// `host:port`, with brackets around an IPv6 literal. Also the key the
    /// pairing store files a PIN under.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
