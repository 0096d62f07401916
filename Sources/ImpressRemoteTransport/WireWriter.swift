import ImpressRemote
import NIOCore
import Synchronization
import Syscalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Puts one connection's bytes on the wire in the order they are given,
/// from whatever thread gives them, without waiting for anything.
///
/// When nothing is queued, bytes go straight to the socket: one
/// non-blocking `send(2)` on this writer's own duplicate of the channel's
/// descriptor, from the calling thread (the pad's, for a key): no hop to
/// the event loop. When the socket would block, or takes only part, or
/// anything is still queued or in the channel's outbound buffer, the bytes
/// (or the rest of them) join a queue that `drain()` hands to the channel
/// on its event loop, where NIO waits for the socket to take them. A direct
/// write never overtakes bytes queued here or in NIO: it happens only while
/// both are empty.
///
/// Every byte of the connection must go through its writer: bytes written
/// to the channel behind its back could be overtaken.
final class WireWriter: Sendable {
    /// What became of a `write`.
    enum Outcome: Equatable, Sendable {
        /// Every byte is in the kernel's send buffer now.
        case written
        /// The bytes, or the rest of them, wait for `drain()` on the loop.
        case queued
    }

    private struct Queued {
        var bytes: [UInt8]
        var whenWritten: (@Sendable (Bool) -> Void)?
    }

    private struct State {
        /// This writer's own duplicate of the channel's socket (nil: none,
        /// or closed): NIO closing its descriptor never leaves this one
        /// pointing at another file.
        var socket: Int32?
        var queue: [Queued] = []
        /// Writes handed to the channel and not yet written (or failed).
        var inChannel = 0
    }

    private let channel: Channel
    private let state: Mutex<State>

    /// - Parameter socket: a descriptor of the channel's socket that the
    ///   writer now owns (closes); nil to write through the channel only.
    init(channel: Channel, socket: Int32?) {
        self.channel = channel
        state = Mutex(State(socket: socket))
    }

    /// A writer for a connected TCP channel, with its own duplicate of the
    /// channel's socket (found by its ports; nil when it cannot be, and
    /// then every write goes through the channel).
    static func forConnected(_ channel: Channel) -> WireWriter {
        var socket: Int32?
        if let local = channel.localAddress?.port, let remote = channel.remoteAddress?.port {
            socket = Syscalls.duplicateTCPConnection(localPort: local, remotePort: remote)
        }
        let writer = WireWriter(channel: channel, socket: socket)
        channel.closeFuture.whenComplete { _ in writer.close() }
        return writer
    }

    /// Writes `bytes` now if the socket takes them all; otherwise queues
    /// them (or what is left) for `drain()`, which the caller must see to on
    /// the channel's loop. Never blocks. `whenWritten` is for queued bytes
    /// only, called on the loop once the channel has written them (true) or
    /// failed to (false); on `.written` the caller knows already.
    func write(_ bytes: [UInt8], whenWritten: (@Sendable (Bool) -> Void)? = nil) -> Outcome {
        state.withLock { state in
            guard state.queue.isEmpty, state.inChannel == 0, let socket = state.socket else {
                state.queue.append(Queued(bytes: bytes, whenWritten: whenWritten))
                return .queued
            }
            let sent = Self.sendNow(socket, bytes)
            if sent == bytes.count { return .written }
            state.queue.append(Queued(bytes: Array(bytes[sent...]), whenWritten: whenWritten))
            return .queued
        }
    }

    /// Hands everything queued to the channel, in order. On the channel's loop.
    func drain() {
        channel.eventLoop.preconditionInEventLoop()
        let queued = state.withLock { state -> [Queued] in
            defer { state.queue.removeAll() }
            state.inChannel += state.queue.count
            return state.queue
        }
        guard !queued.isEmpty else { return }
        for item in queued {
            let promise = channel.eventLoop.makePromise(of: Void.self)
            promise.futureResult.whenComplete { result in
                self.state.withLock { $0.inChannel -= 1 }
                item.whenWritten?((try? result.get()) != nil)
            }
            channel.write(ByteBuffer(bytes: item.bytes), promise: promise)
        }
        channel.flush()
    }

    /// No more direct writes; the duplicate descriptor is closed (the
    /// channel's own stays as NIO keeps it). Anything still queued goes
    /// through the channel at the next `drain()`.
    func close() {
        state.withLock { state in
            if let socket = state.socket { Glibc.close(socket) }
            state.socket = nil
        }
    }

    /// Whether a write now would go straight to the socket (for tests).
    var writesDirectly: Bool {
        state.withLock { $0.queue.isEmpty && $0.inChannel == 0 && $0.socket != nil }
    }

    /// Writes handed to the channel and not yet written (for tests).
    var inChannel: Int { state.withLock { $0.inChannel } }

    /// One non-blocking send: how many bytes the kernel took (0 when it
    /// would block or fails: the channel then writes them, or fails and
    /// reports why).
    private static func sendNow(_ socket: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            while true {
                let n = Glibc.send(socket, raw.baseAddress, raw.count, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
                if n >= 0 { return n }
                if errno != EINTR { return 0 }
            }
        }
    }
}
