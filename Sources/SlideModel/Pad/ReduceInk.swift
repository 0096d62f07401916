/// Ink: `i` toggles ink mode, a drag over the current slide draws a
/// stroke on the room's screen (and on the pad's current pane), `e` erases
/// the slide's ink. The keys that move the show work as ever.
extension PadState {
    mutating func toggleInk(now: Duration) -> [Effect] {
        guard let offer = inkOffer else {
            flash = Flash(text: "no ink on this source: the help (?) says what a click does here", until: now + Flash.duration)
            return []
        }
        inkMode.toggle()
        var effects: [Effect] = []
        if pointerShown {
            // A laser held when the mode changed goes; the next press draws.
            pointerShown = false
            effects.append(.send(.pointerDismissed))
        }
        let on = offer.placesStrokes ? "ink mode: a drag on the slide draws on \(offer.sourceName) · e erases · i ends it"
            : "\(offer.sourceName)'s pen is on: draw with its computer's mouse · e erases · i ends it"
        flash = Flash(text: inkMode ? on
                                    : "ink mode off: a press on the slide is the laser pointer", until: now + Flash.duration)
        return effects + [.send(.ink(.mode(inkMode)))]
    }

    mutating func eraseInk(now: Duration) -> [Effect] {
        guard inkOffer != nil else {
            flash = Flash(text: "no ink on this source", until: now + Flash.duration)
            return []
        }
        guard showRunning else { return [] }
        let had = !ink.on(current).isEmpty
        ink.clear(current)
        flash = Flash(text: had ? "ink erased on slide \(current + 1)" : "no ink on slide \(current + 1) (erased anyway)", until: now + Flash.duration)
        return [.send(.ink(.clear))]
    }

    /// A press, drag or release over the current slide in ink mode.
    mutating func inkStroke(_ phase: PointerPhase, at point: SlidePoint) -> [Effect] {
        switch phase {
        case .down:
            pointerShown = true  // a stroke is being drawn: the release ends it
            ink.begin(point, on: current)
            return [.send(.ink(.began(point)))]
        case .move:
            guard pointerShown, ink.extend(to: point) else { return [] }
            return [.send(.ink(.moved(point)))]
        case .up:
            guard pointerShown else { return [] }
            pointerShown = false
            let last: [Effect] = ink.extend(to: point) ? [.send(.ink(.moved(point)))] : []
            ink.end()
            return last + [.send(.ink(.ended))]
        }
    }
}
