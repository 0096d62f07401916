/// Where ControlPad keeps what it remembers between runs (pairings, layouts,
/// talk timers, crash reports): `$XDG_STATE_HOME/controlpad`, by default
/// `~/.local/state/controlpad`. One answer for every target, computed from
/// the environment it is given (no file is touched here).
public enum StateDirectory {
    /// The directory's absolute path, or nil with no usable XDG_STATE_HOME nor HOME.
    public static func path(environment: [String: String]) -> String? {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = String(xdg.reversed().drop { $0 == "/" }.reversed())
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = String(home.reversed().drop { $0 == "/" }.reversed()) + "/.local/state"
        } else {
            return nil
        }
        return base + "/controlpad"
    }

    /// A file in the directory, e.g. "layouts.json".
    public static func file(_ name: String, environment: [String: String]) -> String? {
        path(environment: environment).map { $0 + "/" + name }
    }
}
