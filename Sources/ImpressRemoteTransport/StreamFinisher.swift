import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SlideModel
import ImpressRemote
import Syscalls

/// A connection Impress is still streaming previews to, handed from a
/// process that is leaving to one that waits for the stream's end
/// (`PreviewStream` says why) and then closes it.
public struct StreamHandOff: Sendable {
    /// The connection's socket (a duplicate, closed on exec).
    public var descriptor: Int32
    /// The stream's state, its times relative to the hand-off.
    public var stream: PreviewStream
    /// How long the wait may still last at most.
    public var remaining: Duration

    /// What Impress told the connection (`ShowTranscript`), for a process that takes it over.
    public var transcript: [UInt8] = []

    public var slidesLeft: Int { stream.slidesLeft }

    /// The bytes the link travels with to another process (`ImpressLinkState`).
    public var state: [UInt8] { ImpressLinkState(stream: stream, remaining: remaining, transcript: transcript).bytes }
}

/// What an Impress link carries from one process to another, beside its
/// socket (`SourceHandOff.state`): its stream's state and how long the wait
/// may last, as a JSON line, then what Impress told it (`ShowTranscript`).
/// It travels over a local socket, never on a command line.
public struct ImpressLinkState: Sendable, Equatable {
    private struct Header: Codable {
        var stream: PreviewStream
        var remainingMs: Int64
    }

    public var stream: PreviewStream
    public var remaining: Duration
    public var transcript: [UInt8]

    public init(stream: PreviewStream, remaining: Duration, transcript: [UInt8]) {
        self.stream = stream
        self.remaining = remaining
        self.transcript = transcript
    }

    public var bytes: [UInt8] {
        let header = Header(stream: stream, remainingMs: Int64(remaining.clampedNanoseconds / 1_000_000))
        return ((try? JSONEncoder().encode(header)).map { Array($0) } ?? Array("{}".utf8)) + [0x0A] + transcript
    }

    public init?(bytes: [UInt8]) {
        guard let newline = bytes.firstIndex(of: 0x0A),
              let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<newline])) else { return nil }
        let longest = Int64(PreviewStream.showHoldLimit.clampedNanoseconds / 1_000_000)
        self.init(stream: header.stream, remaining: .milliseconds(max(0, min(header.remainingMs, longest))),
                  transcript: Array(bytes[(newline + 1)...]))
    }
}

/// The waiting side: reads what Impress still sends on `descriptor`
/// (discarding it, only following the stream's progress) until the stream
/// may close, then closes it. Blocks the calling thread.
public enum StreamFinisher {
    /// How often the wait says how far the stream has come.
    public static let progressEvery: Duration = .seconds(5)

    /// Waits on `descriptor` as `stream` (its times relative to now) says,
    /// for at most `within`, then closes it, saying how far the stream has
    /// come every `progressEvery` and how the wait ended through `say`.
    /// Returns the slides still to come when it closed (0: the stream completed).
    @discardableResult
    public static func finish(descriptor: Int32, stream handed: PreviewStream, within: Duration,
                              say: (String) -> Void = { _ in }) -> Int {
        let start = now()
        var stream = handed.rebased(from: .zero, to: start)
        let until = start + within
        var framer = ImpressFramer()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var nextWord = start + progressEvery
        var closedByImpress = false
        say("waiting for Impress's stream: \(stream.waitDescription)")
        while true {
            let current = now()
            let closesAt = stream.closesAt(deadline: until)
            guard current < closesAt else { break }
            if current >= nextWord {
                say("\(stream.waitDescription) (\(seconds(current - start)) waited)")
                nextWord = current + progressEvery
            }
            let wait = Int32(clamping: (min(closesAt, nextWord) - current).clampedNanoseconds / 1_000_000 + 1)
            guard Syscalls.poll([descriptor], timeout: wait)[0] != 0 else { continue }
            let n = read(descriptor, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { closedByImpress = true; break }  // nothing left to protect
            var messages: [[String]] = []
            do { try framer.feed(buffer[..<n], into: &messages) } catch { framer.reset() }
            let arrived = now()
            for message in messages { stream.note(message, now: arrived) }
        }
        close(descriptor)
        let waited = seconds(now() - start)
        if closedByImpress {
            say("Impress closed the connection after \(waited)")
        } else if stream.isComplete {
            say("Impress's stream is done after \(waited): closed")
        } else if now() >= until {
            say("closed at the safety net after \(waited), with \(stream.slidesLeft) slides still to come")
        } else {
            say("the stream went quiet for \(seconds(PreviewStream.quiet)) with \(stream.slidesLeft) slides still to come: closed after \(waited)")
        }
        return stream.isComplete ? 0 : stream.slidesLeft
    }

    private static func seconds(_ d: Duration) -> String {
        let tenths = d.clampedNanoseconds / 100_000_000
        return "\(tenths / 10).\(tenths % 10) s"
    }

    private static func now() -> Duration {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
    }
}
