import Foundation
import PadTestSupport

/// The key → wire benchmark's Impress: the tests' `FakeImpressServer`
/// running a show of `slideCount` slides that pairs anyone, confirms every
/// step at once, and notes when each command's bytes reached its socket.
/// That time is the kernel's stamp (SO_TIMESTAMPNS, see `FakeConnection`),
/// not when the server's thread got to read them: on a machine of two
/// cores the latter depends on what else runs, the pad's drawing included.
final class LoopbackImpress: Sendable {
    private let server: FakeImpressServer
    private let arrivals = Locked<[(at: Double, command: String)]>([])
    var port: Int { server.port }

    init(slideCount: Int = 100_000) throws {
        let arrivals = arrivals
        let show: FakeImpressServer.Script = { connection in
            var current = 0
            while true {
                let message = try connection.readMessage(timeout: 3600)
                guard let name = message.lines.first else { continue }
                let argument = message.lines.dropFirst().first.flatMap { Int($0) }
                switch name {
                case "LO_SERVER_CLIENT_PAIR":
                    connection.send(message: "LO_SERVER_SERVER_PAIRED")
                    connection.send(message: "slideshow_started", "\(slideCount)", "0")
                    continue
                case "transition_next": current = min(current + 1, slideCount - 1)
                case "transition_previous": current = max(current - 1, 0)
                case "goto_slide": current = argument ?? current
                default: break
                }
                arrivals.withLock { $0.append((Self.benchmarkClock(message.at), name)) }
                connection.send(message: "slide_updated", "\(current)")
            }
        }
        server = try FakeImpressServer(scripts: Array(repeating: show, count: 4))
    }

    deinit { server.stop() }

    /// The commands received so far, with their arrival times.
    var received: [(at: Double, command: String)] { arrivals.current }

    /// A kernel stamp (CLOCK_REALTIME ns) on the benchmark's clock.
    private static func benchmarkClock(_ realtime: UInt64) -> Double {
        monotonicMilliseconds() - Double(FakeConnection.realtimeNow() &- realtime) / 1e6
    }

    /// A bare client: a socket that pairs, for the floor figure.
    static func bareClient(port: Int) throws -> Int32 {
        let fd = try connectedSocket(port: port)
        send(fd, "LO_SERVER_CLIENT_PAIR\nbench\n1234\n\n")
        return fd
    }

    /// A TCP socket connected to 127.0.0.1:`port`, Nagle off.
    static func connectedSocket(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            close(fd)
            throw BenchmarkError("cannot connect to 127.0.0.1:\(port)")
        }
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    static func send(_ fd: Int32, _ text: String) {
        _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
    }
}
