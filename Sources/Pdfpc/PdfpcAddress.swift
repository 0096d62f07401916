import SlideModel

/// `pdfpc://HOST[:PORT]` (or `pdfpcs://` for HTTPS) as typed on the command
/// line: a running pdfpc with its REST server (`pdfpc -V`), on port 8088
/// unless said otherwise.
public struct PdfpcAddress: Sendable, Equatable, CustomStringConvertible {
    public static let defaultPort = 8088
    public static let scheme = "pdfpc://"
    public static let secureScheme = "pdfpcs://"

    public var host: String
    public var port: Int
    /// HTTPS (pdfpc's `option rest-https`).
    public var secure: Bool

    public init(host: String, port: Int = defaultPort, secure: Bool = false) {
        self.host = host
        self.port = port
        self.secure = secure
    }

    /// Whether `text` names a pdfpc (starts with `pdfpc://` or `pdfpcs://`).
    public static func hasScheme(_ text: String) -> Bool {
        let lower = text.trimmingSpaces().lowercased()
        return lower.hasPrefix(scheme) || lower.hasPrefix(secureScheme)
    }

    /// Parses `pdfpc://HOST[:PORT]`, `pdfpcs://HOST[:PORT]`, with an IPv6
    /// literal in brackets; a trailing `/` is allowed.
    public static func parse(_ text: String) throws(AddressParseError) -> PdfpcAddress {
        var s = text.trimmingSpaces()
        let lower = s.lowercased()
        let secure = lower.hasPrefix(secureScheme)
        guard secure || lower.hasPrefix(scheme) else { throw .badHost(s) }
        s = String(s.dropFirst(secure ? secureScheme.count : scheme.count))
        while s.hasSuffix("/") { s.removeLast() }
        guard !s.isEmpty else { throw .empty }
        let plain = try HostAndPort.parse(s, defaultPort: defaultPort)
        return PdfpcAddress(host: plain.host, port: plain.port, secure: secure)
    }

    /// `host:port`, with brackets around an IPv6 literal.
    public var hostAndPort: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// `pdfpc://host:port`, as typed.
    public var description: String { (secure ? Self.secureScheme : Self.scheme) + hostAndPort }

    /// The REST server's root, `http://host:port`.
    public var baseURL: String { (secure ? "https://" : "http://") + hostAndPort }
}
