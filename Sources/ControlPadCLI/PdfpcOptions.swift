import ControlPadUI
import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Syscalls
import Logging
import PdfpcTransport
import SlideModel

/// `--password`, for a pdfpc (`pdfpc://HOST[:PORT]`), shared by `connect`,
/// `send` and `watch`, and the source they configure.
struct PdfpcOptions: ParsableArguments {
    @Option(help: ArgumentHelp("""
        pdfpc's REST password (user pdfpc: `option rest-passwd PASSWORD` in its pdfpcrc), for pdfpc://HOST; \
        default: pdfpc-password in the config, or connect asks for it.
        """, valueName: "PASSWORD"))
    var password: String?

    @Option(help: ArgumentHelp("""
        For pdfpcs://HOST: trust the certificates in FILE (PEM) as well as the system's, \
        e.g. the self-signed one pdfpc serves with `option rest-https`.
        """, valueName: "FILE"))
    var trust: String?

    /// `pdfpc://HOST[:PORT]` from the command line, or a usage error saying what is wrong.
    static func address(_ text: String) throws -> PdfpcAddress {
        do {
            return try PdfpcAddress.parse(text)
        } catch {
            throw ValidationError("\(error) (a pdfpc is pdfpc://HOST[:PORT], port 8088 by default)")
        }
    }

    func validate() throws {
        if let trust, access(trust, R_OK) != 0 {
            throw ValidationError("cannot read --trust \(trust): \(String(cString: strerror(errno)))")
        }
    }

    /// The password: `--password`, else the config's, else `ask` (nil: none).
    func password(config: String?, ask: () -> String?) -> String? {
        password ?? config ?? ask()
    }

    /// The source's configuration; `CONTROLPAD_RECONNECT_MS` fixes the wait
    /// between attempts (as for Impress, for the end-to-end tests).
    func configuration(_ address: PdfpcAddress, password: String) -> PdfpcConfiguration {
        var configuration = PdfpcConfiguration(address: address, password: password)
        configuration.trustedCertificates = trust
        if let ms = ProcessInfo.processInfo.environment["CONTROLPAD_RECONNECT_MS"].flatMap(Int.init), ms >= 0 {
            configuration.backoff = ReconnectBackoff(initial: .milliseconds(ms), maximum: .milliseconds(ms))
        }
        return configuration
    }

    /// Asks on the terminal, without echo, before the pad takes it over (as
    /// ssh and sudo do); nil when there is no terminal to ask on.
    static func askOnTerminal(for address: PdfpcAddress) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        Syscalls.writeStandardError("pdfpc REST password for \(address.hostAndPort) (user pdfpc): ")
        var saved = termios()
        let canHide = tcgetattr(STDIN_FILENO, &saved) == 0
        if canHide {
            var hidden = saved
            hidden.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &hidden)
        }
        defer {
            if canHide { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            Syscalls.writeStandardError("\n")
        }
        return readLine(strippingNewline: true)
    }

    /// What the keys offer and pdfpc cannot do, for the help (pdfpc's capabilities).
    static func helpNotes(_ bindings: KeyBindings) -> HelpView.SourceNotes {
        HelpView.SourceNotes(PdfpcConnection.capabilities, bindings: bindings)
    }
}
