import SlideModel

/// Presses: one control request in flight; presses made meanwhile add up to one go-to.
extension PdfpcConnection {
    var current: Int { state?.userSlide ?? 0 }
    var count: Int { padCount ?? 0 }

    func clamp(_ index: Int) -> Int { min(max(0, index), max(0, count - 1)) }

    mutating func send(_ command: SourceCommand, now: Duration) -> [Action] {
        guard phase == .open else { return [.dropped(command), .log(.debug, "not connected: dropped \(command)")] }
        switch command {
        case .start, .stop, .pointerStarted, .pointerMoved, .pointerDismissed:
            return [.dropped(command), .log(.debug, "pdfpc has no \(command): dropped")]
        default: break
        }
        lastActivity = now
        pollDelay = settings.fastPoll
        guard control != nil else { return [.cancel(.poll)] + go(command) }
        switch command {
        case .next, .previous:
            let delta = command == .next ? 1 : -1
            pendingTarget = clamp((pendingTarget ?? heading ?? current) + delta)
        case .goto(let index):
            pendingTarget = clamp(index)
        default:
            queue.append(command)
            return [.log(.trace, "queued \(command) behind the command in flight")]
        }
        return [.log(.trace, "\(command) joins the presses in flight: heading for slide \((pendingTarget ?? 0) + 1)")]
    }

    /// The control request for `command`.
    mutating func go(_ command: SourceCommand) -> [Action] {
        switch command {
        case .next:
            heading = clamp(current + 1)
            return [request(.control(action: "next", argument: nil), command: command)]
        case .previous:
            heading = clamp(current - 1)
            return [request(.control(action: "prev", argument: nil), command: command)]
        case .goto(let index):
            heading = clamp(index)
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
        if let target = pendingTarget {
            pendingTarget = nil
            if target != current { return go(.goto(index: target)) }
        }
        while !queue.isEmpty {
            let actions = go(queue.removeFirst())
            if control != nil { return actions }
        }
        return []
    }
}
