import SlideModel

/// `reveal://HOST[:PORT][/PAGE]` as typed on the command line: a browser's
/// DevTools port (9222 unless said otherwise), and optionally which page
/// (its id, or a word of its title or URL) when several are open.
public struct RevealAddress: Sendable, Equatable, CustomStringConvertible {
    public static let scheme = "reveal://"
    public static let defaultPort = 9222

    public var host: String
    public var port: Int
    public var page: String?

    public init(host: String, port: Int = defaultPort, page: String? = nil) {
        self.host = host
        self.port = port
        self.page = page
    }

    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notReveal(String), empty, badPort(String), badHost(String)
        /// Not this computer, and `--allow-remote` was not given.
        case remote(String)

        public var description: String {
            switch self {
            case .notReveal(let s): "“\(s)” is not a reveal:// address (reveal://127.0.0.1:9222)"
            case .empty: "the reveal:// address names no host (reveal://127.0.0.1:9222)"
            case .badPort(let s): "“\(s)” is not a port (1–65535)"
            case .badHost(let s): "“\(s)” is not a host name or address"
            case .remote(let host): RevealProblem.remoteRefused(host: host).sentence
            }
        }
    }

    public static func isReveal(_ text: String) -> Bool {
        text.trimmingWhitespace().lowercased().hasPrefix(scheme)
    }

    /// Parses the address; a host that is not loopback is refused unless `allowRemote`.
    public static func parse(_ text: String, allowRemote: Bool = false) throws(ParseError) -> RevealAddress {
        var s = Substring(text.trimmingWhitespace())
        guard s.lowercased().hasPrefix(scheme) else { throw .notReveal(String(s)) }
        s = s.dropFirst(scheme.count)
        var page: String?
        if let slash = s.firstIndex(of: "/") {
            let rest = s[s.index(after: slash)...].trimmingCharacters(inSet: "/")
            page = rest.isEmpty ? nil : rest
            s = s[..<slash]
        }
        guard !s.isEmpty else { throw .empty }
        var host: String
        var portText: Substring?
        if s.hasPrefix("[") {
            guard let close = s.firstIndex(of: "]") else { throw .badHost(String(s)) }
            host = String(s[s.index(after: s.startIndex)..<close])
            let after = s[s.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw .badHost(String(s)) }
                portText = after.dropFirst()
            }
        } else if let colon = s.lastIndex(of: ":") {
            host = String(s[..<colon])
            portText = s[s.index(after: colon)...]
        } else {
            host = String(s)
        }
        var port = defaultPort
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { throw .badPort(String(portText)) }
            port = p
        }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0 != "/" && $0 != "@" })
        else { throw .badHost(host) }
        host = host.lowercased()
        // `localhost` may reach another browser on ::1 (see the README's traps): 127.0.0.1 it is.
        if host == "localhost" { host = "127.0.0.1" }
        let address = RevealAddress(host: host, port: port, page: page)
        if !allowRemote && !address.isLoopback { throw .remote(host) }
        return address
    }

    /// 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        if host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }

    public var hostAndPort: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    public var description: String { Self.scheme + hostAndPort + (page.map { "/" + $0 } ?? "") }

    /// What `--allow-remote` exposes, said once when a remote address is used.
    public static let remoteWarning = """
        --allow-remote: the DevTools port gives full control of that browser (every tab, its cookies, \
        its files) to anyone who can reach it, unencrypted and without a password.
        """
}
