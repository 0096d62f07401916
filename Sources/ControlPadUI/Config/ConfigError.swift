import SlideModel

/// One thing wrong in a config file, with the line it is on when known.
/// Its text quotes the file, so it is escaped: a hostile key cannot reach
/// the terminal as a control sequence.
struct ConfigProblem: Error, Equatable, CustomStringConvertible {
    var file: String
    var line: Int?
    var message: String

    var description: String {
        TerminalText.escaped("\(file)\(line.map { ":\($0)" } ?? ""): \(message)")
    }
}
