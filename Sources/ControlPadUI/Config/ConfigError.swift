import SlideModel

/// One thing wrong in a config file, with the line it is on when known.
/// Its text quotes the file, so it is escaped: a hostile key cannot reach
/// the terminal as a control sequence.
struct ConfigProblem: Error, Equatable, CustomStringConvertible {
    var file: String
    var line: Int?
    var message: String
    /// The setting it is about, when a caller needs to know (`server`),
    /// or `file` when the file itself cannot be read.
    var key: String? = nil

    var description: String {
        TerminalText.escaped("\(file)\(line.map { ":\($0)" } ?? ""): \(message)")
    }
}
