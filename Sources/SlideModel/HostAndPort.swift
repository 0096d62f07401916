/// `HOST[:PORT]` as typed on the command line, for every source that speaks
/// over the network: a name, an IPv4 address, or an IPv6 literal in brackets
/// (`[::1]:1599`). A bare IPv6 literal (`::1`, several colons) is taken whole
/// as the host. A source's own address type (a scheme, its default port)
/// builds on it.
public struct HostAndPort: Sendable, Equatable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST[:PORT]`, `[IPV6]` or `[IPV6]:PORT`; `defaultPort` when none is given.
    public static func parse(_ text: String, defaultPort: Int) throws(AddressParseError) -> HostAndPort {
        let s = text.trimmingSpaces()
        guard !s.isEmpty else { throw .empty }
        var host: Substring
        var portText: Substring?
        if s.hasPrefix("[") {
            guard let close = s.firstIndex(of: "]") else { throw .badHost(s) }
            host = s[s.index(after: s.startIndex)..<close]
            let rest = s[s.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { throw .badHost(s) }
                portText = rest.dropFirst()
            }
            // An IPv6 literal, possibly with a zone (`fe80::1%eth0`).
            guard host.contains(":"),
                  host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ":.%_-".contains($0)) })
            else {
                throw .badHost(s)
            }
        } else if s.filter({ $0 == ":" }).count == 1, let colon = s.firstIndex(of: ":") {
            host = s[..<colon]
            portText = s[s.index(after: colon)...]
        } else {
            host = Substring(s)
        }
        let isIPv6 = host.contains(":")
        if !isIPv6 {
            guard !host.isEmpty, host.count <= 253,
                  host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }),
                  !host.hasPrefix("-"), !host.hasPrefix(".")
            else { throw .badHost(String(host)) }
        }
        var port = defaultPort
        if let portText {
            guard portText.count <= 5, portText.allSatisfy({ ("0"..."9").contains($0) }),
                  let p = Int(portText), (1...65535).contains(p)
            else { throw .badPort(String(portText)) }
            port = p
        }
        return HostAndPort(host: String(host), port: port)
    }

    /// `host:port`, with brackets around an IPv6 literal.
    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why a typed address is not one, in words.
public enum AddressParseError: Error, Equatable, CustomStringConvertible {
    case empty
    case badHost(String)
    case badPort(String)

    public var description: String {
        switch self {
        case .empty: return "the address is empty; give HOST or HOST:PORT, e.g. 127.0.0.1:1599"
        case .badHost(let h): return "\(h.debugDescription) is not a host name or address"
        case .badPort(let p): return "\(p.debugDescription) is not a port (1–65535)"
        }
    }
}

extension String {
    package func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
