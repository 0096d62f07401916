import SlideModel

/// Why the link to a reveal.js deck is down, or not up yet: the reason
/// and the fix, in words a presenter can act on.
public enum RevealProblem: Error, Sendable, Equatable {
    /// Nothing accepts connections on the port.
    case nothingListens(address: String)
    /// No connection at all in time: the host is off or unreachable, or a firewall drops it.
    case unreachable(address: String)
    /// The address's name does not resolve.
    case hostNotFound(host: String)
    /// The port answers, but not as a browser's DevTools (CDP).
    case notCDP(address: String, detail: String)
    /// The browser runs, with no page open.
    case noPage
    /// The page the presenter named is not open.
    case noSuchPage(String)
    /// Several pages, and none named.
    case severalPages([String])
    /// The page has no reveal.js.
    case noReveal(title: String)
    /// reveal.js is there but not ready after a while.
    case notReady
    /// The page reloaded: the pad installs its listeners again and resyncs.
    case reloaded
    /// The deck's tab was closed.
    case tabClosed
    /// The browser quit (the connection ended and nothing listens any more).
    case browserGone
    /// The connection ended or broke for another reason.
    case connectionLost(String)
    /// The browser refused the WebSocket (e.g. an origin rule).
    case refused(String)
    /// Not this computer, and `--allow-remote` was not given.
    case remoteRefused(host: String)

    public var reason: String {
        switch self {
        case .nothingListens(let a): "nothing listens on \(a)"
        case .unreachable(let a): "no connection to \(a) (the computer is off or unreachable, or a firewall drops it)"
        case .hostNotFound(let host): "no computer is named \(host) (the name does not resolve)"
        case .notCDP(let a, let detail): "\(a) answers, but not as a browser's DevTools port (\(detail))"
        case .noPage: "the browser has no page open"
        case .noSuchPage(let name): "no open page is named “\(name)”"
        case .severalPages(let titles): "several pages are open (\(titles.prefix(4).joined(separator: ", ")))"
        case .noReveal(let title): "the page “\(title)” does not run reveal.js"
        case .notReady: "reveal.js is not ready yet"
        case .reloaded: "the page reloaded"
        case .tabClosed: "the deck's tab was closed"
        case .browserGone: "the browser quit"
        case .connectionLost(let detail): "the connection to the browser ended (\(detail))"
        case .refused(let detail): "the browser refused the connection (\(detail))"
        case .remoteRefused(let host): "\(host) is not this computer"
        }
    }

    public var fix: String {
        switch self {
        case .nothingListens, .browserGone:
            "start the browser with a dedicated profile and the port: chromium --user-data-dir=$(mktemp -d) "
                + "--remote-debugging-port=9222 deck.html (Chrome 136 and later ignore the port on the default "
                + "profile), or let the pad start it: controlpad present deck.html"
        case .hostNotFound: "check the name in the address; the browser on this computer is reveal://127.0.0.1:9222"
        case .unreachable:
            "check the address, and that the browser there listens on it (--remote-debugging-address); "
                + "a DevTools port is best kept to 127.0.0.1"
        case .notCDP:
            "check the port: the browser prints “DevTools listening on ws://127.0.0.1:PORT/…” when it starts"
        case .noPage, .tabClosed: "open the deck in the browser again; the pad follows it when it is back"
        case .noSuchPage: "check the name: it is a page's id, or a word of its title or address"
        case .severalPages: "name the deck: reveal://127.0.0.1:9222/WORD-OF-ITS-TITLE"
        case .noReveal: "open the reveal.js deck in that browser, or name its page in the address"
        case .notReady: "wait for the deck to load; the pad keeps trying"
        case .reloaded: "nothing to do: the pad follows the page again"
        case .connectionLost: "the pad reconnects by itself"
        case .refused: "start the browser without --remote-allow-origins rules that exclude the pad"
        case .remoteRefused:
            "the DevTools port gives full control of the browser: use 127.0.0.1, "
                + "or add --allow-remote if you mean to drive a browser on another computer"
        }
    }

    /// Reason and fix as one sentence, for `failed(message:)`, `send` and `doctor`.
    public var sentence: String { "\(reason): \(fix)" }

    /// The value the pad and the doctor know: this source's id, a stable code, reason and fix.
    public var problem: LinkProblem { LinkProblem(source: "reveal", code: code, reason: reason, fix: fix) }

    /// Stable: the case's name.
    public var code: String {
        switch self {
        case .nothingListens: "nothing-listens"
        case .unreachable: "unreachable"
        case .hostNotFound: "host-not-found"
        case .notCDP: "not-cdp"
        case .noPage: "no-page"
        case .noSuchPage: "no-such-page"
        case .severalPages: "several-pages"
        case .noReveal: "no-reveal"
        case .notReady: "not-ready"
        case .reloaded: "reloaded"
        case .tabClosed: "tab-closed"
        case .browserGone: "browser-gone"
        case .connectionLost: "connection-lost"
        case .refused: "refused"
        case .remoteRefused: "remote-refused"
        }
    }

    /// Whether the pad tries again by itself (else it waits for the presenter).
    public var retries: Bool {
        switch self {
        case .remoteRefused, .severalPages, .noSuchPage: false
        default: true
        }
    }
}
