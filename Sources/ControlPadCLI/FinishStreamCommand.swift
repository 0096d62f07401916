import ControlPadUI
import ArgumentParser
import Foundation
import RemoteTransport
import ControlPadScripting
import SlideModel

/// `controlpad finish-stream`: started by a `controlpad` that is leaving
/// while Impress is still streaming it previews (`LinkLeaving`), with the
/// connection as standard input. Reads until the stream is done, then
/// closes. Not for people: hidden from --help.
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

    func run() throws {
        let stream = try JSONDecoder().decode(PreviewStream.self, from: Data(state.utf8))
        let within = Duration.milliseconds(max(0, min(withinMs, 15_000)))
        StreamFinisher.finish(descriptor: STDIN_FILENO, stream: stream, within: within)
    }
}
