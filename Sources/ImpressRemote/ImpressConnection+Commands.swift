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
                    .arm(.heldNavigation, after: pacer.holdTime(now: now))]
        }
        return write(wire, for: command)
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
