import SlideModel

/// The connection's life (`LinkLife`) as Impress lives it: connecting,
/// pairing, and losing it (a refused pairing waits for the presenter).
extension ImpressConnection {
    package mutating func connect() -> [Action] {
        life.connecting()
        return [.emit(.link(.connecting(to: settings.address))), .log(.info, "connecting to \(settings.address)"), .connect]
    }

    mutating func pair(now: Duration) -> [Action] {
        guard life.isConnecting else { return [] }
        framer.reset()
        pacer.reset()
        answers = AnswerWatch()
        closeReason = nil
        let pin = ImpressPin.choose(override: settings.pinOverride, stored: storedPin, fresh: freshPin)
        var session = ImpressSession(clientName: settings.clientName, pin: pin, serverLabel: settings.serverLabel)
        // One write: the server reads the request with blocking reads on its
        // only accepting thread (see docs/IMPRESS-REMOTE.md).
        let request = session.start()
        self.session = session
        life.opened()
        transcript = ShowTranscript()
        if let adoption {
            // Paired by the process that handed it over: what Impress told it
            // is read as if it came now, and its stream goes on.
            self.adoption = nil
            var actions: [Action] = [.log(.info, "took over the link to \(settings.address) from another controlpad")]
            actions += receive(adoption.transcript, now: now).filter { if case .storePin = $0 { false } else { true } }
            stream = adoption.stream.rebased(from: .zero, to: now)
            return actions
        }
        var actions: [Action] = [.log(.info, "connected to \(settings.address); pairing as \(settings.clientName.debugDescription)"),
                                 .write(request, command: nil)]
        if settings.pairingTimeout > .zero { actions.append(.arm(.pairing, after: settings.pairingTimeout)) }
        return actions
    }

    mutating func lost() -> [Action] {
        guard life.isOpen else { return [] }
        var problem = closeReason ?? ImpressProblem.closed.problem
        if closeReason == nil {
            if framer.isMidMessage {
                problem = ImpressProblem.midMessage
            } else if session?.phase == .validatingPin {
                problem = ImpressProblem.pairingUnconfirmed.problem
            } else if session?.phase == .requested {
                problem = ImpressProblem.pairingRefused.problem
            }
        }
        let refusedPairing = closeReason == nil && (session?.phase == .validatingPin || session?.phase == .requested)
        // A hung remote pairs again at once and says nothing again: the
        // problem would flash by. It stays on screen until the presenter,
        // having restarted LibreOffice, asks again.
        let hung = closeReason.flatMap(ImpressProblem.init) == .silentAfterPairing
        session = nil
        closeReason = nil
        framer.reset()
        pacer.reset()
        stream = PreviewStream()
        answers = AnswerWatch()
        let lost: [Action] = [.log(.notice, "lost \(settings.address): \(problem.reason)"), .cancel(.pairing), .cancel(.answer)]
        guard !refusedPairing, !hung else {
            // Asking again and again would pop up Impress's dialog forever.
            return lost + follow(life.refused(problem))
        }
        return lost + follow(life.lost(problem))
    }
}
