import ControlPadUI
import ArgumentParser
import FoundationEssentials
import RemoteTransport
import SlideModel
import NIOCore

struct DiscoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "List Impress Remote servers that answer on the network.",
        discussion: """
            Sends LOREMOTE_SEARCH over UDP to the multicast group 239.0.0.1:1598 and to \
            each --host, and lists the servers that answer within the timeout. \
            Exits 0 when at least one answered, 1 when none did (then `controlpad doctor HOST` \
            says why, step by step).

            Examples:
              controlpad discover
              controlpad discover --host 192.168.1.20 --timeout 3
            """
    )

    @Option(
        name: .customLong("host"),
        help: ArgumentHelp("Also ask this host directly (repeatable), e.g. --host 192.0.2.7.", valueName: "host[:port]"))
    var hosts: [String] = []

    @Option(help: "Seconds to wait for answers.")
    var timeout: Double = 2

    @Flag(help: "Do not send to the multicast group; ask only the --host hosts.")
    var noMulticast = false

    func validate() throws {
        guard timeout > 0, timeout <= 60 else { throw ValidationError("--timeout must be between 0 and 60 seconds, e.g. --timeout 2") }
        if noMulticast && hosts.isEmpty {
            throw ValidationError("--no-multicast needs at least one --host to ask")
        }
        for host in hosts {
            do {
                _ = try ImpressServerAddress.parse(host, defaultPort: ImpressDiscoveryCodec.port)
            } catch {
                throw ValidationError("--host \(host): \(error)")
            }
        }
    }

    func run() throws {
        let targets = try hosts.map { text -> ImpressDiscovery.Target in
            let address = try ImpressServerAddress.parse(text, defaultPort: ImpressDiscoveryCodec.port)
            return ImpressDiscovery.Target(host: address.host, port: address.port)
        }
        let where_ = (noMulticast ? [] : ["239.0.0.1"]) + hosts
        print("Searching for Impress Remote servers (\(where_.joined(separator: ", ")); \(Self.seconds(timeout)))…")
        let result = try ImpressDiscovery.search(
            targets: targets,
            multicast: !noMulticast,
            timeout: .milliseconds(Int64((timeout * 1000).rounded()))
        ).wait()
        for note in result.notes {
            print("note: \(note)")
        }
        guard !result.servers.isEmpty else {
            // The doctor takes the host's TCP address: its name alone (the port given here is UDP).
            let host = targets.first.map { $0.host.contains(":") ? "[\($0.host)]" : $0.host } ?? "HOST"
            print("No Impress Remote server answered. " + ImpressProblem.settingsFix + " "
                + (hosts.isEmpty ? "Try --host ADDRESS to ask a computer directly, or " : "Try ")
                + "`controlpad doctor \(host)` to find out what stands in the way.")
            throw ExitCode(1)
        }
        let width = result.servers.map(\.name.count).max() ?? 0
        for server in result.servers {
            let padded = server.name + String(repeating: " ", count: max(0, width - server.name.count))
            print("\(padded)  \(server.address)  → controlpad connect \(server.address)")
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
