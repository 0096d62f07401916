import SlideModel

/// What Impress sends: framed, checked that it is Impress at all, and turned into events and pacing news.
extension ImpressConnection {
    mutating func receive(_ bytes: [UInt8], now: Duration) -> [Action] {
        guard life.isOpen else { return [] }
        var messages: [[String]] = []
        var failure: ImpressFramingError?
        do { try framer.feed(bytes, into: &messages) } catch { failure = error }
        // Messages completed before a framing error still count.
        var actions: [Action] = []
        for lines in messages {
            let wasSending = stream.isSendingSlides
            stream.note(lines, now: now)
            if wasSending, !stream.isSendingSlides { actions += restartStreamEnded(now: now) }
            transcript.note(lines)
            guard var session else { break }
            if session.phase == .requested, !(lines.first ?? "").hasPrefix("LO_SERVER_") {
                closeReason = Self.notImpressProblem
                let first = TerminalText.escaped(String((lines.first ?? "").prefix(60)))
                return actions + [.log(.notice, "the answer to the pair request was \"\(first)\": not Impress Remote"), .close]
            }
            actions.append(.log(.trace, "received \(lines.first ?? "") \(lines.count > 1 && lines[1].count < 16 ? lines[1] : "…")"))
            actions += heardFromImpress(lines)
            let outputs = session.receive(lines)
            let wasRequested = session.phase != .requested && self.session?.phase == .requested
            self.session = session
            if wasRequested { actions.append(.cancel(.pairing)) }
            for output in outputs { actions += perform(output, now: now) }
        }
        if let failure {
            closeReason = ImpressProblem.protocolError(failure.description)
            actions.append(.log(.error, "\(failure); closing the connection"))
            if !stream.mayClose(at: now) {
                framer.reset()
                return actions + startDraining(then: .reconnect(ImpressProblem.protocolError(failure.description)), now: now)
            }
            actions.append(.close)
        }
        return actions
    }

    /// Impress has sent every preview again: a first step held for the
    /// show's restart goes now, or when `firstStepWait` is over.
    private mutating func restartStreamEnded(now: Duration) -> [Action] {
        guard pacer.waitsForRestartStream else { return [] }
        if let wire = pacer.streamEnded(now: now) { return [.cancel(.heldNavigation)] + write(wire, for: wire) }
        return pacer.isHolding ? [.arm(.heldNavigation, after: heldLook(now: now))] : []
    }

    mutating func perform(_ output: ImpressSessionOutput, now: Duration) -> [Action] {
        switch output {
        case .event(let event):
            var actions: [Action] = []
            switch event {
            case .link(.connected):
                life.worked()
                linkWorked = true
                if answers.paired() { actions.append(.arm(.answer, after: settings.answerTimeout)) }
            case .link(.pairing) where padKnowsAShow:
                padKnowsAShow = false
                actions += [.emit(.showFinished), .emit(.showTitle(""))]
            case .showStarted:
                // Said again while it ran: it started again, and Impress sends every preview anew.
                pacer.showSeen(now: now, restarted: padKnowsAShow && stream.isSendingSlides)
                padKnowsAShow = true
            case .showFinished: padKnowsAShow = false
            default: break
            }
            return actions + [.emit(event)]
        case .rememberPin(let pin):
            storedPin = pin
            return [.storePin(pin)]
        case .navigationConfirmed(let index):
            guard let wire = pacer.confirmed(index, now: now) else { return [] }
            return [.cancel(.heldNavigation)] + write(wire, for: nil)
        case .log(let level, let message):
            return [.log(level, message)]
        }
    }
}
