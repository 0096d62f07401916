import SlideModel

/// pdfpc never pushes: `/api/state` is polled, quickly after activity, slowly when idle.
extension PdfpcConnection {
    mutating func schedulePoll(now: Duration) -> [Action] {
        guard life.isOpen else { return [] }
        if now - lastActivity < settings.activeWindow {
            pollDelay = settings.fastPoll
        } else {
            let slowest = now - lastActivity >= settings.idleAfter ? settings.idlePoll : settings.slowPoll
            pollDelay = min(pollDelay * 2, slowest)
        }
        return [.arm(.poll, after: pollDelay)]
    }

    mutating func poll(now: Duration) -> [Action] {
        guard life.isOpen else { return [] }
        var actions: [Action] = []
        if now - lastMeta >= settings.metaEvery, !inFlight.values.contains(.meta) {
            lastMeta = now
            actions.append(request(.meta))
        }
        // A command's answer is a state too: no poll beside it.
        if control == nil, !inFlight.values.contains(.state) { actions.append(request(.state)) }
        else { actions += schedulePoll(now: now) }
        return actions
    }
}
