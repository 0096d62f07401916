#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SlideModel

/// What the environment changes for every source kind alike.
public enum SourceEnvironment {
    /// `CONTROLPAD_RECONNECT_MS` fixes the wait between reconnect attempts,
    /// for the fault-matrix end-to-end tests, which reconnect dozens of
    /// times; nil when it is not set (the kind's own backoff applies).
    public static var reconnectBackoff: ReconnectBackoff? {
        guard let text = getenv("CONTROLPAD_RECONNECT_MS").map({ String(cString: $0) }), let ms = Int(text), ms >= 0 else {
            return nil
        }
        return ReconnectBackoff(initial: .milliseconds(ms), maximum: .milliseconds(ms))
    }
}
