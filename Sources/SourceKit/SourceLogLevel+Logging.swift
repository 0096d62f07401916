import Logging
import SlideModel

extension Logger.Level {
    /// A source machine's level (`SourceLogLevel`, free of the logging
    /// library) as its driver's logger takes it.
    public init(_ level: SourceLogLevel) {
        switch level {
        case .trace: self = .trace
        case .debug: self = .debug
        case .info: self = .info
        case .notice: self = .notice
        case .warning: self = .warning
        case .error: self = .error
        }
    }
}
