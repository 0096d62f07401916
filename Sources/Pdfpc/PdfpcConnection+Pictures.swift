import SlideModel

/// Pictures and notes: the most wanted first, within the limits, then the rest of the deck.
extension PdfpcConnection {
    func page(for slide: Int) -> Int {
        guard let meta, meta.pages != meta.userSlides else { return slide }
        if slide == state?.userSlide, let page = state?.page { return page }
        if let page = pageOf[slide] { return page }
        // Not seen yet: spread the overlays' pages evenly (a guess).
        return meta.userSlides > 0 ? slide * meta.pages / meta.userSlides : slide
    }

    func fitted(_ size: PixelSize) -> PixelSize { size.fitting(aspect: meta?.aspect ?? Double(size.width) / Double(max(1, size.height))) }

    /// Starts what is most wanted and not yet fetched, within the limits.
    mutating func pump(now: Duration) -> [Action] {
        guard life.isOpen, count > 0 else { return [] }
        var actions: [Action] = []
        let fetching = Set(pictureRequests.values.map(\.slide))
        for want in wants where pictureRequests.count < settings.maxPicturesInFlight {
            guard (0..<count).contains(want.slide), !fetching.contains(want.slide) else { continue }
            let size = fitted(want.size)
            guard want.have != size, !failedPictures.contains(PictureKey(slide: want.slide, size: size)) else { continue }
            // Just sent, and the pad has not taken it in yet.
            if let sent = delivered[want.slide], sent.size == size, now - sent.at < .seconds(2) { continue }
            actions.append(fetchPicture(want.slide, size: size))
        }
        if settings.prefetch, pictureRequests.isEmpty, let size = wants.first.map({ fitted($0.size) }) {
            let order = [current, current + 1] + Array(0..<count)
            if let slide = order.first(where: { s in
                (0..<count).contains(s) && delivered[s] == nil && !failedPictures.contains(PictureKey(slide: s, size: size))
            }) {
                actions.append(fetchPicture(slide, size: size))
            }
        }
        if notesRequest == nil {
            let order = [current, current + 1] + (settings.prefetch ? Array(0..<count) : [])
            if let slide = order.first(where: { (0..<count).contains($0) && !notesKnown.contains($0) }) {
                let action = request(.notes(page: page(for: slide)))
                if case .request(let id, _, _) = action { notesRequest = (id, slide) }
                actions.append(action)
            }
        }
        return actions
    }

    mutating func fetchPicture(_ slide: Int, size: PixelSize) -> Action {
        let action = request(.image(page: page(for: slide), size: size))
        if case .request(let id, _, _) = action { pictureRequests[id] = (slide, size) }
        return action
    }
}
