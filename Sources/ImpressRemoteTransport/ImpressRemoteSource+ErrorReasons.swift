import ImpressRemote
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
    /// The problem an error is, typed (the catalogue's, or the error's own words).
    static func problem(_ error: Error) -> LinkProblem {
        if let e = error as? ConnectError {
            switch e {
            case .hostNotFound: return ImpressProblem.hostNotFound.problem
            case .timedOut: return ImpressProblem.timedOut.problem
            case .failed(let code): return problem(IOError(errnoCode: code, reason: "connect"))
            }
        }
        if let e = error as? ChannelError, case .connectTimeout = e { return ImpressProblem.timedOut.problem }
        if let e = error as? NIOConnectionError {
            if e.dnsAError != nil && e.dnsAAAAError != nil && e.connectionErrors.isEmpty {
                return ImpressProblem.hostNotFound.problem
            }
            if let first = e.connectionErrors.first { return problem(first.error) }
        }
        if let e = error as? IOError {
            switch e.errnoCode {
            case ECONNREFUSED: return ImpressProblem.refused.problem
            case ECONNRESET: return ImpressProblem.reset.problem
            case EHOSTUNREACH, ENETUNREACH: return ImpressProblem.unreachable.problem
            case ETIMEDOUT: return ImpressProblem.timedOut.problem
            default: return ImpressProblem.unexplained(e.description)
            }
        }
        if error is ChannelError { return ImpressProblem.unexplained("connection error: \(error)") }
        return ImpressProblem.unexplained("\(error)")
    }
}
