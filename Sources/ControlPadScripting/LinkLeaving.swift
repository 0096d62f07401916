import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import Synchronization
import SlideModel
import Syscalls

/// How every command leaves a link. The source stops at once (nothing
/// reaches the screen or stdout after that). What it must still finish
/// after this process is gone (`SlideSource.leave`: Impress's stream of
/// previews, which must not be cut off) goes to a background `controlpad
/// finish-stream --source KIND`, so the shell gets its prompt back at once;
/// if that cannot start, it is finished here, bounded.
package enum LinkLeaving {
    /// The log of this process (`--log`), which the background wait writes
    /// its progress to as well; set once logging is set up.
    package static let logPath = Mutex<String?>(nil)

    /// Stops `source`; returns what is still happening in words ("Impress is
    /// still sending 23 slides; closing when it is done"), or nil when the
    /// link is already closed.
    @discardableResult
    package static func leave(_ source: SlideSource, logger: Logger) -> String? {
        guard let handOff = source.leave() else { return nil }
        let line = "\(handOff.waitDescription); closing the connection when it is done"
        do {
            guard let executable = Syscalls.ownExecutable() else { throw SystemCallError("readlink /proc/self/exe", errno: ENOENT) }
            defer { close(handOff.descriptor) }
            let pid = try Syscalls.spawnInBackground(executable, arguments: finishArguments(handOff, log: logPath.withLock { $0 }),
                                                     input: handOff.descriptor)
            logger.notice("\(line) (in the background, pid \(pid))")
        } catch {
            logger.warning("cannot finish in the background (\(error)); waiting here")
            handOff.finishHere { logger.notice("\($0)") }
        }
        return line
    }

    /// `finish-stream --source KIND [--log FILE] -- ARGUMENTS…`: the
    /// background process asks the kind to finish the hand-off.
    package static func finishArguments(_ handOff: SourceHandOff, log: String?) -> [String] {
        ["finish-stream", "--source", handOff.kind] + (log.map { ["--log", $0] } ?? []) + ["--"] + handOff.arguments
    }
}
