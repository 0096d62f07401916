import ArgumentParser
import ControlPadScripting
import SlideModel
import SourceKit
import Syscalls

/// `controlpad links [ADDRESS] [--close [--force]]`: ControlPad's links to
/// shows on this computer (a pad's, a background `keep-link`'s, a stream
/// still being finished), with their age, and a way to close them.
struct LinksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "links",
        abstract: "List ControlPad's links to shows on this computer, and close them.",
        discussion: """
            LibreOffice Impress's network remote cannot bear clients that come and go around a blank, so ControlPad keeps \
            one link per show: a running pad's, or a background `controlpad keep-link` that the first \
            `send` starts and that a pad quitting after a blank leaves behind: every `send` goes \
            through it, and the next pad takes it over. A link that was open when a blank ended stays until the show ends: \
            closing it earlier crashes LibreOffice's remote at the next slide change. `finish-stream` \
            is a link waiting a few seconds for a stream of previews to end.

            One line per link: the show, who holds it (pid), how long, where the show is.
            --close asks each kept link (or the one to ADDRESS) to close; one held until the show \
            ends refuses unless --force. A pad's link closes when you quit the pad. \
            SIGTERM (kill PID) ends a kept link at once too.

            Examples:
              controlpad links
              controlpad links 127.0.0.1 --close
            """
    )

    @Argument(help: ArgumentHelp("Only the link to this show.", valueName: "host[:port]"))
    var address: String?

    @Flag(help: "Close the kept links (a pad's closes when you quit it).")
    var close = false

    @Flag(help: "With --close: close a link even while it must stay until the show ends (LibreOffice's remote may crash).")
    var force = false

    func validate() throws {
        if let address { try SourceRegistry.check(address) }
        if force && !close { throw ValidationError("--force goes with --close: controlpad links --close --force") }
    }

    func run() throws {
        LineOutput.ignoreBrokenPipes()
        var links = ShowLinks.look()
        if let address {
            let (kind, shown) = try SourceRegistry.check(address)
            let path = KeptLinkClient(server: shown, kind: kind.id).path
            links.doors = links.doors.filter { $0.path == path }
            links.finishers = []
        }
        let now = LinkAbout.now()
        guard close else {
            if links.doors.isEmpty && links.finishers.isEmpty {
                _ = LineOutput.write(address.map { "no ControlPad link to \($0)" } ?? "no ControlPad links to shows")
            }
            for (_, about) in links.doors { _ = LineOutput.write(about.line(now: now)) }
            for finisher in links.finishers {
                _ = LineOutput.write("""
                    finish-stream, pid \(finisher.pid) · \(LinkAbout.age(finisher.age)) · waiting for a stream of previews, \
                    or a show that must end first, to end (kill \(finisher.pid) ends it)
                    """)
            }
            return
        }
        var refused = false
        for (path, about) in links.doors {
            switch ShowLinks.close(path, force: force) {
            case .succeed(let line):
                _ = LineOutput.write(line)
            case .fail(let reason):
                refused = true
                Syscalls.writeStandardError("controlpad: \(about.server): \(TerminalText.escaped(reason))\n")
            case .send:
                break
            }
        }
        if links.doors.isEmpty { _ = LineOutput.write("no ControlPad link to close") }
        if refused { throw ExitCode(1) }
    }
}
