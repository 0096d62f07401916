import Logging
import NIOCore
import NIOPosix
import RevealJS
import SlideModel
import SourceKit

/// A reveal.js deck in a browser, driven over the Chrome DevTools Protocol,
/// as a `SlideSource`: the pure `RevealLink` and its I/O (`IO`: `CDPHTTP`
/// for the page list, a `CDPSocket` for each page) on the one
/// `SourceDriver`, which binds them to the event loop given, keeps the
/// timers, the gate and which socket of each page is current, and gives
/// the source its `start`, `send`, `want`, `retryNow` and `shutdown`.
/// Stopping is at once: the render window is closed, the audience's page
/// is left as it is.
public final class RevealJSSource: DrivenSource {
    public let settings: RevealLink.Settings
    public let connectTimeout: TimeAmount
    public let driver: SourceDriver<IO>

    /// - Parameter onPosition: where the show is, steps and stacks included
    ///   (the pad's status line), on the loop.
    public init(settings: RevealLink.Settings, eventLoop: EventLoop, logger: Logger = Logger(label: "controlpad.reveal"),
                connectTimeout: TimeAmount = .seconds(3), onPosition: (@Sendable (RevealPosition) -> Void)? = nil) {
        self.settings = settings
        self.connectTimeout = connectTimeout
        driver = SourceDriver(machine: RevealLink(settings),
                              io: IO(address: settings.address, connectTimeout: connectTimeout, onPosition: onPosition),
                              eventLoop: eventLoop, logger: logger)
    }

    public var eventLoop: any EventLoop { driver.eventLoop }

    /// What carries out the link's requests: HTTP for the page list, a
    /// WebSocket per page (the audience's, the pad's render window).
    public final class IO: ActionByActionIO {
        public typealias Machine = RevealLink
        private let address: RevealAddress
        private let connectTimeout: TimeAmount
        private let onPosition: (@Sendable (RevealPosition) -> Void)?
        private var sockets: [RevealLink.Channel: CDPSocket] = [:]

        init(address: RevealAddress, connectTimeout: TimeAmount, onPosition: (@Sendable (RevealPosition) -> Void)?) {
            self.address = address
            self.connectTimeout = connectTimeout
            self.onPosition = onPosition
        }

        /// A command is reported written when it went out to the browser,
        /// false when dropped (the link is not open, or reveal.js cannot do it).
        public static func writes(_ action: RevealLink.Action) -> Bool {
            if case .write = action { true } else { false }
        }

        public func perform(_ action: RevealLink.Action, driver: SourceDriver<IO>) {
            switch action {
            case .get(let path):
                CDPHTTP.get(host: address.host, port: address.port, path: path.rawValue, timeout: connectTimeout, on: driver.eventLoop) { result in
                    switch result {
                    case .success(let answer): driver.handle(.http(path, status: answer.status, body: answer.body))
                    case .failure(let failure): driver.handle(.httpFailed(path, failure))
                    }
                }
            case .open(let channel, let url):
                sockets.removeValue(forKey: channel)?.close()
                let generation = driver.newGeneration(of: channel)
                // A socket replaced or closed by the machine says nothing more.
                sockets[channel] = CDPSocket(url: url, timeout: connectTimeout, on: driver.eventLoop) { [weak driver] event in
                    guard let driver else { return }
                    driver.ifCurrent(generation) { io in io.heard(event, on: channel, driver) }
                }
            case .close(let channel):
                driver.endGeneration(of: channel)
                sockets.removeValue(forKey: channel)?.close()
            case .write(let channel, let text):
                driver.logger.trace("→ \(channel) \(text.prefix(200))")
                sockets[channel]?.write(text)
            case .arm(let timer, let delay): driver.arm(timer, after: delay)
            case .cancel(let timer): driver.cancel(timer)
            case .emit(let event): driver.deliver(event)
            case .position(let position):
                driver.deliver(position.event)
                onPosition?(position)
            case .dropped(let command): driver.logger.debug("dropped \(command)")
            case .log(let level, let message): driver.log(level, message)
            }
        }

        /// From the current socket of `channel`.
        private func heard(_ event: CDPSocket.Event, on channel: RevealLink.Channel, _ driver: SourceDriver<IO>) {
            switch event {
            case .opened: driver.handle(.opened(channel))
            case .openFailed(let failure):
                sockets[channel] = nil
                driver.endGeneration(of: channel)
                driver.handle(.openFailed(channel, failure))
            case .text(let text): driver.handle(.text(channel, text))
            case .closed:
                sockets[channel] = nil
                driver.endGeneration(of: channel)
                driver.handle(.closed(channel))
            }
        }
    }
}

/// The driver takes the link as it is.
extension RevealLink: SourceMachine {}
extension RevealLink.Input: PlainStartAndStop, WantsPictures {}
