import ImpressUNO
import Logging
import NIOCore
import SlideModel
import SourceKit

/// Impress on this computer over UNO, as a `SlideSource`: the pure
/// `UNOLink` on the shared `SourceDriver` (the loop, the timers, the gate),
/// with its I/O: the bridge (`uno_bridge.py`) as a `LineProcess`, and, for
/// `present`, LibreOffice started on the pipe (`OfficeLauncher`).
public final class ImpressUNOSource: DrivenSource, SaysFarewell {
    public let driver: SourceDriver<IO>
    /// What quitting the pad does to the show: end it, close the deck.
    private let onQuit: (end: Bool, close: Bool)
    private let goodbye: BridgeGoodbye

    /// - Parameter joinsNow: nothing listening on the pipe is said at once, without starting the bridge.
    init(link: UNOLink, office: OfficeLauncher?, connectSeconds: Int, joinsNow: Bool = false, onQuit: (end: Bool, close: Bool),
         eventLoop: EventLoop, logger: Logger) {
        self.onQuit = onQuit
        goodbye = BridgeGoodbye(loop: eventLoop)
        driver = SourceDriver(machine: link, io: IO(office: office, connectSeconds: connectSeconds, goodbye: goodbye, joinsNow: joinsNow),
                              eventLoop: eventLoop, logger: logger)
    }

    public var eventLoop: any EventLoop { driver.eventLoop }

    public func start(events: @escaping @Sendable (SourceEvent) -> Void) { driver.start(events, with: .start) }

    /// Stops at once: the bridge is asked to leave (ending the show and
    /// closing the deck only as `onQuit` says) and then ended.
    public func shutdown() { driver.shutdown(with: .stop(end: onQuit.end, close: onQuit.close)) }

    /// What LibreOffice did as the bridge left (its `bye`): the show ended
    /// and the deck closed, or kept open for its unsaved changes, or the
    /// show still runs for the room.
    public func farewell(within wait: Duration) -> SourceFarewell? {
        guard let said = goodbye.wait(within: wait) else { return nil }
        return Self.words(kept: said.kept, running: said.running, closing: onQuit.close)
    }

    /// The bridge's `bye` in the presenter's words.
    static func words(kept: String, running: Bool?, closing: Bool) -> SourceFarewell? {
        if running == true {
            return SourceFarewell(words: closing ? "the show still runs in LibreOffice, for the room (the deck stays open)"
                                  : "the show goes on in LibreOffice", showRuns: true)
        }
        if !kept.isEmpty { return SourceFarewell(words: running == false ? "the show ended; " + kept : kept, showRuns: running == nil) }
        guard running == false else { return nil }
        return SourceFarewell(words: closing ? "the show ended, and LibreOffice closed the deck" : "no show runs in LibreOffice", showRuns: false)
    }

    /// What carries out the link's actions: the bridge process and LibreOffice's launcher.
    public final class IO: ActionByActionIO {
        public typealias Machine = UNOLink
        private let office: OfficeLauncher?
        private let connectSeconds: Int
        private let joinsNow: Bool
        private var bridge: LineProcess?
        /// The bridge's `bye`, heard even once the pad has stopped listening.
        let goodbye: BridgeGoodbye
        /// The program the bridge runs on (the Python), said when it lacks `uno`.
        private var program = ""

        init(office: OfficeLauncher?, connectSeconds: Int, goodbye: BridgeGoodbye, joinsNow: Bool) {
            self.office = office
            self.connectSeconds = connectSeconds
            self.goodbye = goodbye
            self.joinsNow = joinsNow
        }

        /// A command is reported written when it became a line to the bridge.
        public static func writes(_ action: UNOLink.Action) -> Bool {
            if case .write = action { true } else { false }
        }

        public func perform(_ action: UNOLink.Action, driver: SourceDriver<IO>) {
            switch action {
            case .launchOffice:
                do { try office?.startListening() } catch {
                    driver.logger.warning("LibreOffice did not start: \(error)")
                }
            case .spawnBridge:
                bridge?.end()
                if joinsNow, !OfficeLauncher.isListening(driver.machine.pipe) {
                    return driver.handle(.line(.fatal(what: "no-office", message: "nothing listens on the pipe")))
                }
                let generation = driver.newGeneration()
                let goodbye = self.goodbye
                let (program, arguments, firstLine) = UNOBridgeScript.command(pipe: driver.machine.pipe, connectSeconds: connectSeconds)
                self.program = program
                do {
                    // An ended bridge's last words are not heard.
                    bridge = try LineProcess(program: program, arguments: arguments, on: driver.eventLoop,
                        onLine: { [weak driver] line in
                            goodbye.hear(line)
                            guard let driver else { return }
                            driver.ifCurrent(generation) { io in io.heard(line, driver) }
                        },
                        onEnd: { [weak driver] in
                            goodbye.finish()
                            guard let driver else { return }
                            driver.ifCurrent(generation) { _ in driver.handle(.bridgeEnded) }
                        })
                    if let firstLine { bridge?.write(firstLine) }
                } catch {
                    driver.logger.error("cannot start the bridge \(program): \(error)")
                    driver.handle(.line(.fatal(what: "no-uno", message: "\(program): \(error)", python: program)))
                }
            case .write(let request):
                if case .render = request {} else { driver.logger.trace("→ \(request.line.dropLast())") }
                if case .quit = request { goodbye.expect() }
                bridge?.write(request.line)
            case .emit(let event): driver.deliver(event)
            case .arm(let timer, let delay): driver.arm(timer, after: delay)
            case .cancel(let timer): driver.cancel(timer)
            case .endBridge:
                // `quit` goes first: the bridge is given a moment to leave
                // tidily, and its `bye` is still heard (`farewell`).
                if goodbye.expecting {
                    bridge?.closeInput()
                    let leaving = bridge
                    driver.eventLoop.scheduleTask(in: .seconds(15)) { leaving?.end() }
                } else {
                    bridge?.end(grace: .seconds(10))
                }
                bridge = nil
            case .log(let message): driver.logger.debug("\(message)")
            }
        }

        private func heard(_ line: [UInt8], _ driver: SourceDriver<IO>) {
            if line.count < 300 { driver.logger.trace("← \(String(decoding: line, as: UTF8.self))") }
            if let event = UNOBridgeEvent.parse(line) {
                // The Python as the pad ran it (CONTROLPAD_PYTHON's words), not as it calls itself.
                if case .fatal("no-uno", let message, _) = event {
                    driver.handle(.line(.fatal(what: "no-uno", message: message, python: program)))
                    return
                }
                driver.handle(.line(event))
            } else {
                driver.handle(.garbage(String(decoding: line.prefix(200), as: UTF8.self)))
            }
        }
    }
}

/// The driver takes the link as it is: it counts no time of its own (its timers are armed as actions).
extension UNOLink: SourceMachine {
    public mutating func handle(_ input: Input, now: Duration) -> [Action] { handle(input) }
}
extension UNOLink.Input: WantsPictures {}

