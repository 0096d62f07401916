import Foundation
import NIOCore
import XCTest
@testable import ControlPadUI
@testable import PadTerminal
import SlideModel
import SourceKit

/// A `PadLoop` run as `PadRunner` runs it: `PadOnEventLoop` on the
/// process's `PadEventLoop` (the loop the network sources live on too), its
/// terminal a `TestTerminal` read through the loop's terminal channel, what
/// is due a scheduled task, events from other threads posted.
///
/// The test's thread types, posts and waits; it never runs a turn itself.
/// A wait ends on what the pad did: the terminal's frames (each one wakes
/// the waiter), or the loop having run every task asked of it so far. The
/// pad's state is touched on the loop only: `state` reads it there.
final class RunningPad: @unchecked Sendable {
    let driver: PadOnEventLoop
    let terminal: TestTerminal
    private let pad: Unchecked<PadLoop>
    /// The source has been stopped (test thread only).
    private var finished = false

    var loop: any EventLoop { driver.loop }

    /// Starts `pad` and waits for its first frame.
    init(_ pad: PadLoop, terminal: TestTerminal, loop: any EventLoop = PadEventLoop.loop) throws {
        driver = PadOnEventLoop(loop: loop)
        self.terminal = terminal
        self.pad = Unchecked(pad)
        // On the loop, as the pad stops: whoever waits for a frame learns there will be none.
        driver.start(pad, terminal: terminal).whenComplete { [terminal] _ in terminal.end() }
        try settle()
    }

    deinit {
        finish()
    }

    /// The pad quit (a key, a signal, a hang-up): it draws no more.
    var ended: Bool { terminal.seen.ended }

    /// The pad's state, read on its loop between two turns.
    var state: PadState {
        let pad = self.pad
        return try! loop.submit { pad.value.state }.wait()
    }

    /// Until every turn asked for so far has ended. Whatever was posted
    /// before this call asks for its turn in a task the first round runs (or
    /// ran); that turn is a task of its own, behind the first round's and
    /// ahead of the second's (NIO runs tasks in the order they came).
    func settle() throws {
        for _ in 0..<2 { try loop.submit {}.wait() }
    }

    /// From another thread, as a signal or a source would post it; back once its turn has ended.
    func post(_ event: PadEvent) throws {
        driver.post(event)
        try settle()
    }

    /// A turn with nothing new (the clock moved on, a picture is ready); back once it has ended.
    func wake() throws {
        driver.wake()
        try settle()
    }

    /// Types `inputs` and waits until the pad has read them and drawn the
    /// frame after (or quit); false if it did neither within `timeout`.
    @discardableResult
    func type(_ inputs: [TerminalInput], timeout: TimeInterval = 30) -> Bool {
        for input in inputs { terminal.type(input) }
        return terminal.waitUntil(Date().addingTimeInterval(timeout)) { $0.typedIsDrawn || $0.ended }
    }

    /// Waits until `condition` holds, looked at again after each frame the
    /// pad draws, or the pad ended, or `deadline` passed. `recheck`: a
    /// condition on something outside the pad (a fake server's log, the
    /// source's log) is also looked at this often, as no frame says it
    /// changed; the pad's own state changes only in turns, each ending in a frame.
    func waitUntil(_ deadline: Date, recheck: TimeInterval = 0.05, _ condition: () -> Bool) -> Bool {
        while true {
            let seen = terminal.seen
            if condition() { return true }
            if seen.ended || Date() >= deadline { return false }
            _ = terminal.waitUntil(min(deadline, Date().addingTimeInterval(recheck))) { $0.frames > seen.frames || $0.ended }
        }
    }

    /// Ends the pad as `PadRunner` does once the loop returns: its source
    /// stopped off the loop. A pad still running is ended as by SIGTERM
    /// first. Its final state.
    @discardableResult
    func finish(timeout: TimeInterval = 30) -> PadState? {
        guard !finished else { return nil }
        finished = true
        if !ended {
            driver.post(.terminate)
            if !terminal.waitUntil(Date().addingTimeInterval(timeout), { $0.ended }) {
                XCTFail("the pad did not end on SIGTERM's event within \(timeout) s")
            }
        }
        pad.value.finish()
        return state
    }
}

/// A value handed to the loop by a thread that no longer touches it.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
