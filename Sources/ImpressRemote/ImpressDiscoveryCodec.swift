import SlideModel

/// The UDP discovery datagrams (port 1598).
public enum ImpressDiscoveryCodec {
    public static let port = 1598
    /// The group the Android remote multicasts to.
    public static let multicastGroup = "239.0.0.1"
    /// What a client sends.
    public static let search: [UInt8] = Array("LOREMOTE_SEARCH\n".utf8)

    /// The server's name from `LOREMOTE_ADVERTISE\n<hostname>\n\n`, cleaned
    /// for one line of a terminal; nil for any other datagram. The answer has
    /// no port: the server is at the datagram's source address, TCP 1599.
    public static func advertisedName<Bytes: Collection<UInt8>>(_ datagram: Bytes) -> String? {
        guard datagram.count <= 4096 else { return nil }
        let text = String(decoding: datagram.filter { $0 != 0x0D }, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == "LOREMOTE_ADVERTISE", lines.count >= 2 else { return nil }
        let name = ImpressSession.oneLine(String(lines[1])).trimmingSpaces()
        return name.isEmpty ? "(unnamed)" : name
    }
}
