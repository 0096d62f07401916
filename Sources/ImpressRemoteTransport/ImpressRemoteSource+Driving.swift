import Logging
import NIOCore
import NIOPosix
import SlideModel
import ImpressRemote
import SourceKit

/// Carrying out the connection's decisions, on the loop.
extension ImpressRemoteSource {
    /// On `loop`: the machine decides, and what it decided is carried out
    /// at once (a write goes to the socket before this returns).
    func handle(_ input: ImpressConnection.Input, whenWritten: (@Sendable (Bool) -> Void)? = nil) {
        let link = self.link.value
        let actions = link.machine.handle(input, now: Self.monotonicNow())
        carryOut(actions, link, whenWritten: whenWritten)
    }

    private func carryOut(_ actions: [ImpressConnection.Action], _ link: Link, whenWritten given: (@Sendable (Bool) -> Void)?) {
        var whenWritten = given
        // A press the pacer holds for a moment goes out later: its report waits
        // for that write (`send --no-wait` must not leave before it).
        if given != nil,
           !actions.contains(where: { if case .write(_, .some) = $0 { true } else if case .dropped = $0 { true } else { false } }) {
            if actions.contains(where: { if case .arm(.heldNavigation, _) = $0 { true } else { false } }) {
                link.heldWritten?(true)
                link.heldWritten = given
            } else {
                given?(true)
            }
            whenWritten = nil
        } else if given == nil, let held = link.heldWritten,
                  actions.contains(where: { if case .write(_, .some) = $0 { true } else { false } }) {
            link.heldWritten = nil
            whenWritten = held
        }
        for action in actions {
            switch action {
            case .connect: open(link)
            case .write(let bytes, let command):
                logger.trace("sending \(String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self))\(command.map { " for \($0)" } ?? "")")
                guard let channel = link.channel else {
                    if command != nil { whenWritten?(false) }
                    continue
                }
                let buffer = channel.allocator.buffer(bytes: bytes)
                if command != nil, let whenWritten {
                    let written = loop.makePromise(of: Void.self)
                    written.futureResult.whenComplete { whenWritten((try? $0.get()) != nil) }
                    channel.writeAndFlush(buffer, promise: written)
                } else {
                    channel.writeAndFlush(buffer, promise: nil)
                }
            case .close:
                // A press still held never goes out on this link.
                if let held = link.heldWritten {
                    link.heldWritten = nil
                    held(false)
                }
                if link.machine.isStopped, let channel = link.channel {
                    letGo(link)
                    channel.close(promise: nil)
                } else {
                    link.channel?.close(promise: nil)
                }
                link.noteIfClosed()
            case .arm(let timer, let delay):
                link.timers[timer]?.cancel()
                link.timers[timer] = loop.assumeIsolated().scheduleTask(in: .nanoseconds(delay.clampedNanoseconds)) {
                    link.timers[timer] = nil
                    self.handle(.timerFired(timer))
                }
            case .cancel(let timer): link.timers.removeValue(forKey: timer)?.cancel()
            case .emit(let event): gate.deliver(event)
            case .storePin(let pin): remember(pin)
            case .dropped: whenWritten?(false)
            case .log(let level, let message): logger.log(level: Logger.Level(level), "\(message)")
            }
        }
    }

    /// On `loop`: the connection's channel is gone (or handed off).
    func letGo(_ link: Link) {
        link.channel = nil
        link.descriptor = nil
    }

    /// The pairing file is written off the loop.
    private func remember(_ pin: String) {
        guard let store = configuration.pairingStore else { return }
        let (server, name) = (configuration.address.description, configuration.clientName)
        let logger = self.logger
        let writes = pairingWrites
        writes.enter()
        NIOThreadPool.singleton.runIfActive(eventLoop: loop) {
            try store.remember(server: server, clientName: name, pin: pin)
        }.whenComplete { result in
            if case .failure(let error) = result { logger.error("cannot remember the PIN for \(server): \(error)") }
            writes.leave()
        }
    }

}
