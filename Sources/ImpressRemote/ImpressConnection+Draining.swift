import SlideModel

/// Never close while Impress streams a show's previews (`PreviewStream`):
/// a stop, or a reconnect the connection starts itself after a protocol
/// error, first waits in `.draining` until the stream is done (bounded),
/// reading bytes only to follow its progress.
extension ImpressConnection {
    mutating func startDraining(then: AfterDraining, now: Duration) -> [Action] {
        let until = stream.deadline(waitingFrom: now)
        draining = Draining(until: until, then: then)
        pacer.reset()
        let what = then == .stop ? "closing" : "reconnecting"
        var actions: [Action] = [.log(.notice, "\(stream.waitDescription); \(what) when it is done")]
        if case .reconnect(let problem) = then {
            actions.append(.emit(.link(.reconnecting(
                inSeconds: ReconnectBackoff.countdownSeconds(until - now),
                problem: problem.adding("\(stream.waitDescription), reconnecting when it is done")))))
        }
        return actions + checkDraining(until: until, then: then, now: now)
    }

    /// While draining, bytes only tell the stream's progress; commands are
    /// dropped; the connection closes once the stream is done.
    mutating func drain(_ input: Input, until: Duration, then: AfterDraining, now: Duration) -> [Action] {
        switch input {
        case .received(let bytes):
            var messages: [[String]] = []
            do { try framer.feed(bytes, into: &messages) } catch { framer.reset() }
            for message in messages {
                stream.note(message, now: now)
                transcript.note(message)
            }
            return checkDraining(until: until, then: then, now: now)
        case .timerFired(.drain):
            return checkDraining(until: until, then: then, now: now)
        case .send(let command):
            return [.dropped(command)]
        case .stop:
            draining = Draining(until: until, then: .stop)
            return []
        case .closed, .failed:
            draining = nil
            if case .failed(let problem) = input, closeReason == nil { closeReason = problem }
            if then == .stop { return stopNow() }
            return input.isClosed ? lost() : []
        case .handOver:
            draining = nil
            return handle(.handOver, now: now)
        case .start, .adopt, .connected, .connectFailed, .timerFired, .retryNow:
            return []
        }
    }

    mutating func checkDraining(until: Duration, then: AfterDraining, now: Duration) -> [Action] {
        let closesAt = stream.closesAt(deadline: until)
        guard now >= closesAt else { return [.arm(.drain, after: closesAt - now)] }
        let how = stream.isComplete ? "Impress has sent the last preview" : "waited for Impress's previews long enough"
        stream = PreviewStream()
        if then == .stop { return [.log(.info, "\(how): closing")] + stopNow() }
        draining = nil
        return [.cancel(.drain), .log(.info, "\(how): closing to reconnect"), .close]
    }

    mutating func stopNow() -> [Action] {
        draining = nil
        life.stop()
        session = nil
        return [.cancel(.drain), .close]
    }
}
