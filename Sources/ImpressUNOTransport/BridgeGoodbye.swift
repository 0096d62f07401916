import ImpressUNO
import NIOCore
import SlideModel

/// The bridge's last line, `bye`: what LibreOffice did as it left (the
/// show ended, the deck closed or kept open), heard on the bridge's pipe
/// after the pad has stopped listening to the source, and waited for by the
/// pad on its way out (`ImpressUNOSource.farewell`). Its state lives on the
/// source's loop, as the machine's does; the pad waits on a future.
final class BridgeGoodbye: Sendable {
    struct Said: Sendable, Equatable {
        var kept: String
        var running: Bool?
    }

    private struct State {
        /// A `quit` went to the bridge: its `bye` is coming.
        var expecting = false
        var said: Said?
        /// The `bye` came, the bridge's output ended, or the wait ran out.
        var over = false
        var waiting: EventLoopPromise<Said?>?
    }

    private let loop: any EventLoop
    private let state: NIOLoopBoundBox<State>

    init(loop: any EventLoop) {
        self.loop = loop
        state = NIOLoopBoundBox.makeBoxSendingValue(State(), eventLoop: loop)
    }

    // MARK: on the loop

    func expect() { state.value.expecting = true }

    var expecting: Bool { state.value.expecting }

    /// A line from the bridge: kept when it is the `bye`.
    func hear(_ line: [UInt8]) {
        guard line.count < 4096, case .bye(let kept, let running)? = UNOBridgeEvent.parse(line), !state.value.over else { return }
        state.value.said = Said(kept: kept, running: running)
        finish()
    }

    /// The bridge's output ended (or the wait ran out): nothing more is heard.
    func finish() {
        guard !state.value.over else { return }
        state.value.over = true
        state.value.waiting?.succeed(state.value.said)
        state.value.waiting = nil
    }

    // MARK: off the loop

    /// The `bye`, waited for at most `wait` when a `quit` went; nil without one.
    func wait(within wait: Duration) -> Said? {
        let said = loop.flatSubmit { () -> EventLoopFuture<Said?> in
            guard self.state.value.expecting else { return self.loop.makeSucceededFuture(nil) }
            if self.state.value.over { return self.loop.makeSucceededFuture(self.state.value.said) }
            let promise = self.loop.makePromise(of: Said?.self)
            self.state.value.waiting = promise
            self.loop.scheduleTask(in: .nanoseconds(wait.clampedNanoseconds)) { self.finish() }
            return promise.futureResult
        }
        return (try? said.wait()) ?? nil
    }
}
