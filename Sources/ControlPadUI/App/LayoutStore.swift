import FoundationEssentials
import Logging
import SlideModel

/// The layout each server was last shown in, kept in the state directory
/// (`$XDG_STATE_HOME/controlpad/layouts.json`, beside the pairings) and
/// restored at the next start. A missing or unreadable file is no layout
/// kept: the config's (or the standard one) applies.
struct LayoutStore {
    let fileURL: URL
    private let logger = Logger(label: "controlpad.layouts")

    init(fileURL: URL) { self.fileURL = fileURL }

    /// The file in the state directory, or nil with no usable HOME nor XDG_STATE_HOME.
    static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> LayoutStore? {
        StateDirectory.file("layouts.json", environment: environment).map {
            LayoutStore(fileURL: URL(fileURLWithPath: $0, isDirectory: false))
        }
    }

    /// The key a server's layout is kept under: its address, or a local source's name.
    static func key(for link: LinkState) -> String? {
        switch link {
        case .local(let name): return name
        case .connecting(let to) where !to.isEmpty: return to
        default: return nil
        }
    }

    private struct File: Codable {
        var version = 1
        var servers: [String: String] = [:]
    }

    private func load() -> File {
        guard let data = try? Data(contentsOf: fileURL), data.count <= 1 << 20 else { return File() }
        guard let file = try? JSONDecoder().decode(File.self, from: data) else {
            logger.warning("\(fileURL.path) is not a layouts file: ignored (the next change replaces it)")
            return File()
        }
        return file
    }

    /// The layout kept for `server`, if any (an unknown name is none).
    func layout(for server: String) -> LayoutMode? {
        load().servers[server].flatMap(LayoutMode.init(rawValue:))
    }

    /// Keeps `mode` for `server`: the file replaced whole (written aside,
    /// then renamed), in a 0700 directory.
    /// Returns what went wrong, in words, when it could not be kept.
    @discardableResult
    func remember(_ mode: LayoutMode, for server: String) -> String? {
        var file = load()
        guard file.servers[server] != mode.rawValue else { return nil }
        file.servers[server] = mode.rawValue
        do {
            try StateFile.write(file, to: fileURL)
            return nil
        } catch {
            let why = "the layout (\(mode.rawValue)) is not kept for next time: cannot write \(fileURL.path): \(error)"
            logger.warning("\(why)")
            return why
        }
    }
}
