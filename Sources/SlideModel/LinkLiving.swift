/// A connection that lives a `LinkLife`: it knows how to connect, and its
/// actions can say what the life's steps say, so `follow` turns steps into
/// its own actions in one place for every source.
package protocol LinkLiving {
    associatedtype Action: LinkLifeAction
    var life: LinkLife { get set }
    /// Starts an attempt (and tells `life` so).
    mutating func connect() -> [Action]
}

/// The actions a link's life needs of a connection. A connection's `Action`
/// enum conforms by its cases alone (`emit`, `arm`, `cancel`, `log`).
package protocol LinkLifeAction {
    associatedtype Timer: CountdownTimer
    static func emit(_ event: SourceEvent) -> Self
    static func arm(_ timer: Timer, after: Duration) -> Self
    static func cancel(_ timer: Timer) -> Self
    static func log(_ level: SourceLogLevel, _ message: String) -> Self
}

/// A connection's timers have one for the countdown to the next attempt.
package protocol CountdownTimer {
    static var countdown: Self { get }
}

extension LinkLiving {
    /// The life's steps as this connection's actions, in order.
    package mutating func follow(_ steps: [LinkLife.Step]) -> [Action] {
        var actions: [Action] = []
        for step in steps {
            switch step {
            case .connect: actions += connect()
            case .tell(let state): actions.append(.emit(.link(state)))
            case .armCountdown(let delay): actions.append(.arm(.countdown, after: delay))
            case .cancelCountdown: actions.append(.cancel(.countdown))
            case .log(let level, let message): actions.append(.log(level, message))
            }
        }
        return actions
    }
}
