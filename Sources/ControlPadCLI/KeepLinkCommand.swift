import ArgumentParser
import PadConfig
import ControlPadScripting
import ControlPadUI
import Logging
import SlideModel
import SourceKit
import Syscalls

/// `controlpad keep-link SERVER`: keeps one link to a show for every
/// `controlpad send` to it (`KeptLink`), for a show whose kind wants one
/// kept link (`SourceCapabilities.oneKeptLink`, Impress). Started by the
/// first `send` (it pairs itself), or by a pad, `watch` or `send` that
/// leaves with a link that must stay until the show ends (it takes that
/// link over). What it needs comes on its standard input, a local socket
/// (`LinkHandOver`): `send`'s arguments, and the link's socket and state
/// when it takes one over. Its own arguments only name the show, so `ps`
/// shows no PIN. `controlpad links` lists and closes it. Not for people to
/// start: hidden from --help.
struct KeepLinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep-link",
        abstract: "Keep one link to a show for `controlpad send` (started by controlpad; see `controlpad links`).",
        shouldDisplay: false
    )

    @Argument(help: "The show's address, for `ps` (the settings come on standard input).")
    var server: String?

    func run() throws {
        guard case .success(let handOver) = LinkHandOver.receive(from: 0, timeoutMs: 5000) else {
            throw ValidationError("keep-link is started by controlpad send, connect or watch (see `controlpad links`)")
        }
        Syscalls.close(0)
        let send: SendCommand
        do {
            send = try SendCommand.parse(Array(handOver.arguments.drop { $0 != "send" }.dropFirst()))
        } catch {
            // A link handed over must not close before its time: finished here as `finish-stream` would.
            let logger = Logger(label: "controlpad.keep-link")
            logger.error("keep-link cannot read its settings (\(error)); finishing the link's stream instead")
            if let descriptor = handOver.descriptor, let kind = SourceRegistry.kind(id: handOver.kind) {
                try kind.finish(state: handOver.state, descriptor: descriptor) { logger.notice("\($0)") }
            }
            throw error
        }
        try? bootstrapLogging(path: send.log)
        let logger = Logger(label: "controlpad.keep-link")
        let (address, _) = try send.target()
        let (kind, shown) = try SourceRegistry.check(address)
        let configured = SourceRegistry.readConfig(path: send.config).config
        let settings = send.source.settings(for: kind, config: configured)
        // A keeper for a `watch` waits for the PIN as `watch` does; one for `send` as long as `send` does.
        let use = handOver.forWatch ? SourceUse.watch(timeout: nil) : .send(timeout: .milliseconds(Int64(send.timeout * 1000)))
        guard let path = KeptLinkClient(server: shown, kind: kind.id).path,
              let listener = try? LocalSocket.listen(at: path) else {
            // Someone else keeps the show's link: a link handed over that
            // must not close yet is finished here, as `finish-stream` would.
            logger.notice("another process keeps the link to \(shown) already")
            if let descriptor = handOver.descriptor {
                try kind.finish(state: handOver.state, descriptor: descriptor) { logger.notice("\($0)") }
            }
            return
        }
        let made = try handOver.descriptor.map {
            try kind.adopt(state: handOver.state, descriptor: $0, address: address, settings: settings, use: use, logger: logger)
        } ?? kind.makeSource(address: address, settings: settings, use: use, logger: logger)
        if handOver.descriptor != nil { logger.notice("took over the link to \(shown): \(handOver.waitDescription)") }
        let agenda = (send.agenda ?? configured.agenda).map(AgendaFile.read)?.sections
        KeptLink(link: try HeadlessLink(source: made), listener: listener, path: path, server: shown,
                 peer: .init(kind), agenda: agenda.flatMap { $0.isEmpty ? nil : $0 }, arguments: handOver.arguments,
                 holdsUntilShowEnds: handOver.holdsUntilShowEnds, forWatch: handOver.forWatch, logger: logger).run()
    }
}
