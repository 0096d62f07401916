import ArgumentParser
import SlideModel

/// The argument parser's words for two common slips, made clear: a
/// mistyped option gets the nearest real one ("did you mean --version?"),
/// and a negative number after an option (which the parser takes for an
/// option, and then says "Missing value") is said to be negative.
enum OptionMistake {
    /// `message` as the parser said it, with what it means for `arguments`;
    /// `helpCommand` is the hint's command ("controlpad demo --help").
    static func explained(_ message: String, arguments: [String], helpCommand: String) -> String {
        // The parser's own suggestion, in the same words as ours.
        if let start = message.firstRange(of: ". Did you mean '"), let option = quoted(in: message, after: ". Did you mean '") {
            return String(message[..<start.lowerBound]) + "; did you mean \(option)?"
        }
        if !message.contains("Did you mean"), let option = quoted(in: message, after: "Unknown option '"),
           let nearest = nearest(to: option, in: options(helpCommand: helpCommand)) {
            return "\(message); did you mean \(nearest)?"
        }
        if let option = quoted(in: message, after: "Missing value for '").map({ String($0.prefix { $0 != " " }) }),
           let at = arguments.firstIndex(of: option), at + 1 < arguments.count,
           case let value = arguments[at + 1], value.hasPrefix("-"), Double(value) != nil {
            return "\(option) cannot be negative: \(value)"
        }
        return message
    }

    private static func quoted(in message: String, after opening: String) -> String? {
        guard let start = message.firstRange(of: opening) else { return nil }
        let rest = message[start.upperBound...]
        return rest.firstIndex(of: "'").map { String(rest[..<$0]) }
    }

    /// The long options the command in `helpCommand` takes, from its help.
    static func options(helpCommand: String) -> [String] {
        let words = helpCommand.split(separator: " ").map(String.init)
        let name = words.count >= 3 ? words[1] : nil
        let command = ControlPadCommand.configuration.subcommands.first { $0.configuration.commandName == name }
            ?? ControlPadCommand.self
        let help = ControlPadCommand.helpMessage(for: command, columns: 200)
        let found = help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
            .filter { $0.hasPrefix("--") }
            .map { String($0.prefix { $0 == "-" || $0.isLetter || $0.isNumber }) }
        return Array(Set(found + ["--help", "--version"])).sorted()
    }

    /// The option within two edits of `word`.
    static func nearest(to word: String, in options: [String]) -> String? {
        let scored = options.map { ($0, EditDistance.between(word, $0)) }
        guard let (best, d) = scored.min(by: { $0.1 < $1.1 }), d <= 2 else { return nil }
        return best
    }
}
