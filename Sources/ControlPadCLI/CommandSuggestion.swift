import ControlPadUI
import ArgumentParser
import SlideModel
import SourceKit

/// `controlpad conect 127.0.0.1`: the demo (the default command) takes no
/// arguments, so a first word that is no command is a mistyped one. Said as
/// such, with the nearest command, instead of "2 unexpected arguments".
enum CommandSuggestion {
    /// The commands a person types (hidden ones, like `finish-stream`, too:
    /// they are exact words nobody guesses at).
    static var commands: [String] {
        ControlPadCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" }.filter { !$0.isEmpty } + ["help"]
    }

    /// The one line to print when `arguments` (without the program's name)
    /// start with a word that is no command; nil when they are fine.
    static func problem(_ arguments: [String]) -> String? {
        // `help WORD`: ArgumentParser would print the top-level help for a
        // WORD that is no command, and exit 0.
        if arguments.first == "help", arguments.count > 1, !arguments[1].hasPrefix("-") {
            return problem(Array(arguments.dropFirst())).map { $0.replacing("see `controlpad --help`", with: "see `controlpad help`") }
        }
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) else { return nil }
        let shown = first.debugDescription
        if first == "localhost" || first.contains(".") || first.contains(":") || first.hasPrefix("[") {
            return "controlpad: unknown command \(shown); to drive \(SourceRegistry.defaultKind.displayName) there: `controlpad connect \(first)` (see `controlpad --help`)"
        }
        if let nearest = nearest(to: first) {
            return "controlpad: unknown command \(shown); did you mean `controlpad \(nearest)`? (see `controlpad --help`)"
        }
        let visible = ControlPadCommand.configuration.subcommands
            .filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
        return "controlpad: unknown command \(shown) (commands: \(visible.joined(separator: ", ")); see `controlpad --help`)"
    }

    /// The command within two edits (one for short words), or that the word begins.
    static func nearest(to word: String) -> String? {
        let lower = word.lowercased()
        let scored = commands.filter { $0 != "help" }.map { ($0, EditDistance.between(lower, $0)) }
        if let (best, d) = scored.min(by: { $0.1 < $1.1 }), d <= (lower.count <= 4 ? 1 : 2) { return best }
        let prefixed = commands.filter { $0.hasPrefix(lower) && lower.count >= 2 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}

/// The version `controlpad --version` prints.
enum ControlPadVersion {
    static let string = "0.1.0"

    /// What `controlpad -v` or `controlpad --version` prints (the parser
    /// would take them for the default command's options, which it has
    /// not); nil for any other arguments.
    static func answer(_ arguments: [String]) -> String? {
        arguments.count == 1 && ["-v", "-V", "--version"].contains(arguments[0]) ? string : nil
    }
}
