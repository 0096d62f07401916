import SlideModel

/// The connection's life: connecting, pairing, losing it, and counting down to the next try.
extension ImpressConnection {
    mutating func connect() -> [Action] {
        phase = .connecting
        return [.emit(.link(.connecting(to: settings.address))), .log(.info, "connecting to \(settings.address)"), .connect]
    }

    mutating func pair() -> [Action] {
        guard case .connecting = phase else { return [] }
        framer.reset()
        pacer.reset()
        closeReason = nil
        let pin = ImpressPin.choose(override: settings.pinOverride, stored: storedPin, fresh: freshPin)
        var session = ImpressSession(clientName: settings.clientName, pin: pin, serverLabel: settings.serverLabel)
        // One write: the server reads the request with blocking reads on its
        // only accepting thread (see docs/IMPRESS-REMOTE.md).
        let request = session.start()
        self.session = session
        phase = .open
        var actions: [Action] = [.log(.info, "connected to \(settings.address); pairing as \(settings.clientName.debugDescription)"),
                                 .write(request, command: nil)]
        if settings.pairingTimeout > .zero { actions.append(.arm(.pairing, after: settings.pairingTimeout)) }
        return actions
    }

    mutating func lost() -> [Action] {
        guard case .open = phase else { return [] }
        var reason = closeReason ?? LinkProblem.closed.reason
        if closeReason == nil {
            if framer.isMidMessage {
                reason = "connection closed in the middle of a message"
            } else if session?.phase == .validatingPin {
                reason = LinkProblem.pairingUnconfirmed.reason
            } else if session?.phase == .requested {
                reason = LinkProblem.pairingRefused.reason
            }
        }
        let refusedPairing = closeReason == nil && (session?.phase == .validatingPin || session?.phase == .requested)
        session = nil
        closeReason = nil
        framer.reset()
        pacer.reset()
        stream = PreviewStream()
        let lost: [Action] = [.log(.notice, "lost \(settings.address): \(reason)"), .cancel(.pairing)]
        guard !refusedPairing else {
            // Asking again and again would pop up Impress's dialog forever.
            phase = .waitingForRetry
            return lost + [.emit(.link(.failed(message: reason)))]
        }
        return lost + scheduleReconnect(reason: reason)
    }

    mutating func scheduleReconnect(reason: String) -> [Action] {
        countDown(left: backoff.nextDelay(), reason: reason)
    }

    /// "reconnecting in N s" every `countdownStep`, then connect.
    mutating func countDown(left: Duration, reason: String) -> [Action] {
        guard left > .zero else { return connect() }
        let step = min(settings.countdownStep > .zero ? settings.countdownStep : left, left)
        phase = .countingDown(left: left - step, reason: reason)
        return [.emit(.link(.reconnecting(inSeconds: ReconnectBackoff.countdownSeconds(left), reason: reason))),
                .arm(.countdown, after: step)]
    }
}
