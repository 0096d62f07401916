#if canImport(Glibc)
import Glibc
#endif

/// Lines to stdout for `watch`, each written at once (unbuffered) so a pipe reader sees
/// it as it happens. A closed stdout (the reader went away: `| head -3`)
/// is reported as false instead of killing the process with SIGPIPE.
package enum LineOutput {
    /// Call once before writing: a closed pipe then fails the write instead.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Writes `line` and a newline to stdout; false if stdout is closed.
    package static func write(_ line: String) -> Bool {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }
}
