import FoundationEssentials
import SlideModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The doctor's first two steps with plain system calls, for every source:
/// the name (getaddrinfo) and the TCP port (a non-blocking connect per
/// address, closed at once without a byte sent: Impress's accepting thread
/// reads end-of-file and drops it). Everything after the connect goes
/// through the source itself, in its own doctor's words.
package enum DoctorProbes {
    package enum Resolution: Equatable {
        /// The host is an IP address already.
        case literal
        case resolved([String])
        case failed(String)
    }

    /// Why a connect failed, in no source's words: each source's doctor
    /// says what it means for its app.
    package enum ConnectFailure: Equatable, Sendable {
        case hostNotFound, refused, unreachable, timedOut, reset
    }

    package enum Connection: Equatable {
        case open(address: String)
        /// `detail`: the system's words, e.g. "Connection refused".
        case failed(ConnectFailure, address: String?, detail: String)
    }

    /// The host's addresses, numeric, or why it has none.
    package static func resolve(_ host: String, port: Int) -> Resolution {
        if (try? addresses(host, port: port, numericOnly: true)) != nil { return .literal }
        do {
            return .resolved(try addresses(host, port: port, numericOnly: false).map(\.text))
        } catch {
            return .failed(error.message)
        }
    }

    package struct ResolveError: Error { var message: String }

    package struct Address {
        var family: Int32
        var storage: sockaddr_storage
        var length: socklen_t
        var text: String
    }

    package static func addresses(_ host: String, port: Int, numericOnly: Bool) throws(ResolveError) -> [Address] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        if numericOnly { hints.ai_flags = AI_NUMERICHOST }
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else { throw ResolveError(message: String(cString: gai_strerror(rc))) }
        defer { freeaddrinfo(list) }
        var found: [Address] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let info = node?.pointee {
            node = info.ai_next
            guard let raw = info.ai_addr else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { dst in
                dst.copyMemory(from: UnsafeRawBufferPointer(start: raw, count: Int(info.ai_addrlen)))
            }
            var name = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let text = getnameinfo(raw, info.ai_addrlen, &name, socklen_t(name.count), nil, 0, NI_NUMERICHOST) == 0
                ? String(cString: name) : host
            guard !found.contains(where: { $0.text == text }) else { continue }
            found.append(Address(family: info.ai_family, storage: storage, length: info.ai_addrlen, text: text))
        }
        guard !found.isEmpty else { throw ResolveError(message: "no address") }
        return found
    }

    /// The failure a failed connect's errno is, for the port line.
    package static func problem(errno code: Int32) -> ConnectFailure {
        switch code {
        case ECONNREFUSED: .refused
        case ETIMEDOUT: .timedOut
        case ECONNRESET: .reset
        default: .unreachable  // EHOSTUNREACH, ENETUNREACH, EACCES (a firewall's reject), …
        }
    }

    /// Which failure says most when every address failed: a refusal is
    /// definite, a timeout on IPv4 beats "no route" on IPv6.
    private static func rank(_ problem: ConnectFailure) -> Int {
        switch problem {
        case .refused: 0
        case .reset: 1
        case .timedOut: 2
        default: 3
        }
    }

    /// Connects to each of the host's addresses in turn until one accepts;
    /// each try may take `timeout` seconds. With `listen` > 0 it then waits
    /// that long for the server to speak first and returns what it said (a
    /// web server never does, nor does Impress; SSH and mail servers do).
    package static func connect(_ host: String, port: Int, timeout: Double,
                        listen: Double = 0) -> (connection: Connection, greeting: String?) {
        let targets: [Address]
        do {
            targets = try addresses(host, port: port, numericOnly: false)
        } catch {
            return (.failed(.hostNotFound, address: nil, detail: error.message), nil)
        }
        var failures: [(problem: ConnectFailure, address: String, detail: String)] = []
        for target in targets {
            switch connectOnce(target, timeout: timeout, listen: listen) {
            case .success(let greeting):
                return (.open(address: target.text), greeting)
            case .failure(let error):
                let code = error.code
                let detail = code == ETIMEDOUT ? "no answer in \(seconds(timeout))" : String(cString: strerror(code))
                failures.append((problem(errno: code), target.text, detail))
            }
        }
        let worst = failures.min { rank($0.problem) < rank($1.problem) }!
        return (.failed(worst.problem, address: worst.address, detail: worst.detail), nil)
    }

    package struct Errno: Error { var code: Int32 }

    private static func connectOnce(_ target: Address, timeout: Double, listen: Double) -> Result<String?, Errno> {
        let fd = socket(target.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .failure(Errno(code: errno)) }
        defer { close(fd) }
        var storage = target.storage
        let rc = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, target.length) }
        }
        if rc != 0 {
            guard errno == EINPROGRESS else { return .failure(Errno(code: errno)) }
            guard wait(fd, for: Int16(POLLOUT), seconds: timeout) else { return .failure(Errno(code: ETIMEDOUT)) }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return .failure(Errno(code: errno)) }
            if error != 0 { return .failure(Errno(code: error)) }
        }
        guard listen > 0, wait(fd, for: Int16(POLLIN), seconds: listen) else { return .success(nil) }
        var buffer = [UInt8](repeating: 0, count: 200)
        let n = recv(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return .success(nil) }
        let text = String(decoding: buffer[..<n], as: UTF8.self)
            .split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return .success(TerminalText.escaped(String(text.prefix(60))))
    }

    /// Whether `fd` became ready for `events` within `seconds` (EINTR restarts the wait).
    private static func wait(_ fd: Int32, for events: Int16, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let n = poll(&entry, 1, Int32(min(left * 1000, Double(Int32.max)).rounded(.up)))
            if n < 0 && errno == EINTR { continue }
            return n > 0
        }
    }

    package static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
