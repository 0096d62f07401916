import ArgumentParser

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
        guard let first = arguments.first, !first.hasPrefix("-"), !commands.contains(first) else { return nil }
        let shown = first.debugDescription
        if first == "localhost" || first.contains(".") || first.contains(":") || first.hasPrefix("[") {
            return "controlpad: unknown command \(shown); to drive Impress there: `controlpad connect \(first)` (see `controlpad --help`)"
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
        let scored = commands.filter { $0 != "help" }.map { ($0, distance(lower, $0)) }
        if let (best, d) = scored.min(by: { $0.1 < $1.1 }), d <= (lower.count <= 4 ? 1 : 2) { return best }
        let prefixed = commands.filter { $0.hasPrefix(lower) && lower.count >= 2 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Edits (insert, delete, replace, swap two neighbours) from `a` to `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

/// The version `controlpad --version` prints.
enum ControlPadVersion {
    static let string = "0.1.0"
}
