import SlideModel

/// What pdfpc answered (or why it did not), turned into the link's next moves.
extension PdfpcConnection {
    mutating func answered(id: Int, _ request: PdfpcAPI.Request, status: Int, body: [UInt8], now: Duration) -> [Action] {
        switch status {
        case 401: return lost(.wrongPassword)
        case 403: return lost(.locked)
        case 412:
            // pdfpc forgot the handshake (restarted on the same port?): shake hands again.
            guard !isHandshaking(.helo) else { return lost(.notPdfpc, detail: "412 to the handshake") }
            let dropped = queue.map(Action.dropped) + (control?.command.map { [.dropped($0)] } ?? [])
            queue = []
            resetRequests()
            life.connecting()
            handshake = .helo
            return dropped + [.abandonRequests, .log(.notice, "pdfpc answered 412 to \(request): shaking hands again"), self.request(.helo)]
        default: break
        }
        switch request {
        case .helo:
            guard status == 200, PdfpcAPI.isHelo(body) else {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            }
            handshake = .meta
            return [.log(.info, "pdfpc answered the handshake"), self.request(.meta)]
        case .meta:
            guard status == 200, let meta = PdfpcAPI.meta(body) else {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            }
            lastMeta = now
            let old = self.meta
            self.meta = meta
            if isHandshaking(.meta) {
                handshake = .state
                return [self.request(.state)]
            }
            guard life.isOpen, old?.userSlides != meta.userSlides || old?.pages != meta.pages else { return [] }
            // The deck changed (reloaded, or another PDF): everything known is stale.
            return [.log(.notice, "pdfpc's deck now has \(meta.userSlides) slides")] + startShow(now: now) + pump(now: now)
        case .state:
            guard status == 200, let state = PdfpcAPI.state(body) else {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            }
            if isHandshaking(.state) { return opened(state, now: now) }
            return apply(state, now: now) + schedulePoll(now: now) + pump(now: now)
        case .control(let action, _):
            let command = control?.id == id ? control?.command : nil
            if control?.id == id { control = nil }
            var actions: [Action] = []
            if status == 200, action == "movePointer" {
                actions += pointerAnswered(body)
            } else if status == 200, let state = PdfpcAPI.state(body) {
                actions += apply(state, now: now)
            } else if status == 200 {
                return lost(.notPdfpc, detail: "HTTP \(status) to \(request): \(Self.peek(body))")
            } else {
                actions.append(.log(.notice, "pdfpc refused \(action): HTTP \(status)"))
                if let command { actions.append(.dropped(command)) }
            }
            return actions + nextCommand(now: now) + schedulePoll(now: now) + pump(now: now)
        case .notes(let page):
            let slide = notesRequest?.id == id ? notesRequest!.slide : page
            if notesRequest?.id == id { notesRequest = nil }
            notesKnown.insert(slide)
            var actions: [Action] = []
            if status == 200 {
                // pdfpc's HTML turned back into the Markdown typed (`PdfpcNotes`), read as Markdown by the pad.
                actions.append(.emit(.notes(index: slide, .markdown(PdfpcNotes.text(fromHTML: String(decoding: body, as: UTF8.self))))))
            } else {
                actions.append(.log(.notice, "no notes for slide \(slide + 1): HTTP \(status)"))
            }
            return actions + pump(now: now)
        case .image(_, let size):
            guard let picture = pictureRequests.removeValue(forKey: id) else { return pump(now: now) }
            guard status == 200 else {
                failedPictures.insert(PictureKey(slide: picture.slide, size: size))
                return [.log(.notice, "slide \(picture.slide + 1)'s picture at \(size): HTTP \(status)")] + pump(now: now)
            }
            delivered[picture.slide] = (size, now)
            if PixelSize(png: body) == nil { failedPictures.insert(PictureKey(slide: picture.slide, size: size)) }
            return [.emit(.preview(index: picture.slide, Preview(png: body, aspect: meta?.aspect)))] + pump(now: now)
        }
    }

    mutating func failed(id: Int, _ request: PdfpcAPI.Request, _ failure: Failure, now: Duration) -> [Action] {
        switch request {
        case .image(_, let size):
            // One picture's trouble is that picture's: the pane says so.
            guard let picture = pictureRequests.removeValue(forKey: id) else { return pump(now: now) }
            failedPictures.insert(PictureKey(slide: picture.slide, size: size))
            var actions: [Action] = [.log(.notice, "slide \(picture.slide + 1)'s picture at \(size): \(failure)")]
            if case .tooLarge = failure {
                delivered[picture.slide] = (size, now)
                // An empty picture: its pane says it could not be read, and nothing is fetched again.
                actions.append(.emit(.preview(index: picture.slide, Preview(png: []))))
            }
            guard failure == .refused || failure == .reset else { return actions + pump(now: now) }
            return actions + lost(problem(for: failure), detail: "\(request)")
        case .notes:
            if let slide = notesRequest?.slide, notesRequest?.id == id {
                notesKnown.insert(slide)
                notesRequest = nil
            }
            guard failure == .refused || failure == .reset else { return [.log(.notice, "\(request): \(failure)")] + pump(now: now) }
            return lost(problem(for: failure), detail: "\(request)")
        default:
            return lost(problem(for: failure), detail: "\(request): \(failure)")
        }
    }

    func problem(for failure: Failure) -> PdfpcProblem {
        switch failure {
        case .refused: return wasConnected ? .quit : .notListening
        case .reset: return wasConnected ? .quit : .reset
        case .timedOut: return .stalled
        case .hostNotFound: return .hostNotFound
        case .unreachable: return .unreachable
        case .tooLarge: return .notPdfpc
        case .tls: return .tls
        case .other: return .notPdfpc
        }
    }

    /// The start of a body, for a log line (never raw on a terminal).
    static func peek(_ body: [UInt8]) -> String {
        body.isEmpty ? "(empty)" : TerminalText.escaped(String(decoding: body.prefix(60), as: UTF8.self))
    }
}
