#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NIOCore
import RevealJS
import SourceKit
import Syscalls

/// `controlpad present deck.html`: Chromium or Chrome started on the deck
/// (`BrowserLauncher`: a fresh profile of its own, DevTools on 127.0.0.1
/// only, a window), waited for until its page is listed, then the pad
/// connects to exactly that page.
extension RevealKind: SourceKindLauncher {
    package var presentHelp: String {
        """
        Presents a reveal.js deck (an .html file: Quarto, pandoc -t revealjs, Jupyter slides): starts Chromium \
        or Chrome (--browser, else CONTROLPAD_BROWSER, else the first of chromium, chromium-browser, \
        google-chrome on PATH) in a window with a fresh profile of its own and its DevTools port on \
        127.0.0.1 only (--port, else a free one), waits for the deck's page, and opens the pad on it. \
        The audience watches that window: quitting the pad (q, Ctrl-\\) leaves the browser showing the \
        deck, and present on the same file comes back to it, on the slide it shows (the talk's timer \
        kept). Close the browser's window to end it.
        """
    }

    package var fileTypes: [String] { ["html", "htm", "xhtml"] }

    package func launch(file: String, options: LaunchOptions) throws(SourceKindError) -> any LaunchedApp {
        let environment = Self.environment()
        // The file first: a browser must not open on what is no deck.
        try checkDeck(file, folderAdvice: "name the deck's .html file")
        if let why = Self.notADeck(file) { throw SourceKindError(why) }
        if let back = comeBack(to: file, options: options, environment: environment) { return back }
        let browser: String
        if let named = options.program {
            guard let found = BrowserLauncher.find(environment: ["CONTROLPAD_BROWSER": named, "PATH": environment["PATH"] ?? ""]) else {
                throw SourceKindError("cannot run the browser \(named): no such program (give its path, e.g. --browser /usr/bin/chromium)")
            }
            browser = found
        } else {
            guard let found = BrowserLauncher.find(environment: environment) else {
                throw SourceKindError(BrowserLauncher.LaunchError.noBrowser.description + ", or give it with --browser PATH")
            }
            browser = found
        }
        if let port = options.port {
            guard (1...65535).contains(port) else { throw SourceKindError("--port \(port) is not a port (1–65535)") }
            if case .open = DoctorProbes.connect("127.0.0.1", port: port, timeout: 1).connection {
                throw SourceKindError("port \(port) is taken on 127.0.0.1: choose another with --port, or leave it out (the browser picks a free one)")
            }
        }
        let launch: BrowserLauncher.Launch
        do {
            launch = try BrowserLauncher.start(deck: file, browser: browser, headless: options.headless,
                                               size: options.headless ? (1280, 720) : nil, port: options.port ?? 0,
                                               timeout: options.timeout)
        } catch {
            throw SourceKindError(error.description)
        }
        let loop = loops()
        let deckURL = BrowserLauncher.fileURL(Self.absolute(file))
        let page: CDPTarget
        do {
            page = try BrowserLauncher.waitForPage(launch, deckURL: deckURL, timeout: .nanoseconds(options.timeout.clampedNanoseconds),
                                                   on: loop).wait()
        } catch {
            BrowserLauncher.stop(launch)
            throw SourceKindError("the browser started but did not open \(file) within \(options.timeout)")
        }
        let address = RevealAddress(host: "127.0.0.1", port: launch.port, page: page.id)
        PresentedBrowsers.remember(.init(pid: launch.pid, port: launch.port, profile: launch.profile, deck: Self.absolute(file)),
                                   environment: environment)
        return PresentedDeck(launch: launch, address: address.description, file: file, startedNow: true,
                             summary: "\(browser) on \(file), DevTools on 127.0.0.1:\(launch.port) (a profile of its own: \(launch.profile))")
    }

    /// The browser an earlier `present` left on this deck, with the deck's
    /// page still open: the pad connects to it again (same address, so the
    /// talk's timer is the kept one); nil when there is none.
    func comeBack(to file: String, options: LaunchOptions, environment: [String: String]) -> PresentedDeck? {
        let deck = Self.absolute(file)
        guard let entry = PresentedBrowsers.running(deck: deck, environment: environment) else { return nil }
        let launch = BrowserLauncher.Launch(pid: entry.pid, port: entry.port, profile: entry.profile)
        guard let page = try? BrowserLauncher.waitForPage(launch, deckURL: BrowserLauncher.fileURL(deck), timeout: .seconds(3),
                                                         on: loops()).wait() else { return nil }
        let address = RevealAddress(host: "127.0.0.1", port: launch.port, page: page.id)
        return PresentedDeck(launch: launch, address: address.description, file: file, startedNow: false,
                             summary: "back to the browser still showing \(file) (pid \(entry.pid), DevTools on 127.0.0.1:\(entry.port))")
    }

    /// Why `file` is no reveal.js deck, said before a browser opens on it
    /// (the pad would wait for reveal.js forever); nil when it may be one:
    /// an HTML file whose first 8 MiB name reveal (every deck has
    /// `<div class="reveal">`; a self-contained one has reveal.js inside).
    static func notADeck(_ file: String) -> String? {
        let lower = file.lowercased()
        let advice = "present takes the .html file that Quarto, pandoc -t revealjs or Jupyter made"
        guard [".html", ".htm", ".xhtml"].contains(where: lower.hasSuffix) else {
            return "\(file) is not a reveal.js deck (not an .html file): \(advice)"
        }
        let fd = open(file, O_RDONLY)
        guard fd >= 0 else { return "cannot read \(file): \(String(cString: strerror(errno)))" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var tail: [UInt8] = []
        var total = 0
        while total < 8 << 20 {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            total += n
            let text = tail + buffer[..<n].map { $0 | ($0 >= 65 && $0 <= 90 ? 0x20 : 0) }
            if text.firstRange(of: Array("reveal".utf8)) != nil { return nil }
            tail = Array(text.suffix(5))
        }
        return "\(file) is not a reveal.js deck (it never names reveal): \(advice)"
    }

    static func environment() -> [String: String] {
        var out: [String: String] = [:]
        for name in ["PATH", "CONTROLPAD_BROWSER", "XDG_STATE_HOME", "HOME"] { if let value = getenv(name) { out[name] = String(cString: value) } }
        return out
    }

    static func absolute(_ path: String) -> String { Syscalls.absolutePath(path) }
}

/// The browser `present` started, or came back to: left showing the deck
/// when the pad quits; ended (and its profile removed) only when the pad
/// never opened on a browser it had just started.
struct PresentedDeck: LaunchedApp {
    let launch: BrowserLauncher.Launch
    let address: String
    let file: String
    let startedNow: Bool
    let summary: String
    var quitNote: String { "The browser stays: the audience keeps the deck." }
    var leftRunning: String {
        "the browser keeps showing \(file) (pid \(launch.pid)); `controlpad present \(file)` comes back to it, "
            + "and closing its window ends it"
    }
    func stop() {
        BrowserLauncher.stop(launch)
        PresentedBrowsers.forget(.init(pid: launch.pid, port: launch.port, profile: launch.profile, deck: RevealKind.absolute(file)),
                                 environment: RevealKind.environment())
    }
}
