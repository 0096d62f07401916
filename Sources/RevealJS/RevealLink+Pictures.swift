import FoundationEssentials
import SlideModel

/// Pictures at the pane's size, taken in a window of the pad's own on the
/// same deck (`Target.createTarget` with `newWindow`), so the audience's
/// view never moves: there, without transitions, `Reveal.slide(h, v, f)`
/// then `Page.captureScreenshot` with a clip scaled to the pane. One slide
/// at a time (the window shows one), the most wanted first (the pad lists
/// the current and next panes first), then every slide in the background
/// at the size of the least wanted picture (a thumbnail). The last `want`
/// wins: what is no longer wanted is not taken.
extension RevealLink {
    /// Where the render window's top left corner goes: X and Wayland screens
    /// start at 0, 0, and a window there still fits X's 16-bit coordinates.
    static let offScreen = -20_000

    /// The URL of the render window: the deck's, marked so no pad takes it for the deck.
    static func renderURL(deck url: String) -> String {
        let base = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        return base + (base.contains("?") ? "&" : "?") + CDPTarget.renderMarker + "#/0"
    }

    /// The picture slide `want.slide` should be now, and whether the pad has it.
    func wanted(_ want: PictureWant) -> (key: PictureKey, needed: Bool)? {
        guard let deck, let at, deck.slides.indices.contains(want.slide) else { return nil }
        let size = want.size.fitting(aspect: Double(viewport.width) / Double(viewport.height))
        let key = PictureKey(size: size, step: deck.pictureStep(of: want.slide, current: at))
        return (key, delivered[want.slide] != key && !failedPictures.contains(FailedPicture(slide: want.slide, key: key)))
    }

    /// A want without a picture for a slide whose delivery the pad had
    /// confirmed means the pad let it go: take it again.
    mutating func noteWants() -> [Action] {
        for want in wants {
            if let have = want.have, delivered[want.slide]?.size == have { unconfirmed.remove(want.slide) }
            else if want.have == nil, !unconfirmed.contains(want.slide) { delivered[want.slide] = nil }
        }
        return []
    }

    mutating func pumpPictures() -> [Action] {
        guard settings.pictures, phase == .open, capturing == nil, let deck, at != nil else { return [] }
        switch render {
        case .none:
            guard !wants.isEmpty, renderFailures < 3 else { return [] }
            render = .creating
            // Minimized from the start: a window "in the background" still
            // came up above a deck that is not full screen (openbox, seen on
            // Xvfb), showing the audience slides ahead. Minimized, its page is
            // hidden but still takes pictures (same times, transitions off).
            // And off the screen: without a window manager (a kiosk, a bare
            // startx) nothing minimizes it, and it mapped over the deck
            // (Xvfb, Chromium 156); placed at `offScreen` it maps where no
            // screen is, and its pictures are the same.
            return [request(.audience, CDPRequest(id: 0, method: "Target.createTarget", params: [
                "url": .string(Self.renderURL(deck: deckURL)), "newWindow": true, "background": true,
                "windowState": "minimized", "left": .number(Double(Self.offScreen)), "top": .number(Double(Self.offScreen)),
                "width": .number(Double(viewport.width)), "height": .number(Double(viewport.height)),
            ]), .createTarget)]
        case .ready:
            var next: (slide: Int, key: PictureKey)?
            for want in wants {
                if let (key, needed) = wanted(want), needed { next = (want.slide, key); break }
            }
            if next == nil, settings.background, let smallest = wants.last {
                for n in 0..<deck.count where delivered[n] == nil {
                    if let (key, needed) = wanted(PictureWant(slide: n, size: smallest.size)), needed { next = (n, key); break }
                }
            }
            guard let (slide, key) = next else { return [] }
            capturing = slide
            let s = deck.slides[slide]
            let scale = Double(key.size.width) / Double(viewport.width)
            let clip: JSONValue = ["x": 0, "y": 0, "width": .number(Double(viewport.width)),
                                   "height": .number(Double(viewport.height)), "scale": .number(scale)]
            return [
                request(.render, .evaluate(id: 0, RevealScripts.slide(h: s.h, v: s.v, f: key.step)), .renderSlide),
                request(.render, CDPRequest(id: 0, method: "Page.captureScreenshot",
                                            params: ["format": "png", "clip": clip, "optimizeForSpeed": true]),
                        .capture(slide: slide, size: key.size, step: key.step)),
                .arm(.captureTimeout, after: settings.captureTimeout),
            ]
        default:
            return []
        }
    }

