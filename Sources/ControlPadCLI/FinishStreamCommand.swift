import ControlPadUI
import ControlPadScripting
import ArgumentParser
import Logging
import SourceKit
import Syscalls

/// `controlpad finish-stream --source KIND`: started by a `controlpad` that
/// is leaving while its source still has something to finish
/// (`SlideSource.leave`, `LinkLeaving`), with the connection and its state
/// on standard input (`LinkHandOver`). Asks the kind to finish it, which
/// says how it went in the leaving process's log. Not for people: hidden from --help.
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

    func run() throws {
        guard let kind = SourceRegistry.kind(id: source) else { throw ValidationError("no source kind \(source.debugDescription)") }
        // A log that cannot be opened must not stop the wait: that would
        // close the connection too early.
        try? bootstrapLogging(path: log)
        let logger = Logger(label: "controlpad.finish-stream")
        guard case .success(let handOver) = LinkHandOver.receive(from: 0, timeoutMs: 5000), let descriptor = handOver.descriptor else {
            throw ValidationError("finish-stream is started by controlpad with a link on its standard input")
        }
        Syscalls.close(0)
        do {
            try kind.finish(state: handOver.state, descriptor: descriptor) { logger.notice("\($0)") }
        } catch {
            throw ValidationError(error.description)
        }
    }
}
