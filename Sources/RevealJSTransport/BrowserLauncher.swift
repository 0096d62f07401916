#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FoundationEssentials
import NIOCore
import RevealJS
import SlideModel
import Syscalls

/// `controlpad present deck.html`: finds Chromium or Chrome, starts it on
/// the deck with a fresh profile of its own (Chrome 136 and later ignore
/// the debugging port on the default profile) and the DevTools port on
/// 127.0.0.1 only, and says where the page is. Headless only when asked
/// (tests). The port is the one the browser picked (`--remote-debugging-port=0`,
/// then `DevToolsActivePort` in the profile), so two presentations never clash.
public enum BrowserLauncher {
    public static let candidates = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"]

    public struct Launch: Sendable {
        public var pid: pid_t
        public var port: Int
        public var profile: String
        public var address: RevealAddress { RevealAddress(host: "127.0.0.1", port: port, page: nil) }
    }

    public enum LaunchError: Error, Equatable, CustomStringConvertible {
        case noBrowser
        case noDeck(String)
        case didNotStart(String)
        public var description: String {
            switch self {
            case .noBrowser:
                "no Chromium or Chrome found (looked for \(BrowserLauncher.candidates.joined(separator: ", ")) on PATH); "
                    + "install one, or name it in CONTROLPAD_BROWSER"
            case .noDeck(let path): "no deck at \(path)"
            case .didNotStart(let why): "the browser did not start: \(why)"
            }
        }
    }

    /// The browser to start: `CONTROLPAD_BROWSER`, else the first candidate on `PATH`.
    public static func find(environment: [String: String]) -> String? {
        let named = environment["CONTROLPAD_BROWSER"].flatMap { $0.isEmpty ? nil : [$0] }
        return Syscalls.findProgram(named ?? candidates, searchPath: environment["PATH"])
    }

    /// The browser's arguments: a dedicated profile, DevTools on 127.0.0.1 at `port`, the deck.
    public static func arguments(deckURL: String, port: Int, profile: String, headless: Bool,
                                 size: (width: Int, height: Int)? = nil, asRoot: Bool = false) -> [String] {
        var args = ["--user-data-dir=\(profile)", "--remote-debugging-address=127.0.0.1",
                    "--remote-debugging-port=\(port)", "--no-first-run", "--no-default-browser-check",
                    "--disable-session-crashed-bubble", "--new-window"]
        if headless { args += ["--headless=new", "--hide-scrollbars", "--mute-audio"] }
        if let size { args.append("--window-size=\(size.width),\(size.height)") }
        // As root Chromium refuses to start without --no-sandbox; --test-type keeps its warning bar off the slides.
        if asRoot { args += ["--no-sandbox", "--test-type"] }
        return args + [deckURL]
    }

    /// `file://` and the absolute path, escaped (`Syscalls.fileURL`).
    public static func fileURL(_ path: String) -> String { Syscalls.fileURL(path) }

