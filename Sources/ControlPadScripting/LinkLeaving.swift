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
/// after this process is gone (`SlideSource.leave`) goes to a background
/// process, so the shell gets its prompt back at once: a link that must
/// stay until the show ends (Impress, after a blank ended while it was
/// open) to `controlpad keep-link`, which keeps it for `send` and the next
/// pad (one link per show); a stream that must not be cut off to `controlpad
/// finish-stream --source KIND`. Either gets the link over a local socket
/// (`LinkHandOver`), never on its command line. If that cannot start, it is
/// finished here, bounded.
package enum LinkLeaving {
    /// The log of this process (`--log`), which the background wait writes
    /// its progress to as well; set once logging is set up.
    package static let logPath = Mutex<String?>(nil)

    /// Stops `source`; returns what is still happening in words ("Impress is
    /// still sending 23 slides; closing when it is done"), or nil when the
    /// link is already closed. `keeper`: the arguments of a `controlpad send`
    /// to the same show, for a link that must stay to be kept by `keep-link`
    /// (nil: it is finished as a stream, as by a kept link leaving).
    @discardableResult
    package static func leave(_ source: SlideSource, logger: Logger, keeper: [String]? = nil) -> String? {
        guard let handOff = source.leave() else { return nil }
        defer { close(handOff.descriptor) }
        if handOff.holdsUntilShowEnds, let keeper, let server = keeper.dropFirst().first {
            let line = "\(handOff.waitDescription); a background `controlpad keep-link` keeps it (`controlpad links` shows it)"
            do {
                let pid = try start(["keep-link", server], with: LinkHandOver(handOff, arguments: keeper))
                logger.notice("\(line) (pid \(pid))")
                return line
            } catch {
                logger.warning("cannot start keep-link (\(error)); finishing the stream instead")
            }
        }
        let line = "\(handOff.waitDescription); closing the connection when it is done"
        do {
            let log = logPath.withLock { $0 }
            let pid = try start(["finish-stream", "--source", handOff.kind] + (log.map { ["--log", $0] } ?? []),
                                with: LinkHandOver(handOff, arguments: []))
            logger.notice("\(line) (in the background, pid \(pid))")
        } catch {
            logger.warning("cannot finish in the background (\(error)); waiting here")
            handOff.finishHere { logger.notice("\($0)") }
        }
        return line
    }

    /// Starts `controlpad ARGUMENTS…` in the background with `handOver` on its standard input.
    @discardableResult
    package static func start(_ arguments: [String], with handOver: LinkHandOver) throws -> pid_t {
        guard let executable = Syscalls.ownExecutable() else { throw SystemCallError("readlink /proc/self/exe", errno: ENOENT) }
        let (mine, theirs) = try DescriptorPassing.socketPair()
        defer { close(mine) }
        let pid: pid_t
        do {
            defer { close(theirs) }
            pid = try Syscalls.spawnInBackground(executable, arguments: arguments, input: theirs)
        }
        guard handOver.send(on: mine) else { throw SystemCallError("hand the link to pid \(pid)", errno: EPIPE) }
        return pid
    }
}
