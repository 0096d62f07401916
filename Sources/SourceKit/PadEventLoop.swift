import NIOCore
import NIOPosix

/// The one event loop of a ControlPad process: the pad's loop, and the loop
/// every network source's channels, timers and state machine live on. A key
/// read on it is decided by the pad and written by the source's channel in
/// the same turn, with no thread hop and nothing written behind NIO's back.
/// Other threads (signals, the picture-ahead thread, NIO's thread pool)
/// reach it with `execute`.
public enum PadEventLoop {
    /// One thread, never shut down (it lives as long as the process).
    public static let group: MultiThreadedEventLoopGroup = MultiThreadedEventLoopGroup(numberOfThreads: 1)

    /// The loop itself.
    public static var loop: any EventLoop { group.next() }
}
