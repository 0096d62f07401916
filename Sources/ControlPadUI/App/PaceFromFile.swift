import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Syscalls
import SlideModel

/// `--pace-from FILE`: the rehearsal the pace is measured against. The
/// rehearsal log's writer never overwrites a log: asked for `talk.csv`
/// again, it writes `talk-2.csv`, `talk-3.csv`, … (`RehearsalLogFile`). So
/// the logs of FILE are FILE and those siblings, and the latest written
/// that has a slide in it wins (within one file, its last run).
enum PaceFromFile {
    struct Loaded: Equatable {
        /// The file the schedule came from.
        var path: String
        var log: RehearsalLog
    }

    struct Failure: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// The largest log read (a rehearsal of a day writes well under 1 MB).
    static let largest = 4 << 20

    /// FILE and its siblings, newest first (by modification time, then number).
    static func candidates(of path: String) -> [String] {
        var found: [(path: String, modified: Double, number: Int)] = []
        for number in 1...1000 {
            let candidate = number == 1 ? path : RehearsalLogFile.sibling(of: path, number: number)
            var info = stat()
            guard stat(candidate, &info) == 0 else { continue }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            found.append((candidate, modified, number))
        }
        return found.sorted { ($0.modified, $0.number) > ($1.modified, $1.number) }.map(\.path)
    }

    /// The latest rehearsal of `path`; a failure says why in words for the pad's notice.
    static func load(_ path: String) -> Result<Loaded, Failure> {
        let shown = TerminalText.escaped(path)
        let files = candidates(of: path)
        guard !files.isEmpty else {
            return .failure(Failure(description: "\(shown): no such file (write one with --rehearsal-log \(shown))"))
        }
        for file in files {
            let name = TerminalText.escaped(file)
            guard let data = Syscalls.readPrefix(of: file, limit: largest + 1) else {
                return .failure(Failure(description: "\(name): cannot be read"))
            }
            guard data.count <= largest else { return .failure(Failure(description: "\(name): too large for a rehearsal log")) }
            guard let text = String(validating: data, as: UTF8.self) else {
                return .failure(Failure(description: "\(name): not text, so not a rehearsal log"))
            }
            do {
                return .success(Loaded(path: file, log: try RehearsalLog.parse(text)))
            } catch where error.line == nil && files.count > 1 {
                continue  // a run that never showed a slide: the one before it
            } catch {
                return .failure(Failure(description: name + (error.line == nil ? ": " : ", ") + error.description))
            }
        }
        return .failure(Failure(description: "\(shown): no slide visits in any of its \(files.count) logs"))
    }

    /// What the pad says when the log cannot be used: it runs on without it.
    static func notice(_ failure: Failure) -> String {
        "pace: \(failure.description) — the pad runs without a rehearsal to pace against"
    }
}
