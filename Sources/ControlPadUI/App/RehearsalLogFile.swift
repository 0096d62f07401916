import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Syscalls
import SlideModel

/// The rehearsal log on disk: a CSV header, then one row per slide visit,
/// flushed at once so a crash or a killed terminal loses nothing.
///
/// It never destroys a file: when the path holds last week's log, this
/// run's goes next to it (`talk.csv` → `talk-2.csv`, `talk-3.csv`, …) and
/// the pad says so. An empty file, or something that is not a regular file
/// (a pipe, /dev/stdout), is written to as it is, never truncated.
final class RehearsalLogFile {
    private var fd: Int32
    /// Where the rows go.
    let path: String
    /// The file that was there and is kept, when `path` is another one.
    let kept: String?

    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    init(path requested: String) throws {
        var chosen = requested
        var kept: String?
        var fd: Int32 = -1
        for attempt in 1...1000 {
            chosen = attempt == 1 ? requested : Self.sibling(of: requested, number: attempt)
            fd = open(chosen, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd >= 0 || errno != EEXIST { break }
            var info = stat()
            if stat(chosen, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG || info.st_size == 0 {
                // Nothing to destroy: append to it.
                fd = open(chosen, O_WRONLY | O_APPEND | O_CLOEXEC)
                break
            }
            kept = requested
        }
        guard fd >= 0 else {
            throw OpenError(description: "cannot write the rehearsal log \(TerminalText.escaped(chosen)): \(String(cString: strerror(errno)))")
        }
        self.fd = fd
        path = chosen
        self.kept = chosen == requested ? nil : kept
        try? Syscalls.writeAll(fd, Array((RehearsalRecorder.csvHeader + "\n").utf8))
    }

    /// `talk.csv` → `talk-2.csv`; `notes` → `notes-2`; `dir.d/log` → `dir.d/log-2`.
    static func sibling(of path: String, number: Int) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let ext = url.pathExtension
        let stem = ext.isEmpty || name == "." + ext ? name : String(name.dropLast(ext.count + 1))
        let file = stem + "-\(number)" + (ext.isEmpty || name == "." + ext ? "" : "." + ext)
        let directory = String(path.dropLast(name.count))
        return directory + file
    }

    /// What the pad says about where the log went, when it is not where asked.
    var notice: String? {
        kept.map { "rehearsal log: \(TerminalText.escaped($0)) is kept; this run's is \(TerminalText.escaped(path))" }
    }

    /// One row per slide visit, written and flushed at once.
    func write(_ visit: RehearsalRecorder.Visit) {
        try? Syscalls.writeAll(fd, Array((visit.csvRow + "\n").utf8))
        try? Syscalls.fsync(fd)
    }

    func close() {
        guard fd >= 0 else { return }
        Syscalls.close(fd)
        fd = -1
    }

    deinit { close() }
}
