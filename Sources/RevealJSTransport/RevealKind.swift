import Logging
import NIOCore
import NIOPosix
import RevealJS
import SlideModel
import SourceKit
import Syscalls

extension RevealKind: DeclaresMovesWhileBlank { public var movesWhileBlank: MovesWhileBlank { .endBlankAndMove } }  // every move ends the pause first, then moves (docs/REVEALJS.md)

/// A reveal.js deck (what Quarto, pandoc, Jupyter and sphinx-revealjs make)
/// in Chromium or Chrome, over the Chrome DevTools Protocol, as a source
/// kind: `reveal://HOST:PORT[/PAGE]`, loopback only unless `--allow-remote`.
public struct RevealKind: SourceKind {
    /// The one place the reveal.js sources get their event loop.
    let loops: @Sendable () -> any EventLoop

    public init(loops: @escaping @Sendable () -> any EventLoop = { PadEventLoop.loop }) {
        self.loops = loops
    }

    public static let kindID = "reveal"
    public var id: String { Self.kindID }
    public var displayName: String { "reveal.js" }
    public var summary: String { "a reveal.js deck in Chromium or Chrome (Quarto, pandoc, Jupyter slides)" }
    public var schemes: [String] { RevealJSSource.schemes }
    public var addressForm: String { "reveal://HOST:PORT[/PAGE]" }
    public var connectHelp: String {
        """
        A reveal.js deck (Quarto, pandoc -t revealjs, Jupyter slides): `controlpad present talk.html` starts \
        Chromium or Chrome on it and opens the pad; or start the browser with a profile of its own and the \
        DevTools port, `chromium --user-data-dir=$(mktemp -d) --remote-debugging-port=9222 talk.html` \
        (Chrome 136 and later ignore the port on the everyday profile), then \
        `controlpad connect reveal://127.0.0.1:9222` (add /WORD, a word of the deck's title, when several \
        pages are open). Only this computer unless --allow-remote.
        """
    }
    /// reveal.js always presents, renders slides at any size, steps
    /// through fragments, pauses (blank), and pushes every move; the pad
    /// adds a laser pointer and ink to the audience's page (`RevealMarks`).
    public var capabilities: SourceCapabilities { [.picturesAnySize, .animationSteps, .blank, .confirmsCommands, .pointer, .ink] }

    public var options: [SourceOption] {
        [SourceOption(name: "allow-remote", valueName: "", help: """
            For reveal://HOST: allow a browser on another computer. Its DevTools port gives full control of \
            that browser (every tab, its cookies, its files) to anyone who can reach it, unencrypted and \
            without a password.
            """)]
    }

    public var keyNotes: [SourceHelpNotes.Item] {
        [(.action(.next), "next fragment, else next slide (vertical stacks included)"),
         (.action(.blank), "reveal.js's pause (the screen goes black; one made in the browser shows as BLANK)"),
         (.action(.previous), "while blank: the slides come back, one step back")]
    }

    public func parse(_ address: String) throws(SourceKindError) -> String {
        // Remote hosts are refused in `makeSource`, where --allow-remote is known.
        try self.address(address, allowRemote: true).description
    }

    /// `reveal://HOST:PORT[/PAGE]`, or what is wrong in words.
    public func address(_ text: String, allowRemote: Bool) throws(SourceKindError) -> RevealAddress {
        do {
            return try RevealAddress.parse(text, allowRemote: allowRemote)
        } catch {
            throw SourceKindError(error.description)
        }
    }

    /// Whether `--allow-remote` was given.
    static func allowsRemote(_ settings: SourceSettings) -> Bool {
        guard let value = settings["allow-remote"]?.lowercased() else { return false }
        return ["true", "1", "yes", "on", ""].contains(value)
    }

    /// Checks the address against `--allow-remote`, and says what a remote one exposes.
    func checked(_ text: String, settings: SourceSettings, say: (String) -> Void) throws(SourceKindError) -> RevealAddress {
        let allow = Self.allowsRemote(settings)
        let address = try self.address(text, allowRemote: allow)
        if !address.isLoopback { say("controlpad: \(address.hostAndPort) is another computer. " + RevealAddress.remoteWarning) }
        return address
    }

    public func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource {
        let parsed = try checked(address, settings: settings) { Syscalls.writeStandardError($0 + "\n") }
        return try source(parsed, settings: settings, use: use, logger: logger)
    }

    /// The source for an address already checked.
    func source(_ address: RevealAddress, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> RevealJSSource {
        var link = RevealLink.Settings(address: address)
        if let backoff = SourceEnvironment.reconnectBackoff { link.backoff = backoff }
        var timeout: TimeAmount = .seconds(3)
        switch use {
        case .pad: break
        case .watch(let limit):
            link.pictures = false
            if let limit { timeout = .nanoseconds(limit.clampedNanoseconds) }
        case .send(let limit):
            link.pictures = false
            timeout = .nanoseconds(limit.clampedNanoseconds)
        }
        return RevealJSSource(settings: link, eventLoop: loops(), logger: logger ?? Logger(label: "controlpad.reveal"),
                              connectTimeout: timeout)
    }
}
