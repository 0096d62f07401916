/// One thing wrong in a config file, with the line it is on when known.
struct ConfigProblem: Error, Equatable, CustomStringConvertible {
    var file: String
    var line: Int?
    var message: String

    var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
