import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import Synchronization
import RemoteTransport
import SlideModel
import Syscalls

/// How every command leaves a link to Impress. The source stops at once
/// (nothing reaches the screen or stdout after that). While Impress is still
/// streaming the connection a show's previews, the socket must stay open
/// (`PreviewStream`): that wait goes to a background `controlpad
/// finish-stream`, so the shell gets its prompt back at once; if that cannot
/// start, the wait happens here, bounded.
package enum LinkLeaving {
    /// The log of this process (`--log`), which the background wait writes
    /// its progress to as well; set once logging is set up.
    package static let logPath = Mutex<String?>(nil)

    /// Stops `source`; returns what is still happening in words ("Impress is
    /// still sending 23 slides; closing when it is done"), or nil when the
    /// link is already closed.
    @discardableResult
    package static func leave(_ source: SlideSource, logger: Logger) -> String? {
        source.shutdown()
        guard let remote = source as? ImpressRemoteSource, let handOff = remote.handOff() else { return nil }
        let line = "\(handOff.stream.waitDescription); closing the connection when it is done"
        do {
            guard let executable = Syscalls.ownExecutable() else { throw SystemCallError("readlink /proc/self/exe", errno: ENOENT) }
            let pid = try StreamFinisher.spawn(handOff, executable: executable, log: logPath.withLock { $0 })
            logger.notice("\(line) (in the background, pid \(pid))")
        } catch {
            logger.warning("cannot finish Impress's stream in the background (\(error)); waiting here")
            StreamFinisher.finish(descriptor: handOff.descriptor, stream: handOff.stream, within: handOff.remaining) {
                logger.notice("\($0)")
            }
        }
        return line
    }
}
