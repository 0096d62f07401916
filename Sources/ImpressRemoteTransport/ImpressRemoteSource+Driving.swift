import Logging
import NIOCore
import NIOPosix
import SlideModel
import ImpressRemote
import Synchronization

/// Carrying out the connection's decisions: taken under the core lock (the
/// bytes written in the order decided), the rest done on the loop.
extension ImpressRemoteSource {
    /// What the machine decided, with what became of the bytes it wrote.
    struct Decision: Sendable {
        var actions: [ImpressConnection.Action]
        /// One per `.write`, in order: nil when no connection was open.
        var writes: [WireWriter.Outcome?]
        var writer: WireWriter?
    }

    /// Under the core lock: the machine decides, and the bytes it decided
    /// on go to the connection's writer in that order.
    static func decide(_ core: inout Core, _ input: ImpressConnection.Input, now: Duration,
                       whenWritten: (@Sendable (Bool) -> Void)?) -> Decision {
        let actions = core.machine.handle(input, now: now)
        var writes: [WireWriter.Outcome?] = []
        for case .write(let bytes, let command) in actions {
            writes.append(core.writer?.write(bytes, whenWritten: command == nil ? nil : whenWritten))
        }
        return Decision(actions: actions, writes: writes, writer: core.writer)
    }

    /// On `loop`: the machine decides, and what it decided is carried out.
    func handle(_ input: ImpressConnection.Input, whenWritten: (@Sendable (Bool) -> Void)? = nil) {
        let now = Self.monotonicNow()
        let decision = core.withLock { Self.decide(&$0, input, now: now, whenWritten: whenWritten) }
        carryOut(decision, whenWritten: whenWritten)
    }

    /// A press decided and written on the caller's thread, without waiting:
    /// false (nothing done) when the loop holds the machine or a send is on
    /// its way through the loop; the caller then sends through the loop.
    /// What is left to do after the write (timers, logs, events) is done on
    /// the loop.
    func sendHere(_ command: SourceCommand) -> Bool {
        guard sendsOnTheLoop.load(ordering: .sequentiallyConsistent) == 0 else { return false }
        let now = Self.monotonicNow()
        let decided = core.withLockIfAvailable { core -> Decision? in
            guard sendsOnTheLoop.load(ordering: .sequentiallyConsistent) == 0 else { return nil }
            return Self.decide(&core, .send(command), now: now, whenWritten: nil)
        }
        guard let decision = decided ?? nil else { return false }
        if decision.needsTheLoop(logLevel: logger.logLevel) {
            loop.execute { self.carryOut(decision, whenWritten: nil) }
        }
        return true
    }

    /// Through the loop, after any send already on its way there.
    func sendOnTheLoop(_ command: SourceCommand, whenWritten: (@Sendable (Bool) -> Void)? = nil) {
        sendsOnTheLoop.wrappingAdd(1, ordering: .sequentiallyConsistent)
        loop.execute {
            self.handle(.send(command), whenWritten: whenWritten)
            self.sendsOnTheLoop.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        }
    }

    /// On `loop`: everything but the writes themselves, which `decide` did.
    func carryOut(_ decision: Decision, whenWritten: (@Sendable (Bool) -> Void)?) {
        let link = self.link.value
        // A press the pacer holds for a moment is accepted: it goes out later.
        if !decision.actions.contains(where: { if case .write(_, .some) = $0 { true } else if case .dropped = $0 { true } else { false } }) {
            whenWritten?(true)
        }
        var writes = decision.writes.makeIterator()
        for action in decision.actions {
            switch action {
            case .connect: open(link)
            case .write(let bytes, let command):
                logger.trace("sending \(String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self))\(command.map { " for \($0)" } ?? "")")
                switch writes.next() ?? nil {
                case nil: if command != nil { whenWritten?(false) }
                case .written: if command != nil { whenWritten?(true) }
                case .queued: decision.writer?.drain()
                }
            case .close:
                // Nothing more goes straight to this socket.
                core.withLock { $0.writer }?.close()
                if core.withLock({ $0.machine.isStopped }), let channel = link.channel {
                    letGo(link)
                    channel.close(promise: nil)
                } else {
                    link.channel?.close(promise: nil)
                }
                link.noteIfClosed(stopped: core.withLock { $0.machine.isStopped })
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
            case .log(let level, let message): logger.log(level: Self.level(level), "\(message)")
            }
        }
    }

    /// On `loop`: the connection's channel is gone (or handed off); its
    /// writer writes no more.
    func letGo(_ link: Link) {
        link.channel = nil
        let writer = core.withLock { core -> WireWriter? in
            defer { core.writer = nil }
            return core.writer
        }
        writer?.close()
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

    static func level(_ level: ImpressLogLevel) -> Logger.Level {
        switch level {
        case .trace: return .trace
        case .debug: return .debug
        case .info: return .info
        case .notice: return .notice
        case .warning: return .warning
        case .error: return .error
        }
    }
}

extension ImpressRemoteSource.Decision {
    /// Whether anything is left for the loop once the bytes are written: a
    /// queued write, a timer, an event, a log line that would be kept (a
    /// write's own, at trace level).
    func needsTheLoop(logLevel: Logger.Level) -> Bool {
        var writes = self.writes.makeIterator()
        for action in actions {
            switch action {
            case .write: if writes.next() != .some(.written) || logLevel <= .trace { return true }
            case .log(let level, _): if ImpressRemoteSource.level(level) >= logLevel { return true }
            default: return true
            }
        }
        return false
    }
}
