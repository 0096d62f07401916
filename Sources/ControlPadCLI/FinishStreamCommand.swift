import ControlPadUI
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import SourceKit

/// `controlpad finish-stream --source KIND -- ARGUMENTS…`: started by a
/// `controlpad` that is leaving while its source still has something to
/// finish (`SlideSource.leave`, `LinkLeaving`), with the connection as
/// standard input. Asks the kind to finish it, which says how it went in
/// the leaving process's log. Not for people: hidden from --help.
struct FinishStreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish-stream",
        abstract: "Finish what a leaving controlpad handed over, e.g. a stream of previews still coming (internal).",
        shouldDisplay: false
    )

    @Option(help: "The id of the source kind that finishes it.")
    var source: String

    @Option(help: "Append the wait's progress to this log file.")
    var log: String?

    @Argument(parsing: .postTerminator, help: "What the kind needs to finish it.")
    var arguments: [String] = []

    func run() throws {
        guard let kind = SourceRegistry.kind(id: source) else { throw ValidationError("no source kind \(source.debugDescription)") }
        // A log that cannot be opened must not stop the wait: that would
        // close the connection too early.
        try? bootstrapLogging(path: log)
        let logger = Logger(label: "controlpad.finish-stream")
        do {
            try kind.finish(handOffArguments: arguments, descriptor: STDIN_FILENO) { logger.notice("\($0)") }
        } catch {
            throw ValidationError(error.description)
        }
    }
}
