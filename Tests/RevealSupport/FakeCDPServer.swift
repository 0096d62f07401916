import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import RevealJS
import SlideModel

/// A scripted stand-in for Chromium with a reveal.js deck, on loopback:
/// `/json/version`, `/json/list`, and a WebSocket per page that answers
/// the pad's `RevealScripts` the way reveal.js 5 does (events before
/// answers), plus a render window made by `Target.createTarget` that
/// answers screenshots with a PNG header of the asked size. A test scripts
/// faults: a reload, a closed tab, garbage, a page without reveal.js, a
/// move made in the browser. Everything runs on the server's one loop.
package final class FakeCDPServer: @unchecked Sendable {
    package struct Deck {
        package var slides: [RevealSlide]
        package var notes: [String]
        package var title = "Fake deck"
        package var version = "5.2.1"

        package init(slides: [RevealSlide], notes: [String], title: String = "Fake deck", version: String = "5.2.1") {
            self.slides = slides
            self.notes = notes
            self.title = title
            self.version = version
        }
    }

    /// The server's state; touch it only through `run`.
    package final class Show {
        package var deck: Deck
        package var at = RevealIndices(h: 0, v: 0, f: nil)
        package var paused = false
        package var hasReveal = true
        /// reveal.js loaded but not ready (the probe says "loading").
        package var ready = true
        package var notCDP = false
        package var listenersInstalled = false
        package var pageID = "PAGE1"
        package var extraPages: [(id: String, title: String)] = []
        package var audience: [Channel] = []
        package var bindings: Set<ObjectIdentifier> = []
        package var renderIDs: Set<String> = []
        package var evaluations: [String] = []
        package var captures: [(width: Int, height: Int)] = []
        package var renderAt: [String: (Int, Int, Int)] = [:]
        package init(deck: Deck) { self.deck = deck }
    }

    package let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    package var loop: EventLoop { group.next() }
    package private(set) var port = 0
    private var channel: Channel?
    private let show: NIOLoopBound<Show>

    package init(deck: Deck) throws {
        let loop = group.next()
        show = try loop.submit { NIOLoopBound(Show(deck: deck), eventLoop: loop) }.wait()
        try listen(port: 0)
    }

    package static var standardDeck: Deck {
        // As ../shared/revealjs/deck.html: 12 horizontal slides, h=3 a stack of 3, fragments on 2 and 8.
        var slides: [RevealSlide] = []
        for h in 0..<12 {
            if h == 3 { for v in 0..<3 { slides.append(RevealSlide(h: 3, v: v)) } }
            else { slides.append(RevealSlide(h: h, v: 0, steps: h == 2 ? 3 : h == 6 ? 2 : 0)) }
        }
        var notes = slides.indices.map { "Notes of slide \($0)." }
        notes[6] = "R&amp;D &lt;beta&gt; \"quoted\" café 日本語"
        notes[7] = ""
        return Deck(slides: slides, notes: notes, title: "Real-peer deck")
    }

    package func listen(port: Int) throws {
        let show = self.show
        let upgrader = NIOWebSocketServerUpgrader(
            maxFrameSize: 1 << 24,
            shouldUpgrade: { channel, head in
                let id = String(head.uri.split(separator: "/").last ?? "")
                let known = show.value.pageID == id || show.value.renderIDs.contains(id)
                return channel.eventLoop.makeSucceededFuture(known ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, head in
                let id = String(head.uri.split(separator: "/").last ?? "")
                let isRender = show.value.renderIDs.contains(id)
                if !isRender { show.value.audience.append(channel) }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PageHandler(show: show, renderID: isRender ? id : nil))
                }
            })
        channel = try ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let http = HTTPHandler(show: show, port: port == 0 ? nil : port)
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                        withServerUpgrade: (upgraders: [upgrader], completionHandler: { context in
                            context.pipeline.syncOperations.removeHandler(http, promise: nil)
                        }))
                    try channel.pipeline.syncOperations.addHandler(http)
                }
            }
            .bind(host: "127.0.0.1", port: port).wait()
        self.port = channel!.localAddress!.port!
    }

    /// Runs `body` on the server's loop, with its state.
    @discardableResult
    package func run<T: Sendable>(_ body: @escaping @Sendable (Show) -> T) -> T {
        let show = self.show
        return try! loop.submit { body(show.value) }.wait()
    }

    /// Stops listening and drops every connection (the browser quit).
    package func quit() {
        run { show in
            for c in show.audience { c.close(promise: nil) }
            show.audience = []
        }
        try? channel?.close().wait()
        channel = nil
    }

    /// Listens again on the same port (the browser came back).
    package func comeBack() throws { try listen(port: port) }

    package func shutdown() {
        try? channel?.close().wait()
        try? group.syncShutdownGracefully()
    }

    // MARK: scripted faults and moves

    /// Someone moved the show in the browser: reveal.js fires `slidechanged`.
    package func moveInBrowser(h: Int, v: Int = 0) {
        run { show in
            show.at = RevealIndices(h: h, v: v, f: show.deck.slides.first { $0.h == h && $0.v == v }.map { $0.steps > 0 ? -1 : nil } ?? nil)
            PageHandler.push("slidechanged", show)
        }
    }

    /// Someone pauses the show in the browser (its `b`, `.`): reveal.js fires `paused`.
    package func pauseInBrowser() {
        run { show in if !show.paused { show.paused = true; PageHandler.push("paused", show) } }
    }

    /// Someone ends the pause in the browser ("Resume presentation"): reveal.js fires `resumed`.
    package func resumeInBrowser() {
        run { show in if show.paused { show.paused = false; PageHandler.push("resumed", show) } }
    }

    /// The page reloads: listeners gone, `Runtime.executionContextsCleared`.
    package func reload() {
        run { show in
            show.listenersInstalled = false
            for c in show.audience { PageHandler.send(c, ["method": "Runtime.executionContextsCleared", "params": [:]]) }
        }
    }

    /// The tab is closed by someone else: `Inspector.detached`, then the connection ends.
    package func closeTab() {
        run { show in
            for c in show.audience {
                PageHandler.send(c, ["method": "Inspector.detached", "params": ["reason": "target_closed"]])
                c.close(promise: nil)
            }
            show.audience = []
            show.pageID = "GONE"
        }
    }

    package func sendGarbage(_ text: String) {
        run { show in for c in show.audience { PageHandler.sendText(c, text) } }
    }

    // MARK: handlers

    private final class HTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let show: NIOLoopBound<Show>
        var uri = ""
        init(show: NIOLoopBound<Show>, port: Int?) { self.show = show }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): uri = head.uri
            case .body: break
            case .end: respond(context)
            }
        }

        func respond(_ context: ChannelHandlerContext) {
            let show = self.show.value
            let port = context.channel.localAddress?.port ?? 0
            var status = HTTPResponseStatus.ok
            var body: String
            if show.notCDP {
                body = "<html>hello, I am a web server</html>"
            } else if uri == "/json/version" {
                body = JSONValue.object(["Browser": "FakeChrome/1.0", "Protocol-Version": "1.3",
                                         "webSocketDebuggerUrl": .string("ws://127.0.0.1:\(port)/devtools/browser/B")]).encoded
            } else if uri == "/json/list" {
                var pages: [JSONValue] = [["id": "UI", "type": "browser_ui", "title": "", "url": "chrome://omnibox-popup.top-chrome/"]]
                if show.pageID != "GONE" {
                    pages.append(Self.page(show.pageID, show.deck.title, "file:///deck.html#/0", port))
                }
                for (id, title) in show.extraPages { pages.append(Self.page(id, title, "file:///other-\(id).html", port)) }
                for id in show.renderIDs { pages.append(Self.page(id, show.deck.title, "file:///deck.html?controlpad-render#/0", port)) }
                body = JSONValue.array(pages).encoded
            } else if uri.hasPrefix("/devtools/page/") {
                status = .internalServerError
                body = "No such target id: \(uri.split(separator: "/").last ?? "")"
            } else {
                status = .notFound
                body = "not found"
            }
            var head = HTTPResponseHead(version: .http1_1, status: status)
            head.headers.add(name: "Content-Length", value: "\(body.utf8.count)")
            head.headers.add(name: "Connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            context.close(promise: nil)
        }

        static func page(_ id: String, _ title: String, _ url: String, _ port: Int) -> JSONValue {
            ["id": .string(id), "type": "page", "title": .string(title), "url": .string(url),
             "webSocketDebuggerUrl": .string("ws://127.0.0.1:\(port)/devtools/page/\(id)")]
        }
    }

    final class PageHandler: ChannelInboundHandler {
        typealias InboundIn = WebSocketFrame
        let show: NIOLoopBound<Show>
        let renderID: String?
        init(show: NIOLoopBound<Show>, renderID: String?) {
            self.show = show
            self.renderID = renderID
        }

        static func sendText(_ channel: Channel, _ text: String) {
            let frame = WebSocketFrame(fin: true, opcode: .text, data: ByteBuffer(string: text))
            channel.writeAndFlush(frame, promise: nil)
        }

        static func send(_ channel: Channel, _ value: JSONValue) { sendText(channel, value.encoded) }

        /// reveal.js fired `type`: every connection that added the binding hears it, if listeners are installed.
        static func push(_ type: String, _ show: Show) {
            guard show.listenersInstalled else { return }
            var indices: [String: JSONValue] = ["h": .number(Double(show.at.h)), "v": .number(Double(show.at.v))]
            if let f = show.at.f { indices["f"] = .number(Double(f)) }
            let payload = JSONValue.object(["type": .string(type), "indices": .object(indices), "paused": .bool(show.paused)]).encoded
            for c in show.audience where show.bindings.contains(ObjectIdentifier(c)) {
                send(c, ["method": "Runtime.bindingCalled",
                         "params": ["name": .string(RevealScripts.bindingName), "payload": .string(payload)]])
            }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            guard frame.opcode == .text else {
                if frame.opcode == .connectionClose { context.close(promise: nil) }
                return
            }
            let text = String(buffer: frame.unmaskedData)
            guard let message = JSONValue.parse(text), let id = message["id"]?.int, let method = message["method"]?.string
            else { return }
            let show = self.show.value
            let reply: JSONValue
            if let renderID {
                reply = renderAnswer(method, message["params"] ?? [:], show, renderID)
            } else {
                reply = audienceAnswer(method, message["params"] ?? [:], show, context.channel)
            }
            var answer: [String: JSONValue] = ["id": .number(Double(id))]
            if case .object(let o) = reply, let error = o["__error"] { answer["error"] = error } else { answer["result"] = reply }
            Self.send(context.channel, .object(answer))
        }

        func channelInactive(context: ChannelHandlerContext) {
            let show = self.show.value
            show.audience.removeAll { $0 === context.channel }
            if let renderID { show.renderIDs.remove(renderID) }
            context.fireChannelInactive()
        }

        static func value(_ v: JSONValue) -> JSONValue { ["result": ["type": "object", "value": v]] }
        static let threw: JSONValue = ["result": ["type": "object", "subtype": "error",
                                                  "description": "ReferenceError: Reveal is not defined"],
                                       "exceptionDetails": ["text": "Uncaught"]]

        func audienceAnswer(_ method: String, _ params: JSONValue, _ show: Show, _ channel: Channel) -> JSONValue {
            switch method {
            case "Runtime.enable": return [:]
            case "Runtime.addBinding":
                show.bindings.insert(ObjectIdentifier(channel))
                return [:]
            case "Target.createTarget":
                let id = "RENDER\(show.renderIDs.count + 1)"
                show.renderIDs.insert(id)
                return ["targetId": .string(id)]
            case "Runtime.evaluate":
                let expression = params["expression"]?.string ?? ""
                show.evaluations.append(expression)
                return evaluate(expression, show)
            default:
                return ["__error": ["code": -32601, "message": .string("'\(method)' wasn't found")]]
            }
        }

        func evaluate(_ expression: String, _ show: Show) -> JSONValue {
            if expression == RevealScripts.probe.source {
                return Self.value(!show.hasReveal ? "absent" : show.ready ? "ready" : "loading")
            }
            guard show.hasReveal else { return Self.threw }
            let deck = show.deck
            switch expression {
            case RevealScripts.install.source:
                show.listenersInstalled = true
                return Self.value(true)
            case RevealScripts.sync.source:
                var indices: [String: JSONValue] = ["h": .number(Double(show.at.h)), "v": .number(Double(show.at.v))]
                if let f = show.at.f { indices["f"] = .number(Double(f)) }
                return Self.value([
                    "indices": .object(indices), "paused": .bool(show.paused), "title": .string(deck.title),
                    "version": .string(deck.version), "url": "file:///deck.html#/0",
                    "viewport": [1280, 720], "size": [1280, 720],
                    "slides": .array(deck.slides.map { [.number(Double($0.h)), .number(Double($0.v)), .number(Double($0.steps))] }),
                ])
            case RevealScripts.next.source:
                resume(show)
                step(+1, show)
                return Self.value(.null)
            case RevealScripts.previous.source:
                resume(show)
                step(-1, show)
                return Self.value(.null)
            case RevealScripts.blank.source:
                if !show.paused { show.paused = true; Self.push("paused", show) }
                return Self.value(.null)
            case RevealScripts.resume.source:
                resume(show)
                return Self.value(.null)
            default:
                for n in deck.slides.indices where expression == RevealScripts.notes(slide: n).source {
                    return Self.value(.string(deck.notes[n]))
                }
                if let (h, v, f) = Self.moveCall(expression) {
                    resume(show)
                    let target = deck.slides.first { $0.h == h && $0.v == v } ?? deck.slides[0]
                    show.at = RevealIndices(h: target.h, v: target.v, f: target.steps > 0 ? f : nil)
                    Self.push("slidechanged", show)
                    return Self.value(.null)
                }
                if let (h, v, f) = Self.slideCall(expression) {
                    let target = deck.slides.first { $0.h == h && $0.v == v } ?? deck.slides[0]
                    show.at = RevealIndices(h: target.h, v: target.v, f: target.steps > 0 ? f : nil)
                    Self.push("slidechanged", show)
                    return Self.value(.null)
                }
                return Self.threw
            }
        }

        /// reveal.js's `togglePause(false)`: a move of the pad ends a pause first.
        func resume(_ show: Show) {
            if show.paused { show.paused = false; Self.push("resumed", show) }
        }

        /// `RevealScripts.move(h:v:f:)`: the pause ended, then `Reveal.slide(h, v, f)`.
        static func moveCall(_ e: String) -> (Int, Int, Int)? {
            let prefix = "(Reveal.isPaused() && Reveal.togglePause(false), "
            guard e.hasPrefix(prefix), e.hasSuffix(")") else { return nil }
            return slideCall(String(e.dropFirst(prefix.count).dropLast()))
        }

        /// `Reveal.slide(h, v, f)`.
        static func slideCall(_ e: String) -> (Int, Int, Int)? {
            guard e.hasPrefix("Reveal.slide("), e.hasSuffix(")") else { return nil }
            let numbers = e.dropFirst(13).dropLast().split(separator: ",").compactMap { Int($0.trimmingCharacters(inSet: " ")) }
            return numbers.count == 3 ? (numbers[0], numbers[1], numbers[2]) : nil
        }

        /// reveal.js's `next()` / `prev()`: fragments first, then slides.
        func step(_ delta: Int, _ show: Show) {
            let deck = RevealDeck(slides: show.deck.slides)
            guard let n = deck.number(of: show.at) else { return }
            let slide = deck.slides[n]
            let f = show.at.f ?? -1
            if delta > 0 {
                if f + 1 < slide.steps { show.at.f = f + 1; return Self.push("fragmentshown", show) }
                guard n + 1 < deck.count else { return }
                let next = deck.slides[n + 1]
                show.at = RevealIndices(h: next.h, v: next.v, f: next.steps > 0 ? -1 : nil)
            } else {
                if f >= 0 && slide.steps > 0 { show.at.f = f - 1; return Self.push("fragmenthidden", show) }
                guard n > 0 else { return }
                let previous = deck.slides[n - 1]
                show.at = RevealIndices(h: previous.h, v: previous.v, f: previous.steps > 0 ? previous.steps - 1 : nil)
            }
            Self.push("slidechanged", show)
        }

        func renderAnswer(_ method: String, _ params: JSONValue, _ show: Show, _ id: String) -> JSONValue {
            switch method {
            case "Runtime.evaluate":
                let expression = params["expression"]?.string ?? ""
                if expression == RevealScripts.probe.source { return Self.value("ready") }
                if let call = Self.slideCall(expression) { show.renderAt[id] = call }
                return Self.value(true)
            case "Page.captureScreenshot":
                let clip = params["clip"] ?? [:]
                let scale = clip["scale"]?.double ?? 1
                let w = Int((Double(clip["width"]?.int ?? 1280) * scale).rounded())
                let h = Int((Double(clip["height"]?.int ?? 720) * scale).rounded())
                show.captures.append((w, h))
                return ["data": .string(Data(Self.png(width: w, height: h)).base64EncodedString())]
            default: return [:]
            }
        }

        /// Just enough PNG for the pad to read its size.
        static func png(width: Int, height: Int) -> [UInt8] {
            var ihdr = PNGChunks.bigEndian(UInt32(width)) + PNGChunks.bigEndian(UInt32(height))
            ihdr += [8, 2, 0, 0, 0]
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
                + PNGChunks.makeChunk(type: 0x4948_4452, data: ihdr) + PNGChunks.makeChunk(type: 0x4945_4E44, data: [])
        }
    }
}
