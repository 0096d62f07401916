import Syscalls
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What tmux knows of the terminal outside it: its client's features
/// (`#{client_termfeatures}`, tmux 3.2 and later), which name `sixel` when
/// that terminal answered DA1 with 4. Inside tmux the pad cannot ask the
/// terminal outside itself: tmux 3.4 and later built with sixel answer DA1
/// with 4 whatever is outside, and draw a box where the terminal there
/// cannot show sixel (tmux 3.5a seen here: xterm as vt100 and as vt340 both
/// get 4; only the vt340's client features name sixel).
package enum TmuxClientFeatures {
    /// Asks the tmux server in `environment["TMUX"]` (its socket, the first
    /// field) for the features of the client showing `TMUX_PANE`; nil
    /// outside tmux, when tmux does not answer within 1 s, or says nothing
    /// (a tmux before 3.2).
    package static func ofClient(environment: [String: String]) -> Set<String>? {
        guard let tmux = environment["TMUX"], let socket = tmux.split(separator: ",").first, !socket.isEmpty else { return nil }
        var arguments = ["-S", String(socket), "display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        guard let child = try? Syscalls.spawnWithPipes("tmux", arguments: arguments + ["#{client_termfeatures}"]) else { return nil }
        close(child.input)
        defer {
            close(child.output)
            Syscalls.end(child.pid, grace: .milliseconds(200))
        }
        return LocalSocket.readLine(child.output, timeoutMs: 1000).flatMap(parse)
    }

    /// "256,RGB,sixel,title" as a set; nil for an empty answer.
    package static func parse(_ line: String) -> Set<String>? {
        let features = Set(line.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty })
        return features.isEmpty ? nil : features
    }
}
