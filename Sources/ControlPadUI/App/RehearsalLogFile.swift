import Foundation
import SlideModel

/// The rehearsal log on disk: a CSV header, then one row per slide visit,
/// flushed at once so a crash or a killed terminal loses nothing.
final class RehearsalLogFile {
    private let handle: FileHandle
    private var recorder = RehearsalRecorder()

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

    func observe(_ state: PadState, now: Millis) { write(recorder.observe(state, now: now)) }

    func finish(now: Millis) {
        write(recorder.finish(now: now))
        try? handle.close()
    }

    private func write(_ visits: [RehearsalRecorder.Visit]) {
        guard !visits.isEmpty else { return }
        handle.write(Data(visits.map { $0.csvRow + "\n" }.joined().utf8))
        try? handle.synchronize()
    }
}
