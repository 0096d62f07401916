import NIOCore
import NIOPosix
import SlideModel
import Syscalls

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ImpressRemoteSource {
    /// A short reason for the status line.
    static func describe(_ error: Error) -> String {
        if let e = error as? ConnectError {
            switch e {
            case .hostNotFound: return LinkProblem.hostNotFound.reason
            case .timedOut: return LinkProblem.timedOut.reason
            case .failed(let code): return describe(IOError(errnoCode: code, reason: "connect"))
            }
        }
        if let e = error as? ChannelError, case .connectTimeout = e { return LinkProblem.timedOut.reason }
        if let e = error as? NIOConnectionError {
            if e.dnsAError != nil && e.dnsAAAAError != nil && e.connectionErrors.isEmpty {
                return LinkProblem.hostNotFound.reason
            }
            if let first = e.connectionErrors.first { return describe(first.error) }
        }
        if let e = error as? IOError {
            switch e.errnoCode {
            case ECONNREFUSED: return LinkProblem.refused.reason
            case ECONNRESET: return LinkProblem.reset.reason
            case EHOSTUNREACH, ENETUNREACH: return LinkProblem.unreachable.reason
            case ETIMEDOUT: return LinkProblem.timedOut.reason
            default: return e.description
            }
        }
        if error is ChannelError { return "connection error: \(error)" }
        return "\(error)"
    }
}
