import Foundation
import SlideModel

/// The rehearsal log on disk: a CSV header, then one row per slide visit,
/// flushed at once so a crash or a killed terminal loses nothing.
final class RehearsalLogFile {
    private let handle: FileHandle

    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data((RehearsalRecorder.csvHeader + "\n").utf8)),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw OpenError(description: "cannot write the rehearsal log \(path): \(String(cString: strerror(errno)))")
        }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    /// One row per slide visit, written and flushed at once.
    func write(_ visit: RehearsalRecorder.Visit) {
        handle.write(Data((visit.csvRow + "\n").utf8))
        try? handle.synchronize()
    }

    func close() { try? handle.close() }
}
