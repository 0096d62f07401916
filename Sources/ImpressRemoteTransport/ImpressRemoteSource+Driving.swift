import Dispatch
import Logging
import NIOCore
import NIOPosix
import SlideModel
import ImpressRemote
import SourceKit

extension ImpressRemoteSource {
    /// What carries out the connection's decisions, on the driver's loop:
    /// the socket, the report of a press the pacer holds, the PIN's storage.
    public final class IO: SourceIO {
        public typealias Machine = ImpressConnection
        let configuration: ImpressRemoteConfiguration
        let pairingWrites: DispatchGroup
        var channel: Channel?
        /// The open connection's socket (NIO's), for `handOff` to duplicate.
        var descriptor: Int32?
        /// `send(_:whenWritten:)`'s report for a press the pacer holds: made
        /// when the held press goes out (or the link drops it).
        var heldWritten: (@Sendable (Bool) -> Void)?
        /// Completed once stopped and the socket is closed (or handed off).
        let closed: EventLoopPromise<Void>
        private var isClosed = false

        /// A socket another process handed over, taken instead of connecting (once).
        var adopted: Int32?

        init(configuration: ImpressRemoteConfiguration, pairingWrites: DispatchGroup, closed: EventLoopPromise<Void>,
             adopted: Int32? = nil) {
            self.adopted = adopted
            self.configuration = configuration
            self.pairingWrites = pairingWrites
            self.closed = closed
        }

        /// A press is reported once its bytes are written to the socket, false
        /// if it was dropped (not paired, link lost, shut down); one the pacer
        /// holds for a moment, when it goes out.
        public func carryOut(_ actions: [ImpressConnection.Action], driver: SourceDriver<IO>,
                             whenWritten given: (@Sendable (Bool) -> Void)?) {
            var whenWritten = given
            // A press the pacer holds for a moment goes out later: its report waits
            // for that write (`send --no-wait` must not leave before it).
            if given != nil,
               !actions.contains(where: { if case .write(_, .some) = $0 { true } else if case .dropped = $0 { true } else { false } }) {
                if actions.contains(where: { if case .arm(.heldNavigation, _) = $0 { true } else { false } }) {
                    heldWritten?(true)
                    heldWritten = given
                } else {
                    given?(true)
                }
                whenWritten = nil
            } else if given == nil, let held = heldWritten,
                      actions.contains(where: { if case .write(_, .some) = $0 { true } else { false } }) {
                heldWritten = nil
                whenWritten = held
            }
            for action in actions {
                switch action {
                case .connect: open(driver)
                case .write(let bytes, let command):
                    driver.logger.trace("sending \(String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self))\(command.map { " for \($0)" } ?? "")")
                    guard let channel else {
                        if command != nil { whenWritten?(false) }
                        continue
                    }
                    driver.write(channel.allocator.buffer(bytes: bytes), to: channel, whenWritten: command != nil ? whenWritten : nil)
                case .close:
                    // A press still held never goes out on this link.
                    if let held = heldWritten {
                        heldWritten = nil
                        held(false)
                    }
                    if driver.machine.isStopped, let channel {
                        letGo()
                        channel.close(promise: nil)
                    } else {
                        channel?.close(promise: nil)
                    }
                case .arm(let timer, let delay): driver.arm(timer, after: delay)
                case .cancel(let timer): driver.cancel(timer)
                case .emit(let event): driver.deliver(event)
                case .storePin(let pin): remember(pin, driver)
                case .dropped: whenWritten?(false)
                case .log(let level, let message): driver.log(level, message)
                }
            }
            noteIfClosed(driver)
        }

        /// Once the machine has stopped and no socket is left open.
        private func noteIfClosed(_ driver: SourceDriver<IO>) {
            guard channel == nil, !isClosed, driver.machine.isStopped else { return }
            isClosed = true
            closed.succeed()
        }

        /// The connection's channel is gone (or handed off).
        func letGo() {
            channel = nil
            descriptor = nil
        }

        /// The pairing file is written off the loop.
        private func remember(_ pin: String, _ driver: SourceDriver<IO>) {
            guard let store = configuration.pairingStore else { return }
            let (server, name) = (configuration.address.description, configuration.clientName)
            let logger = driver.logger
            let writes = pairingWrites
            writes.enter()
            NIOThreadPool.singleton.runIfActive(eventLoop: driver.eventLoop) {
                try store.remember(server: server, clientName: name, pin: pin)
            }.whenComplete { result in
                if case .failure(let error) = result { logger.error("cannot remember the PIN for \(server): \(error)") }
                writes.leave()
            }
        }
    }
}