    /// Starts the browser on `deck` and returns once its DevTools port is known
    /// (within `timeout`); the deck's page is then found like any other.
    public static func start(deck: String, browser: String, headless: Bool, size: (width: Int, height: Int)? = nil,
                             port: Int = 0, timeout: Duration = .seconds(20)) throws(LaunchError) -> Launch {
        let path = Syscalls.absolutePath(deck)
        guard access(path, R_OK) == 0 else { throw .noDeck(path) }
        var template = Array("/tmp/controlpad-browser-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw .didNotStart("no profile folder: errno \(errno)") }
        let profile = String(cString: made)
        let args = arguments(deckURL: fileURL(path), port: port, profile: profile, headless: headless, size: size, asRoot: getuid() == 0)
        let devNull = open("/dev/null", O_RDONLY)
        defer { close(devNull) }
        let pid: pid_t
        // Its words go to a log in its profile: when it exits at once, they say why.
        let log = profile + "/controlpad-browser.log"
        do { pid = try Syscalls.spawnInBackground(browser, arguments: args, input: devNull, output: log) } catch {
            throw .didNotStart("\(error)")
        }
        // The browser writes the port it took into its profile.
        let deadline = NIODeadline.now() + .nanoseconds(timeout.clampedNanoseconds)
        while NIODeadline.now() < deadline {
            if let text = try? readFile(profile + "/DevToolsActivePort"),
               let first = text.split(separator: "\n").first, let port = Int(first), port > 0 {
                return Launch(pid: pid, port: port, profile: profile)
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid || kill(pid, 0) != 0 {
                let why = (try? readFile(log)).map(reason) ?? ""
                stop(Launch(pid: pid, port: port, profile: profile))
                throw .didNotStart("\(browser) exited" + (why.isEmpty ? "" : ": \(why)"))
            }
            usleep(50_000)
        }
        stop(Launch(pid: pid, port: port, profile: profile))
        throw .didNotStart("no DevTools port within \(timeout)")
    }

    /// Succeeds once the browser lists a page for the deck (`deckURL`'s file,
    /// whatever its `#` says), asking `/json/list` every 100 ms; fails after `timeout`.
    public static func waitForPage(_ launch: Launch, deckURL: String, timeout: TimeAmount = .seconds(20),
                                   on loop: EventLoop) -> EventLoopFuture<CDPTarget> {
        let promise = loop.makePromise(of: CDPTarget.self)
        let deadline = NIODeadline.now() + timeout
        let base = deckURL.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? deckURL
        @Sendable func ask() {
            CDPHTTP.get(host: "127.0.0.1", port: launch.port, path: "/json/list", timeout: .seconds(2), on: loop) { result in
                if case .success(let answer) = result, let targets = CDPTargets.parse(answer.body),
                   let page = CDPTargets.pages(targets).first(where: { $0.url.hasPrefix(base) }) {
                    return promise.succeed(page)
                }
                guard NIODeadline.now() < deadline else { return promise.fail(LaunchError.didNotStart("no page for the deck")) }
                loop.scheduleTask(in: .milliseconds(100)) { ask() }
            }
        }
        loop.execute { ask() }
        return promise.futureResult
    }

    /// Ends a browser this launcher started (SIGTERM; SIGKILL after `patience`),
    /// reaps it, and removes its throwaway profile.
    public static func stop(_ launch: Launch, patience: Duration = .seconds(5)) {
        kill(launch.pid, SIGTERM)
        let deadline = NIODeadline.now() + .nanoseconds(patience.clampedNanoseconds)
        var status: Int32 = 0
        while waitpid(launch.pid, &status, WNOHANG) == 0 {
            if NIODeadline.now() > deadline { kill(launch.pid, SIGKILL); _ = waitpid(launch.pid, &status, 0); break }
            usleep(20_000)
        }
        if launch.profile.hasPrefix("/tmp/controlpad-browser-") { try? FileManager.default.removeItem(atPath: launch.profile) }
    }

    /// The browser's own reason from its log: its first two ERROR or FATAL
    /// lines without their `[pid:tid:…]` prefix (e.g. "Missing X server or
    /// $DISPLAY; The platform failed to initialize. Exiting."), else its last
    /// line; Debian's start script's shell noise left out.
    package static func reason(_ log: String) -> String {
        let lines = log.split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.contains("unexpected operator") && !$0.allSatisfy(\.isWhitespace) }
        // D-Bus and the zygote's broken pipe follow any exit: never the reason.
        let errors = lines.filter { ($0.contains(":ERROR:") || $0.contains(":FATAL:")) && !$0.contains("dbus/") && !$0.contains("zygote") }
            .map { line -> String in
            guard line.hasPrefix("["), let end = line.firstIndex(of: "]") else { return line }
            return String(line[line.index(after: end)...].drop { $0.isWhitespace })
        }
        let chosen = errors.isEmpty ? Array(lines.suffix(1)) : Array(errors.prefix(2))
        return TerminalText.escaped(chosen.joined(separator: "; "))
    }

    private static func readFile(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw LaunchError.noDeck(path) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            bytes += buffer.prefix(n)
            if bytes.count > 1 << 16 { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
