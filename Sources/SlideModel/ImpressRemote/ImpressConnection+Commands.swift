/// Presses put on the wire as the pacer says (`NavigationPacer`).
extension ImpressConnection {
    mutating func send(_ command: SourceCommand, now: Duration) -> [Action] {
        guard case .open = phase, session?.isPaired == true else {
            return [.dropped(command), .log(.debug, "not paired: dropped \(command.logText)")]
        }
        stream.commandSent(command, now: now)
        guard let wire = pacer.wire(command, show: session?.show, now: now) else {
            return [.log(.trace, "holding \(command.logText) until the show confirms its step"),
                    .arm(.heldNavigation, after: pacer.ackTimeout)]
        }
        return write(wire, for: command)
    }

    /// A command's bytes; `command` is what was pressed (nil: sent for the
    /// pacer, after the fact).
    func write(_ wire: SourceCommand, for command: SourceCommand?) -> [Action] {
        guard let bytes = ImpressClientEncoding.encode(wire) else {
            return command.map { [.dropped($0), .log(.notice, "cannot send \($0)")] } ?? []
        }
        // The bytes first, and a log line that is cheap to make (no
        // reflection): it is made on the key's path to the wire.
        return [.write(bytes, command: command), .log(.trace, "sending \(wire.logText)" + (command.map { " for \($0.logText)" } ?? ""))]
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
        }
    }
}
