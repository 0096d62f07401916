import Foundation
import NIOCore
import NIOPosix
import RevealJS
import RevealJSTransport
import SlideModel

// Figures for reveal.js against the real peer (../shared/revealjs/peer.sh),
// in one run: key → the browser's pushed event for the pad's source and for
// a bare CDP client on the same page, alternating (the source steps a
// fragment forward, the bare client back, on slide 3 of the deck), both writing from another
// thread (a hop onto their loop, as the pad's keys do); and the picture of
// the current slide at 1600×900 after each of the source's steps.
//
//   swift run -c release RevealJSProbe [PORT] [STEPS]

let args = CommandLine.arguments
let port = args.count > 1 ? Int(args[1]) ?? 9222 : 9222
let steps = args.count > 2 ? Int(args[2]) ?? 40 : 40
let run = ProcessInfo.processInfo.environment["REVEAL_PEER_RUN"] ?? "/var/tmp/reveal-peer"
guard let pageURL = try? String(contentsOfFile: "\(run)/port-\(port)/ws-url", encoding: .utf8)
    .trimmingCharacters(in: .whitespacesAndNewlines) else {
    FileHandle.standardError.write(Data("no peer on \(port): start ../shared/revealjs/peer.sh\n".utf8))
    exit(2)
}

/// Waits on a condition that other threads signal.
final class Mailbox: @unchecked Sendable {
    let condition = NSCondition()
    var positions = 0
    var position = ""
    var previews = 0
    var pushes = 0
    var started = false
    var bareOpen = false
    var bareReady = false
    func change(_ body: (Mailbox) -> Void) { condition.lock(); body(self); condition.broadcast(); condition.unlock() }
    func wait(_ what: String, _ done: (Mailbox) -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: 10)
        while !done(self) {
            if !condition.wait(until: deadline) { FileHandle.standardError.write(Data("timed out: \(what)\n".utf8)); exit(1) }
        }
    }
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
func ms(_ from: UInt64) -> Double { Double(now() - from) / 1e6 }

let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
let box = Mailbox()
var settings = RevealLink.Settings(address: RevealAddress(host: "127.0.0.1", port: port))
settings.background = false
let source = RevealJSSource(settings: settings, eventLoop: group.next(), onPosition: { p in box.change { $0.positions += 1; $0.position = p.description } })
source.start { event in
    switch event {
    case .showStarted: box.change { $0.started = true }
    case .preview(2, _): box.change { $0.previews += 1 }
    default: break
    }
}
box.wait("the show") { $0.started }
source.send(.goto(index: 1))
box.wait("slide 2") { $0.position == "2/14" }
source.send(.goto(index: 2))
box.wait("slide 3") { $0.position == "3/14 · step 0/3" }
source.want([PictureWant(slide: 2, size: PixelSize(width: 1600, height: 900))])
box.wait("the render window") { $0.previews >= 1 }

let bareLoop = group.next()
let bare = try! bareLoop.submit {
    CDPSocket(url: pageURL, timeout: .seconds(3), on: bareLoop) { event in
        switch event {
        case .opened: box.change { $0.bareOpen = true }
        case .text(let text):
            switch CDPIncoming.decode(text) {
            case .event("Runtime.bindingCalled", _)?: box.change { $0.pushes += 1 }
            case .result(2, _)?: box.change { $0.bareReady = true }
            default: break
            }
        default: break
        }
    }
}.wait()
box.wait("the bare client's socket") { $0.bareOpen }
try! bareLoop.submit {
    bare.write(CDPRequest(id: 1, method: "Runtime.addBinding", params: ["name": .string(RevealScripts.bindingName)]).encoded)
    bare.write(CDPRequest.evaluate(id: 2, RevealScripts.install).encoded)
}.wait()
box.wait("the bare client's listeners") { $0.bareReady }

var pad: [Double] = [], client: [Double] = [], picture: [Double] = []
var id = 10
/// One step by the pad's source; waits for its pushed event, then its picture.
@MainActor func padStep(_ command: SourceCommand) {
    var (p0, v0) = (0, 0)
    box.change { p0 = $0.positions; v0 = $0.previews }
    let t0 = now()
    source.send(command)
    box.wait("pad push") { $0.positions > p0 }
    pad.append(ms(t0))
    box.wait("picture") { $0.previews > v0 }
    picture.append(ms(t0))
}
/// One step by the bare client; waits for its pushed event, then for the pad to have followed (and pictured) it.
@MainActor func bareStep(_ script: RevealScript) {
    var (b0, p0, v0) = (0, 0, 0)
    box.change { b0 = $0.pushes; p0 = $0.positions; v0 = $0.previews }
    let t1 = now()
    id += 1
    let request = CDPRequest.evaluate(id: id, script).encoded
    bareLoop.execute { bare.write(request) }
    box.wait("bare push") { $0.pushes > b0 }
    client.append(ms(t1))
    box.wait("the pad heard the bare move") { $0.positions > p0 }
    box.wait("picture after the bare move") { $0.previews > v0 }
}
// Each forward and each backward fragment step, half by each: fair to both.
for i in 0..<steps {
    if i % 2 == 0 { padStep(.next); bareStep(RevealScripts.previous) }
    else { bareStep(RevealScripts.next); padStep(.previous) }
}

func pct(_ v: [Double], _ p: Double) -> Double { let s = v.sorted(); return s[min(s.count - 1, Int(Double(s.count) * p))] }
print(String(format: "key → pushed event (%d steps each): pad p50 %.2f ms p90 %.2f ms; bare CDP client p50 %.2f ms p90 %.2f ms; ratio of medians %.2f×",
             steps, pct(pad, 0.5), pct(pad, 0.9), pct(client, 0.5), pct(client, 0.9), pct(pad, 0.5) / pct(client, 0.5)))
print(String(format: "key → picture of the current slide at 1600×900: p50 %.0f ms, p90 %.0f ms, max %.0f ms",
             pct(picture, 0.5), pct(picture, 0.9), picture.max() ?? 0))
bareLoop.execute { bare.close() }
source.shutdown()
