import Dispatch
import Foundation
import SlideModel

/// Opens the pad on a source: terminal up, loop run, terminal restored —
/// on quit, on SIGINT/SIGTERM/SIGHUP, and before any error is printed.
enum PadRunner {
    static func run(source: SlideSource, options: PadOptions, link: LinkState = .connecting(to: "")) throws {
        let inbox = try EventInbox()
        let signals = trapSignals(inbox: inbox)
        defer { signals.forEach { $0.cancel() } }

        let colors = ColorSetup(environment: ProcessInfo.processInfo.environment, choice: options.color)
        let name = colors.terminalName()
        let terminal = try CursesTerminal(useColor: colors.wantsColor, terminalName: name)
        defer { terminal.restore() }
        let depth = colors.depth(terminalName: name ?? "", colors: terminal.colorCount, direct: terminal.directColor)
        let pictures = SlidePictures(depth: depth, cellAspect: options.cellAspect)

        var state = PadState(animate: !options.noAnimation)
        state.link = link
        let loop = PadLoop(terminal: terminal, source: source, state: state, inbox: inbox, pictures: pictures)
        loop.run()
    }

    /// SIGINT, SIGTERM and SIGHUP end the loop normally, so the terminal is
    /// restored; Ctrl-C arrives this way too (the terminal is in cbreak mode).
    private static func trapSignals(inbox: EventInbox) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { inbox.postQuit() }
            source.resume()
            return source
        }
    }
}
