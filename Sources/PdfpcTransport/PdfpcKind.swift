#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import SlideModel
import Pdfpc
import SourceKit
import Syscalls

extension PdfpcKind: DeclaresMovesWhileBlank { public var movesWhileBlank: MovesWhileBlank { .endBlankAndMove } }  // next and prev leave the black screen and move (tools/fake-pdfpc)

/// A PDF talk in pdfpc, over its REST server (`pdfpc -V`), as a source
/// kind: `pdfpc://HOST[:PORT]` (`pdfpcs://` for HTTPS), with a password.
public struct PdfpcKind: SourceKind {
    public init() {}

    public var id: String { "pdfpc" }
    public var displayName: String { "pdfpc" }
    public var summary: String { "a pdfpc (a PDF talk) over its REST server" }
    public var schemes: [String] { [PdfpcAddress.scheme, PdfpcAddress.secureScheme] }
    public var addressForm: String { "pdfpc://HOST[:PORT]" }
    public var connectHelp: String {
        """
        A PDF talk in pdfpc: start it with its REST server, `pdfpc -V talk.pdf` (port 8088, password \
        from `option rest-passwd PASSWORD` in ~/.config/pdfpc/pdfpcrc), then `controlpad connect pdfpc://HOST` \
        with --password, pdfpc-password in the config, or typed when asked.
        """
    }
    /// pdfpc always presents (nothing to start or stop), renders pages at
    /// any size and answers every command with the state it is in; its own
    /// pointer and pen are driven over REST (`PdfpcConnection+Marks`).
    public var capabilities: SourceCapabilities { [.picturesAnySize, .blank, .confirmsCommands, .pointer, .ownPen] }

    public var options: [SourceOption] {
        [
            SourceOption(name: "password", valueName: "PASSWORD", help: """
                pdfpc's REST password (user pdfpc: `option rest-passwd PASSWORD` in its pdfpcrc), for pdfpc://HOST; \
                default: pdfpc-password in the config, or connect asks for it.
                """),
            SourceOption(name: "trust", valueName: "FILE", help: """
                For pdfpcs://HOST: trust the certificates in FILE (PEM) as well as the system's, \
                e.g. the self-signed one pdfpc serves with `option rest-https`.
                """),
        ]
    }

    public var configKeys: [SourceConfigKey] {
        [SourceConfigKey(source: id, key: "pdfpc-password", setting: "password",
                         help: "pdfpc's REST password (its `option rest-passwd`), for pdfpc://HOST without --password")]
    }

    /// Besides what its capabilities say (nothing to start or stop).
    public var keyNotes: [SourceHelpNotes.Item] {
        [(.action(.next), "next page (a Beamer overlay is one)"),
         (.click, "hold on the slide: pdfpc's own pointer follows"),
         (.action(.toggleInk), "pdfpc's pen on / off, red: it draws with the presenting computer's mouse"),
         (.action(.eraseInk), "pdfpc's clearDrawing: the slide's drawing goes")]
    }

    public func parse(_ address: String) throws(SourceKindError) -> String {
        try self.address(address).description
    }

    /// `pdfpc://HOST[:PORT]`, or what is wrong in words.
    public func address(_ text: String) throws(SourceKindError) -> PdfpcAddress {
        do {
            return try PdfpcAddress.parse(text)
        } catch {
            throw SourceKindError("\(error) (a pdfpc is pdfpc://HOST[:PORT], port 8088 by default)")
        }
    }

    public func validate(_ settings: SourceSettings) throws(SourceKindError) {
        if let trust = settings["trust"], access(trust, R_OK) != 0 {
            throw SourceKindError("cannot read --trust \(trust): \(String(cString: strerror(errno)))")
        }
    }

    public func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource {
        let address = try self.address(address)
        let password = settings["password"] ?? (use == .pad ? Self.askOnTerminal(for: address) : nil) ?? ""
        var configuration = PdfpcConfiguration(address: address, password: password)
        configuration.trustedCertificates = settings["trust"]
        if let backoff = SourceEnvironment.reconnectBackoff { configuration.backoff = backoff }
        switch use {
        case .pad: break
        case .watch(let timeout):
            configuration.prefetch = false
            if let timeout { configuration.connectTimeout = timeout; configuration.requestTimeout = timeout }
        case .send(let timeout):
            configuration.prefetch = false
            configuration.connectTimeout = timeout
            configuration.requestTimeout = timeout
        }
        return PdfpcSource(configuration: configuration, logger: logger ?? Logger(label: "controlpad.pdfpc"))
    }

    /// Asks on the terminal, without echo, before the pad takes it over (as
    /// ssh and sudo do); nil when there is no terminal to ask on.
    static func askOnTerminal(for address: PdfpcAddress) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        // Asked once echo is off: what is typed after the question is never
        // flushed away with what was typed before it.
        Syscalls.writeStandardError("pdfpc REST password for \(address.hostAndPort) (user pdfpc): ")
        defer {
            if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            Syscalls.writeStandardError("\n")
        }
        return readLine(strippingNewline: true)
    }
}
