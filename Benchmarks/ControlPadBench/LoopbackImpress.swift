import Foundation

/// A fake Impress on 127.0.0.1 for the key → wire benchmark: it pairs
/// anyone, runs a show of `slideCount` slides, confirms every step at once,
/// and notes when each command's bytes arrived (on the benchmark's clock).
final class LoopbackImpress: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var arrivals: [(at: Double, command: String)] = []
    private let slideCount: Int

    init(slideCount: Int = 100_000) throws {
        self.slideCount = slideCount
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        guard bound, listen(listener, 4) == 0 else { throw BenchmarkError("cannot listen on 127.0.0.1") }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { close(listener) }

    /// The commands received so far, with their arrival times.
    var received: [(at: Double, command: String)] { lock.withLock { arrivals } }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            var on: Int32 = 1
            setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var pending = Data()
        var current = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(client, &buffer, buffer.count)
            let at = monotonicMilliseconds()
            guard n > 0 else { return }
            pending.append(contentsOf: buffer[0..<n])
            while let end = pending.range(of: Data("\n\n".utf8)) {
                let lines = String(decoding: pending[pending.startIndex..<end.lowerBound], as: UTF8.self).split(separator: "\n")
                pending.removeSubrange(pending.startIndex..<end.upperBound)
                guard let name = lines.first else { continue }
                var reply = ""
                switch name {
                case "LO_SERVER_CLIENT_PAIR":
                    reply = "LO_SERVER_SERVER_PAIRED\n\nslideshow_started\n\(slideCount)\n0\n\n"
                case "transition_next": current = min(current + 1, slideCount - 1); reply = "slide_updated\n\(current)\n\n"
                case "transition_previous": current = max(current - 1, 0); reply = "slide_updated\n\(current)\n\n"
                case "goto_slide": current = lines.count > 1 ? Int(lines[1]) ?? current : current; reply = "slide_updated\n\(current)\n\n"
                default: break
                }
                if name != "LO_SERVER_CLIENT_PAIR" { lock.withLock { arrivals.append((at, String(name))) } }
                if !reply.isEmpty { _ = reply.utf8CString.withUnsafeBufferPointer { write(client, $0.baseAddress, $0.count - 1) } }
            }
        }
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
