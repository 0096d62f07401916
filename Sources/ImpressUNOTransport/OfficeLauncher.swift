#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Syscalls

/// Starts the presenter's own LibreOffice listening on a private UNO pipe:
/// `soffice --accept=pipe,name=NAME;urp;`. If LibreOffice already runs
/// with that profile, this second soffice hands its arguments to it and
/// exits, and the running one listens on the pipe: the deck then opens in
/// the office the presenter has open, with their settings and fonts.
struct OfficeLauncher: Sendable {
    /// The soffice program.
    let program: String
    let pipe: String
    /// A LibreOffice profile other than the presenter's own (nil: theirs).
    let profile: String?

    /// soffice: CONTROLPAD_SOFFICE, else soffice or libreoffice on PATH, else Debian's place.
    static func find(named: String? = nil) -> String? {
        if let named { return UNOEnvironment.find([named]) }
        let names = [UNOEnvironment.value("CONTROLPAD_SOFFICE"), "soffice", "libreoffice",
                     "/usr/lib/libreoffice/program/soffice", "/opt/libreoffice/program/soffice"].compactMap { $0 }
        return UNOEnvironment.find(names)
    }

    /// Where LibreOffice's pipe `name` lives (an AF_UNIX socket), if it exists.
    static func pipePath(_ name: String) -> String? {
        ["/tmp", "/var/tmp"].map { "\($0)/OSL_PIPE_\(getuid())_\(name)" }.first { access($0, F_OK) == 0 }
    }

    /// Whether a LibreOffice answers on the pipe now.
    static func isListening(_ name: String) -> Bool {
        guard let path = pipePath(name), let fd = try? LocalSocket.connect(to: path) else { return false }
        Syscalls.close(fd)
        return true
    }

    var arguments: [String] {
        var out = ["--accept=pipe,name=\(pipe);urp;", "--nologo"]
        if let profile { out.append("-env:UserInstallation=\(Syscalls.fileURL(profile))") }
        return out
    }

    /// Starts soffice on the pipe unless a LibreOffice answers there already.
    /// It goes on by itself (its own session): the pad's end never ends it.
    func startListening() throws(SystemCallError) {
        guard !Self.isListening(pipe) else { return }
        let devNull = open("/dev/null", O_RDONLY)
        defer { close(devNull) }
        _ = try Syscalls.spawnInBackground(program, arguments: arguments, input: devNull)
    }
}
