import NIOCore
import SlideModel
import ImpressRemote
import SourceKit

/// `controlpad discover` for Impress: LOREMOTE_SEARCH over UDP to the
/// multicast group and to each host asked directly (`ImpressDiscovery`).
struct ImpressDiscoverer: SourceDiscoverer {
    var server: String { "Impress Remote server" }
    var help: String {
        """
        Sends LOREMOTE_SEARCH over UDP to the multicast group \(ImpressDiscoveryCodec.multicastGroup):\(ImpressDiscoveryCodec.port) and to \
        each --host, and lists the servers that answer within the timeout. \
        Exits 0 when at least one answered, 1 when none did (then `controlpad doctor HOST` \
        says why, step by step).
        """
    }
    var multicastGroup: String { ImpressDiscoveryCodec.multicastGroup }
    var noneAnswered: String { ImpressProblem.settingsFix }

    func check(host: String) throws(SourceKindError) {
        _ = try target(host)
    }

    func search(hosts: [String], multicast: Bool, timeout: Duration) throws -> SourceDiscovery {
        let targets = try hosts.map { host throws(SourceKindError) in try target(host) }
        let result = try ImpressDiscovery.search(targets: targets, multicast: multicast, timeout: timeout).wait()
        return SourceDiscovery(servers: result.servers.map { ($0.name, $0.address) }, notes: result.notes)
    }

    /// A host asked directly: `HOST[:PORT]`, the port UDP's.
    private func target(_ host: String) throws(SourceKindError) -> ImpressDiscovery.Target {
        do {
            let address = try ImpressServerAddress.parse(host, defaultPort: ImpressDiscoveryCodec.port)
            return ImpressDiscovery.Target(host: address.host, port: address.port)
        } catch {
            throw SourceKindError("--host \(host): \(error)")
        }
    }
}

extension ImpressKind {
    public var discoverer: (any SourceDiscoverer)? { ImpressDiscoverer() }
}
