#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A source kind that can start its presenting app on a file itself
/// (`controlpad present FILE`): the app with settings of its own, reachable
/// from this computer only, and an address the kind then connects to.
/// The command knows no kind: it asks the registry for the one that
/// launches, and leaves the app running only as long as the pad.
package protocol SourceKindLauncher: SourceKind {
    /// What `present` does with it, a paragraph of the command's help
    /// (plain ASCII: the man page drops the rest).
    var presentHelp: String { get }
    /// The files it presents, by extension, lower case without the dot
    /// ("html"): `present` picks the kind by the file's.
    var fileTypes: [String] { get }
    /// Starts the app on `file` and returns once it shows it (within
    /// `timeout`), or says what is wrong in words (no app found, no file,
    /// the port taken, the app did not start).
    func launch(file: String, options: LaunchOptions) throws(SourceKindError) -> any LaunchedApp
}

extension SourceKindLauncher {
    /// Whether `file`'s extension is one it presents.
    package func presents(_ file: String) -> Bool {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        return fileTypes.contains(name[name.index(after: dot)...].lowercased())
    }

    /// What every launcher checks of `file` before an app opens on it: it
    /// is there, it is no folder (`folderAdvice`: what to name instead, as
    /// "name the deck"), and it can be read; else why not, in words.
    package func checkDeck(_ file: String, folderAdvice: String) throws(SourceKindError) {
        var info = stat()
        guard stat(file, &info) == 0 else { throw SourceKindError("no deck at \(file): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw SourceKindError("\(file) is a folder: \(folderAdvice)") }
        guard access(file, R_OK) == 0 else { throw SourceKindError("cannot read \(file): \(String(cString: strerror(errno)))") }
    }
}

/// How `present` starts the app: which program (nil: the kind finds one),
/// which port (nil: one that is free), a window or not (headless: tests),
/// the show in a window rather than full screen, and a profile of the
/// app's other than the user's own.
package struct LaunchOptions: Sendable {
    package var program: String?
    package var port: Int?
    package var headless: Bool
    package var timeout: Duration
    package var window: Bool
    package var profile: String?

    package init(program: String? = nil, port: Int? = nil, headless: Bool = false, timeout: Duration = .seconds(20),
                 window: Bool = false, profile: String? = nil) {
        self.program = program
        self.port = port
        self.headless = headless
        self.timeout = timeout
        self.window = window
        self.profile = profile
    }
}

/// An app a launcher started, or found still showing the file from an
/// earlier `present`: where to connect, and how to end it (and remove what
/// it made, such as a throwaway profile). The audience watches it: quitting
/// the pad leaves it running, and `present` on the same file comes back to it.
package protocol LaunchedApp: Sendable {
    /// The address to give the kind's `makeSource`.
    var address: String { get }
    /// Said on the terminal before the pad opens: "Chromium 156 on talk.html, DevTools on 127.0.0.1:40123".
    var summary: String { get }
    /// The settings to give the kind's `makeSource` (none by default).
    var settings: SourceSettings { get }
    /// Started by this `present` (false: found running from an earlier one).
    var startedNow: Bool { get }
    /// The quit question's line on what quitting does to the app.
    var quitNote: String { get }
    /// Said on the terminal after the pad quits: the app still runs, and how to come back or end it.
    var leftRunning: String { get }
    /// Whether a quit the presenter confirms ends the show (the app's own
    /// source then closes what it opened); false: the show goes on.
    var quitEndsTheShow: Bool { get }
    /// Ends the app (only when the pad could not open on an app it started).
    func stop()
}

extension LaunchedApp {
    package var settings: SourceSettings { SourceSettings() }
    package var quitEndsTheShow: Bool { false }
}
