import ControlPadUI
import ArgumentParser
import FoundationEssentials
import SlideModel
import SourceKit

struct DiscoverCommand: ParsableCommand {
    /// The kind whose servers are searched for.
    private static var discoverer: any SourceDiscoverer { SourceRegistry.discoverer }

    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "List \(discoverer.server)s that answer on the network.",
        discussion: discoverer.help + """


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
        guard timeout > 0, timeout <= 60 else { throw ValidationError("--timeout must be more than 0 and at most 60 seconds, e.g. --timeout 2") }
        if noMulticast && hosts.isEmpty {
            throw ValidationError("--no-multicast needs at least one --host to ask")
        }
        for host in hosts {
            do {
                try Self.discoverer.check(host: host)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    func run() throws {
        let discoverer = Self.discoverer
        let where_ = (noMulticast ? [] : [discoverer.multicastGroup]) + hosts
        print("Searching for \(discoverer.server)s (\(where_.joined(separator: ", ")); \(Self.seconds(timeout)))…")
        let result = try discoverer.search(hosts: hosts, multicast: !noMulticast,
                                           timeout: .milliseconds(Int64((timeout * 1000).rounded())))
        for note in result.notes {
            print("note: \(note)")
        }
        guard !result.servers.isEmpty else {
            // The doctor takes the host's TCP address: its name alone (the port given here is UDP).
            let host = hosts.first.flatMap { try? HostAndPort.parse($0, defaultPort: 1).host }
                .map { $0.contains(":") ? "[\($0)]" : $0 } ?? "HOST"
            print("No \(discoverer.server) answered. " + discoverer.noneAnswered + " "
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
