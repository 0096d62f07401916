#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SourceKit
import Syscalls

/// `controlpad present talk.odp`: the presenter's own LibreOffice started
/// on a private pipe (or the running one told to listen), the deck opened
/// in it and its show started by the bridge, the pad on it.
extension ImpressUNOKind: SourceKindLauncher {
    package var presentHelp: String {
        """
        Presents a LibreOffice deck (.odp, .pptx, .ppt, anything Impress opens) in your own LibreOffice, \
        over a private UNO pipe (uno:\(Self.presentPipe), this computer only): starts LibreOffice, or tells \
        the one running to listen, opens the deck and starts its show, full screen as your settings say \
        (--window: in a window holding the slide alone, to share on a video call). Quitting the pad ends the show and closes the \
        deck (never one with unsaved changes), and LibreOffice if nothing else is open.
        """
    }

    package var fileTypes: [String] { ["odp", "otp", "fodp", "pptx", "ppt", "pps", "ppsx", "pot", "potx", "key", "sxi"] }

    package func launch(file: String, options: LaunchOptions) throws(SourceKindError) -> any LaunchedApp {
        guard let soffice = OfficeLauncher.find(named: options.program) else {
            throw SourceKindError(options.program.map { "cannot run \($0): no such program (give soffice's path)" }
                ?? "LibreOffice is not installed: no soffice or libreoffice on PATH (sudo apt install libreoffice-impress python3-uno)")
        }
        try checkDeck(file, folderAdvice: "name the deck")
        if !options.headless, UNOEnvironment.value("DISPLAY") == nil, UNOEnvironment.value("WAYLAND_DISPLAY") == nil {
            throw SourceKindError("no display: LibreOffice shows the show on a screen (run this in your desktop session, or set DISPLAY)")
        }
        let deck = Syscalls.absolutePath(file)
        var settings = SourceSettings()
        settings["deck"] = deck
        settings["soffice"] = soffice
        if options.window { settings["window"] = "true" }
        settings["profile"] = options.profile
        let pipe = Self.pipe(profile: options.profile)
        let running = OfficeLauncher.isListening(pipe)
        return PresentedOffice(address: "uno:\(pipe)", settings: settings,
                               summary: "\(running ? "the LibreOffice running" : soffice) on \(file), over the pipe uno:\(pipe)",
                               file: file)
    }

    /// The pipe for a profile: `controlpad` for the presenter's own, one
    /// of its own for another (two LibreOffices, two pipes).
    static func pipe(profile: String?) -> String {
        guard let profile else { return presentPipe }
        let absolute = Syscalls.absolutePath(profile)
        var hash: UInt32 = 2_166_136_261  // FNV-1a: stable across runs, unlike Hasher
        for byte in absolute.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "\(presentPipe)-\(String(hash, radix: 36))"
    }
}

/// LibreOffice as `present` asked for it: the source starts it (and starts
/// it again after a crash); the pad's quit ends the show through the bridge.
struct PresentedOffice: LaunchedApp {
    let address: String
    let settings: SourceSettings
    let summary: String
    let file: String
    /// The source starts LibreOffice itself, and the bridge ends what it must.
    var startedNow: Bool { false }
    var quitNote: String { "y ends the show and closes the deck (never unsaved work)." }
    var quitEndsTheShow: Bool { true }
    var leftRunning: String {
        "if the show still runs in LibreOffice (Ctrl-\\ leaves it to the room), `controlpad present \(file)` joins it again"
    }
    func stop() {}
}
