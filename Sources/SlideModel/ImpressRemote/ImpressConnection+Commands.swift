/// Presses put on the wire as the pacer says (`NavigationPacer`).
extension ImpressConnection {
    mutating func send(_ command: SourceCommand, now: Duration) -> [Action] {
        guard case .open = phase, session?.isPaired == true else {
            return [.dropped(command), .log(.debug, "not paired: dropped \(command)")]
        }
        stream.commandSent(command, now: now)
        guard let wire = pacer.wire(command, show: session?.show, now: now) else {
            return [.log(.trace, "holding \(command) until the show confirms its step"),
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
        // The bytes first: the log line after them is off the key's path to the wire.
        return [.write(bytes, command: command), .log(.trace, "sending \(wire)" + (command.map { " for \($0)" } ?? ""))]
    }
}
