import FoundationEssentials
import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// ControlPad's links to shows on this computer, for `controlpad links` and
/// the doctor: what listens at each show's door (a pad, a background
/// `keep-link`; `LinkAbout`), and the background `finish-stream`s still
/// waiting for a stream's end (these have no door: found by their
/// process, as a `keep-link` that found the door taken), all of this user's.
package struct ShowLinks {
    /// A `finish-stream` process: its pid and age in seconds.
    package struct Finisher: Equatable {
        package var pid: Int32
        package var age: Double
    }

    package var doors: [(path: String, about: LinkAbout)] = []
    package var finishers: [Finisher] = []

    /// Looks now.
    package static func look(environment: [String: String] = ProcessInfo.processInfo.environment) -> ShowLinks {
        var links = ShowLinks()
        if let directory = LocalSocket.directory(environment: environment) {
            for name in Self.names(in: directory) where name.hasSuffix(".sock") {
                let path = directory + "/" + name
                if let about = Self.ask(path) { links.doors.append((path, about)) }
            }
        }
        let atDoors = Set(links.doors.map(\.about.pid))
        links.finishers = Self.finishStreams(runtime: environment["XDG_RUNTIME_DIR"]).filter { !atDoors.contains($0.pid) }
        return links
    }

    /// Asks the door at `path` to close its link (`DoorRequest.close`): the answer as `send` prints it.
    package static func close(_ path: String, force: Bool) -> SendConversation.Step {
        guard let fd = try? LocalSocket.connect(to: path) else { return .fail("nothing listens there any more") }
        defer { Glibc.close(fd) }
        guard LocalSocket.writeLine(fd, DoorRequest.close(force: force).line) else { return .fail("it went away") }
        return SendConversation.Step(answerLine: LocalSocket.readLine(fd, timeoutMs: 5000))
    }

    /// The `XDG_RUNTIME_DIR` process `pid` started with (nil: none).
    private static func runtime(of pid: String) -> String? {
        let fd = open("/proc/\(pid)/environ", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { Glibc.close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        let key = Array("XDG_RUNTIME_DIR=".utf8)
        return bytes.split(separator: 0).first { $0.starts(with: key) }.map { String(decoding: $0.dropFirst(key.count), as: UTF8.self) }
    }

    private static func ask(_ path: String) -> LinkAbout? {
        guard let fd = try? LocalSocket.connect(to: path) else { return nil }
        defer { Glibc.close(fd) }
        guard LocalSocket.writeLine(fd, DoorRequest.about.line) else { return nil }
        return LocalSocket.readLine(fd, timeoutMs: 2000).flatMap(LinkAbout.init(answerLine:))
    }

    private static func names(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names.sorted()
    }

    /// This user's `controlpad finish-stream` processes, from /proc: those
    /// of the same runtime directory (`XDG_RUNTIME_DIR`, whose doors we read).
    private static func finishStreams(runtime: String?) -> [Finisher] {
        let now = LinkAbout.now()
        return names(in: "/proc").compactMap { name -> Finisher? in
            guard let pid = Int32(name), pid != getpid() else { return nil }
            var info = stat()
            guard stat("/proc/\(name)", &info) == 0, info.st_uid == getuid(),
                  let fd = Optional(open("/proc/\(name)/cmdline", O_RDONLY | O_CLOEXEC)), fd >= 0 else { return nil }
            defer { Glibc.close(fd) }
            var buffer = [UInt8](repeating: 0, count: 512)
            let n = read(fd, &buffer, buffer.count)
            guard n > 0 else { return nil }
            let words = buffer[..<n].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            // A keep-link that found the door taken finishes its link as finish-stream does.
            guard Self.runtime(of: name) == runtime, words.count > 1,
                  words[0].hasSuffix("controlpad") || words[0] == "/proc/self/exe",
                  words[1] == "finish-stream" || words[1] == "keep-link" else { return nil }
            return Finisher(pid: pid, age: now - (Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9))
        }
    }
}
