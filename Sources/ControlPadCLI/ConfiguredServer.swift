import ArgumentParser
import ControlPadScripting
import PadConfig

/// `send` and `watch` find the server as `connect` does: given on the
/// command line, else the config's `server`.
enum ConfiguredServer {
    /// The words that start a `send` command: `send --config f next` has
    /// no address, its first word is the command.
    static let commandWords: Set<String> = ["next", "previous", "goto", "first", "last", "blank", "resume", "start", "stop"]

    /// The address and the command words of `send [HOST[:PORT]] COMMAND…`.
    static func split(address: String?, command: [String]) -> (address: String?, command: [String]) {
        guard let address, commandWords.contains(address.lowercased()) else { return (address, command) }
        return (nil, [address] + command)
    }

    /// The address given, else the config's server; says how to give one when neither is.
    static func resolve(_ address: String?, configPath: String?, usage: String) throws -> String {
        if let address { return address }
        let config = SourceRegistry.readConfig(path: configPath)
        if let server = config.config.server { return server }
        if let bad = config.problems.first(where: { $0.key == "server" }) {
            throw ValidationError("say which computer runs the show: \(usage); the config's server is not one (\(bad))")
        }
        throw ValidationError("say which computer runs the show: \(usage) (or set server in the config file)")
    }
}
