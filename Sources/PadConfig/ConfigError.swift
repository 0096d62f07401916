import SlideModel

/// One thing wrong in a config file, with the line it is on when known.
/// Its text quotes the file, so it is escaped: a hostile key cannot reach
/// the terminal as a control sequence.
package struct ConfigProblem: Error, Equatable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var message: String
    /// The setting it is about, when a caller needs to know (`server`),
    /// or `file` when the file itself cannot be read.
    package var key: String? = nil

    package var description: String {
        TerminalText.escaped("\(file)\(line.map { ":\($0)" } ?? ""): \(message)")
    }
}
