import FoundationEssentials
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `controlpad send`'s side of a kept link (`KeptLink`): finds the process
/// that keeps the show's link at its socket, starts it when none listens
/// (one at a time: the sends that race for it wait on a lock file, so
/// quick presses from separate processes share one link), and asks it.
package struct KeptLinkClient {
    /// The socket's path; nil when no owner-only directory can be had.
    package let path: String?
    /// The show, as shown ("127.0.0.1:1599").
    package let server: String

    /// The socket for `kind`'s show at `server` ("127.0.0.1:1599").
    package init(server: String, kind: String,
                 environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.server = server
        path = LocalSocket.directory(environment: environment).map { "\($0)/\(kind)-\(Self.digest(server)).sock" }
    }

    /// Sends `request` through the kept link, starting one with `startKeeper`
    /// when none listens; the answer, as `send` prints it.
    package func send(_ request: KeptLinkRequest, startKeeper: () throws -> Void) throws -> SendConversation.Step {
        guard let path else {
            return .fail("no private directory for the link's socket: set XDG_RUNTIME_DIR to a directory of yours")
        }
        guard let fd = try connectOrStart(path, startKeeper: startKeeper) else {
            return .fail("the process that keeps the link to \(server) did not start (`--log FILE` says why)")
        }
        defer { close(fd) }
        guard LocalSocket.writeLine(fd, request.line) else { return .fail("the process that keeps the link to \(server) went away") }
        // Pairing, the show's state and the confirmation each get the
        // timeout, and a request may wait behind another one.
        let wait = Int32(min(Double(Int32.max / 2), (request.timeout * 4 + 5) * 1000))
        return SendConversation.Step(answerLine: LocalSocket.readLine(fd, timeoutMs: wait))
    }

    /// Takes over the link a background keeper holds to this show
    /// (`DoorRequest.adopt`): nil when none listens, or it refused (a pad
    /// uses it; it was not paired).
    package func adopt() -> LinkHandOver? {
        guard let path, let fd = try? LocalSocket.connect(to: path) else { return nil }
        defer { close(fd) }
        guard LocalSocket.writeLine(fd, DoorRequest.adopt.line) else { return nil }
        // A keeper hands over once the request it carries out is done.
        guard case .success(let handOver) = LinkHandOver.receive(from: fd, timeoutMs: 15_000) else { return nil }
        guard handOver.descriptor != nil else { return nil }
        return handOver
    }

    /// What the process at this show's door says of itself (`controlpad links`); nil when none listens.
    package func about() -> LinkAbout? {
        guard let path, let fd = try? LocalSocket.connect(to: path) else { return nil }
        defer { close(fd) }
        guard LocalSocket.writeLine(fd, DoorRequest.about.line) else { return nil }
        return LocalSocket.readLine(fd, timeoutMs: 2000).flatMap(LinkAbout.init(answerLine:))
    }

    /// A socket to the process at this show's door, starting a keeper with
    /// `startKeeper` when none listens (one at a time, under a lock file);
    /// nil when it did not start.
    package func connectOrStart(_ path: String, startKeeper: () throws -> Void) throws -> Int32? {
        if let fd = try? LocalSocket.connect(to: path) { return fd }
        let lock = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer { if lock >= 0 { close(lock) } }
        if let fd = try? LocalSocket.connect(to: path) { return fd }
        try startKeeper()
        for _ in 0..<250 {
            usleep(20_000)
            if let fd = try? LocalSocket.connect(to: path) { return fd }
        }
        return nil
    }

    /// A short, stable name for a server (a socket's path is at most 107 bytes).
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
