#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import NIOPosix
import SlideModel

extension NetworkFailure {
    /// NIO's errors in a source's words, by one rule for every network
    /// driver (a driver checks its own error types first: TLS, an answer
    /// too large, HTTP that is not HTTP).
    public static func classifying(_ error: any Error) -> Self {
        if let failure = error as? Self { return failure }
        if let e = error as? NIOConnectionError {
            if let first = e.connectionErrors.first { return classifying(first.error) }
            return .hostNotFound
        }
        if let e = error as? IOError {
            switch e.errnoCode {
            case ECONNREFUSED: return .refused
            case ECONNRESET, EPIPE: return .reset
            case EHOSTUNREACH, ENETUNREACH: return .unreachable
            case ETIMEDOUT: return .timedOut
            default: return .other(e.description)
            }
        }
        if let e = error as? ChannelError {
            switch e {
            case .connectTimeout: return .timedOut
            case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: return .reset
            default: return .other("\(e)")
            }
        }
        let text = "\(error)"
        if text.contains("connectionRefused") || text.contains("onnection refused") { return .refused }
        if text.contains("Connection reset") { return .reset }
        return .other(text)
    }
}