    mutating func renderCreated(_ result: Result<JSONValue, Failure>) -> [Action] {
        guard render == .creating else { return [] }
        guard case .success(let value) = result, let id = value["targetId"]?.string,
              id.utf8.allSatisfy({ $0 >= 0x21 && $0 < 0x7F && $0 != UInt8(ascii: "/") }) else {
            return renderLost("no render window: \(result)")
        }
        render = .opening(targetID: id)
        return [.open(.render, url: "ws://\(settings.address.hostAndPort)/devtools/page/\(id)")]
    }

    mutating func renderOpened(now: Duration) -> [Action] {
        guard case .opening(let id) = render else { return [] }
        render = .preparing(targetID: id)
        renderSince = now
        return [
            request(.render, CDPRequest(id: 0, method: "Emulation.setDeviceMetricsOverride", params: [
                "width": .number(Double(viewport.width)), "height": .number(Double(viewport.height)),
                "deviceScaleFactor": 1, "mobile": false,
            ]), .renderSetup),
            request(.render, .evaluate(id: 0, RevealScripts.probe), .renderProbe),
        ]
    }

    mutating func renderProbed(_ result: Result<JSONValue, Failure>, now: Duration) -> [Action] {
        guard case .preparing = render else { return [] }
        switch (try? result.get()).map(CDPEvaluation.init(result:))?.value?.string {
        case "ready": return [request(.render, .evaluate(id: 0, RevealScripts.stillPictures), .renderStill)]
        // A new window shows about:blank (loaded, no reveal.js) until the deck's document commits.
        case "absent" where now - renderSince > settings.readyPatience:
            return renderLost("the render window has no reveal.js")
        default: return [.arm(.renderReadyPoll, after: settings.readyPoll)]
        }
    }

    mutating func renderStill(_ result: Result<JSONValue, Failure>) -> [Action] {
        guard case .preparing(let id) = render else { return [] }
        render = .ready(targetID: id)
        renderFailures = 0
        return [.log(.debug, "render window ready")] + pumpPictures()
    }

    mutating func captured(slide: Int, size: PixelSize, step: Int, _ result: Result<JSONValue, Failure>) -> [Action] {
        guard capturing == slide else { return [] }
        capturing = nil
        var actions: [Action] = [.cancel(.captureTimeout)]
        let key = PictureKey(size: size, step: step)
        guard case .success(let value) = result, let base64 = value["data"]?.string,
              let data = Data(base64Encoded: base64), PixelSize(png: Array(data)) != nil else {
            failedPictures.insert(FailedPicture(slide: slide, key: key))
            return actions + [.log(.notice, "no picture of slide \(slide) at \(size)")] + pumpPictures()
        }
        delivered[slide] = key
        unconfirmed.insert(slide)
        let preview = Preview(png: Array(data), aspect: Double(viewport.width) / Double(viewport.height))
        actions.append(.emit(.preview(index: slide, preview)))
        return actions + pumpPictures()
    }

    /// The render window is gone or unusable: forget it; the next want makes another (three tries).
    mutating func renderLost(_ why: String) -> [Action] {
        guard render != .none else { return [] }
        renderFailures += 1
        let actions = closeRender()
        return actions + [.log(.notice, why)] + pumpPictures()
    }

    /// Closes the render window, if any (its page too: `Page.close` from its own connection).
    mutating func closeRender() -> [Action] {
        let wasCapturing = capturing != nil
        capturing = nil
        pending = pending.filter {
            switch $0.value {
            case .createTarget, .renderSetup, .renderProbe, .renderStill, .renderSlide, .capture: false
            default: true
            }
        }
        let was = render
        render = .none
        let cancel: [Action] = [.cancel(.renderReadyPoll)] + (wasCapturing ? [.cancel(.captureTimeout)] : [])
        switch was {
        case .none: return []
        case .creating, .opening: return cancel + [.close(.render)]
        case .preparing, .ready:
            return cancel + [.write(.render, CDPRequest(id: 0, method: "Page.close").encoded), .close(.render)]
        }
    }
}
