import SlideModel

/// Presses: one control request in flight; presses made meanwhile add up
/// to one go-to, to where they head (`Heading`, the pad's own rule).
extension PdfpcConnection {
    var current: Int { state?.userSlide ?? 0 }
    var count: Int { padCount ?? 0 }

    func clamp(_ index: Int) -> Int { Heading.clamp(index, count: count) }

    mutating func send(_ command: SourceCommand, now: Duration) -> [Action] {
        guard life.isOpen else { return [.dropped(command), .log(.debug, "not connected: dropped \(command)")] }
        switch command {
        case .start, .stop:
            return [.dropped(command), .log(.debug, "pdfpc has no \(command): dropped")]
        case .pointerStarted, .pointerMoved, .pointerDismissed, .ink:
            return mark(command, now: now)
        default: break
        }
        lastActivity = now
        pollDelay = settings.fastPoll
        guard control != nil else { return [.cancel(.poll)] + go(command, now: now) }
        switch command {
        case .next, .previous:
            heading.step(by: command == .next ? 1 : -1, current: current, count: count, now: now)
        case .goto(let index):
            heading.aim(at: clamp(index), current: current, now: now)
        default:
            queue.append(command)
            return [.log(.trace, "queued \(command) behind the command in flight")]
        }
        pressesJoined = true
        return [.log(.trace, "\(command) joins the presses in flight: heading for slide \(heading.target(or: current) + 1)")]
    }

    /// The control request for `command`.
    mutating func go(_ command: SourceCommand, now: Duration) -> [Action] {
        switch command {
        case .next:
            heading.step(by: 1, current: current, count: count, now: now)
            return [request(.control(action: "next", argument: nil), command: command)]
        case .previous:
            heading.step(by: -1, current: current, count: count, now: now)
            return [request(.control(action: "prev", argument: nil), command: command)]
        case .goto(let index):
            heading.aim(at: clamp(index), current: current, now: now)
            return [request(.control(action: "gotoPage", argument: "\(clamp(index) + 1)"), command: command)]
        case .blank:
            // pdfpc's blank toggles: sent only when the screen is not black already.
            if state?.black == true { return [.log(.debug, "already blank")] }
            return [request(.control(action: "blank", argument: nil), command: command)]
        case .resume:
            return [request(.control(action: "exitState", argument: nil), command: command)]
        default:
            return [.dropped(command)]
        }
    }

    /// After an answer: the presses made meanwhile, as one go-to; then the queue.
    mutating func nextCommand(now: Duration) -> [Action] {
        guard control == nil else { return [] }
        if pressesJoined {
            pressesJoined = false
            if let target = heading?.target, target != current { return go(.goto(index: target), now: now) }
        }
        heading = nil
        while !queue.isEmpty {
            let actions = go(queue.removeFirst(), now: now)
            if control != nil { return actions }
        }
        return nextMark()
    }
}
