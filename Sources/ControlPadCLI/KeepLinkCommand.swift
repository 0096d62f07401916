import ArgumentParser
import PadConfig
import ControlPadScripting
import ControlPadUI
import Logging
import SlideModel
import SourceKit
import Syscalls

/// `controlpad keep-link -- send ARGUMENTS…`: started by the first
/// `controlpad send` to a show whose kind wants one kept link
/// (`SourceCapabilities.oneKeptLink`, Impress); keeps that link and carries
/// out every later `send` to the same show (`KeptLink`). Not for people:
/// hidden from --help.
struct KeepLinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keep-link",
        abstract: "Keep one link to a show for `controlpad send` (internal).",
        shouldDisplay: false
    )

    @Argument(parsing: .postTerminator, help: "The arguments of the `controlpad send` that started it.")
    var sendArguments: [String] = []

    func run() throws {
        let send = try SendCommand.parse(Array(sendArguments.drop { $0 != "send" }.dropFirst()))
        try? bootstrapLogging(path: send.log)
        let logger = Logger(label: "controlpad.keep-link")
        let (address, _) = try send.target()
        let (kind, shown) = try SourceRegistry.check(address)
        guard let path = KeptLinkClient(server: shown, kind: kind.id).path else {
            throw ValidationError("no private directory for the link's socket")
        }
        let listener: Int32
        do { listener = try LocalSocket.listen(at: path) } catch {
            logger.notice("another process keeps the link to \(shown) already: \(error)")
            return
        }
        let configured = SourceRegistry.readConfig(path: send.config).config
        let settings = send.source.settings(for: kind, config: configured)
        let agenda = (send.agenda ?? configured.agenda).map(AgendaFile.read)?.sections
        let made = try kind.makeSource(address: address, settings: settings,
                                       use: .send(timeout: .milliseconds(Int64(send.timeout * 1000))), logger: logger)
        KeptLink(link: try HeadlessLink(source: made), listener: listener, path: path, server: shown,
                 peer: .init(kind), agenda: agenda.flatMap { $0.isEmpty ? nil : $0 }, logger: logger).run()
    }
}
