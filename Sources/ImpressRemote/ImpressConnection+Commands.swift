import SlideModel

/// Presses put on the wire as the pacer says (`NavigationPacer`).
extension ImpressConnection {
    mutating func send(_ command: SourceCommand, now: Duration) -> [Action] {
        guard life.isOpen, session?.isPaired == true else {
            return [.dropped(command), .log(.debug, "not paired: dropped \(command.logText)")]
        }
        stream.commandSent(command, now: now)
        guard let wire = pacer.wire(command, show: session?.show, now: now) else {
            return [.log(.trace, "holding \(command.logText) until the show is ready for it"),
                    .arm(.heldNavigation, after: heldLook(now: now))]
        }
        return write(wire, for: command)
    }

    /// When a held press is looked at again: at the end of its hold, and
    /// while it waits for a restart's previews, every `restartLook`.
    func heldLook(now: Duration) -> Duration {
        pacer.waitsForRestartStream ? min(pacer.holdTime(now: now), NavigationPacer.restartLook) : pacer.holdTime(now: now)
    }

    /// The held press's time came: it goes, unless it waits for a restart's
    /// previews that still come (a stream quiet for `restartQuiet` is over:
    /// a server that restarts the show and sends nothing is not waited for).
    mutating func heldNavigationDue(now: Duration) -> [Action] {
        if pacer.waitsForRestartStream, stream.isSendingSlides, now - stream.lastTraffic < NavigationPacer.restartQuiet,
           pacer.holdTime(now: now) > .zero {
            return [.arm(.heldNavigation, after: heldLook(now: now))]
        }
        guard let wire = pacer.expire(now: now) else { return [] }
        return write(wire, for: wire)
    }

    /// A command's bytes; `command` is what was pressed (nil: sent for the
    /// pacer, after the fact).
    mutating func write(_ wire: SourceCommand, for command: SourceCommand?) -> [Action] {
        guard let bytes = ImpressClientEncoding.encode(wire) else {
            return command.map { [.dropped($0), .log(.notice, "cannot send \($0)")] } ?? []
        }
        // No log line here: it would be made on a key's way to the wire, at
        // every log level. The transport logs what it writes, when asked to.
        return [.write(bytes, command: command)] + watchAnswer(to: wire)
    }
}

extension SourceCommand {
    /// As `"\(command)"` prints it, without the reflection that costs tens
    /// of microseconds on a key's way to the wire.
    var logText: String {
        switch self {
        case .next: "next"
        case .previous: "previous"
        case .goto(let index): "goto(index: \(index))"
        case .start: "start"
        case .stop: "stop"
        case .blank: "blank"
        case .resume: "resume"
        case .pointerStarted(let x, let y): "pointerStarted(x: \(x), y: \(y))"
        case .pointerMoved(let x, let y): "pointerMoved(x: \(x), y: \(y))"
        case .pointerDismissed: "pointerDismissed"
        case .ink(let ink): "ink(\(ink))"
        }
    }
}
