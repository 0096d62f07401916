import ControlPadUI
import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import RemoteTransport
import ControlPadScripting
import SlideModel

/// `controlpad finish-stream`: started by a `controlpad` that is leaving
/// while Impress is still streaming it previews (`LinkLeaving`), with the
/// connection as standard input. Reads until the stream is done, then
/// closes, saying how far it got in the leaving process's log. Not for
/// people: hidden from --help.
struct FinishStreamCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish-stream",
        abstract: "Keep a handed-over Impress connection open until Impress has sent its previews (internal).",
        shouldDisplay: false
    )

    @Option(help: "The stream's state, as JSON.")
    var state: String

    @Option(help: "The longest wait, in milliseconds.")
    var withinMs: Int

    @Option(help: "Append the wait's progress to this log file.")
    var log: String?

    func run() throws {
        let stream = try JSONDecoder().decode(PreviewStream.self, from: Data(state.utf8))
        let longest = Int(PreviewStream.safetyNet.clampedNanoseconds / 1_000_000)
        let within = Duration.milliseconds(max(0, min(withinMs, longest)))
        // A log that cannot be opened must not stop the wait: that would
        // close the connection mid-stream.
        try? bootstrapLogging(path: log)
        let logger = Logger(label: "controlpad.finish-stream")
        StreamFinisher.finish(descriptor: STDIN_FILENO, stream: stream, within: within) { logger.notice("\($0)") }
    }
}
