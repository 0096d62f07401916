import SlideModel
import TOMLKit

/// `[keys]`: one key, one action. Setting an action replaces its default
/// keys. A key name that is not a key is left out; a key given to two
/// actions goes to neither of the actions the file names (a default
/// binding of an action the file leaves alone stays); an action left with
/// no key keeps its default keys (those no other action took). Each of
/// these is a problem naming what it is about.
package struct KeyBindingsReader {
    package let settings: SettingsReader
    private(set) var problems: [ConfigProblem] = []

    package init(settings: SettingsReader) {
        self.settings = settings
    }

    private struct Setting {
        var action: Action
        var keys: [Key]
        var line: Int?
        var givenEmpty: Bool
    }

    package mutating func read(_ table: TOMLTable) -> KeyBindings {
        var settings: [Setting] = []
        for (name, value) in table {
            let at = self.settings.line(of: name, section: "keys")
            guard let action = Action(rawValue: name) else {
                note(at, "unknown action \"\(name)\" (known: \(Action.allCases.map(\.rawValue).joined(separator: ", ")))"
                     + DidYouMean.suffix(name, in: Action.allCases.map(\.rawValue)))
                continue
            }
            let names: [String]
            if let one = value.string { names = [one] }
            else if let array = value.array, array.allSatisfy({ $0.string != nil }) { names = array.compactMap(\.string) }
            else {
                note(at, "keys.\(name) must be a key name or a list of them, e.g. [\"Right\", \"n\"]")
                continue
            }
            var keys: [Key] = []
            for keyName in names {
                guard let key = Key(name: keyName) else {
                    note(at, "\"\(keyName)\" is not a key (e.g. \"Right\", \"Space\", \"PgDn\", \"F5\", \"S-F5\", \"C-c\", \"q\"); \(name) goes without it")
                    continue
                }
                if !keys.contains(key) { keys.append(key) }
            }
            settings.append(Setting(action: action, keys: keys, line: at, givenEmpty: names.isEmpty))
        }
        settings.sort { ($0.line ?? Int.max, $0.action.rawValue) < ($1.line ?? Int.max, $1.action.rawValue) }
        return resolve(settings)
    }

    private mutating func resolve(_ settings: [Setting]) -> KeyBindings {
        let standard = KeyBindings.standard
        let named = Set(settings.map(\.action))
        var keys: [Action: [Key]] = [:]
        for action in Action.allCases where !named.contains(action) { keys[action] = standard.keys(for: action) }
        for setting in settings { keys[setting.action] = setting.keys }

        // One key, one action.
        var claims: [Key: [Action]] = [:]
        for action in Action.allCases { for key in keys[action] ?? [] { claims[key, default: []].append(action) } }
        for (key, actions) in claims.sorted(by: { $0.key.name < $1.key.name }) where actions.count > 1 {
            let inFile = settings.filter { actions.contains($0.action) }
            let byDefault = actions.filter { !named.contains($0) }
            let names = inFile.map { "\($0.action.rawValue)\($0.line.map { " (line \($0))" } ?? "")" }
                + byDefault.map { "\($0.rawValue) (by default)" }
            let outcome = byDefault.isEmpty
                ? "neither gets it"
                : "it stays \(byDefault.map(\.rawValue).joined(separator: " and "))'s (rebind that too to move it)"
            note(inFile.last?.line, "\"\(key.name)\" is bound to both \(names.joined(separator: " and ")): \(outcome)")
            for setting in inFile { keys[setting.action]?.removeAll { $0 == key } }
        }

        // No action without a key.
        let taken = Set(keys.values.joined())
        for setting in settings where keys[setting.action]?.isEmpty ?? true {
            let fallback = standard.keys(for: setting.action).filter { !taken.contains($0) }
            keys[setting.action] = fallback
            let kept = fallback.isEmpty ? "and its default keys are taken: it has none"
                : "it keeps \(fallback.map(\.name).joined(separator: " "))"
            note(setting.line, "\(setting.action.rawValue) is left with no key (\(setting.givenEmpty ? "[] given" : "none of its keys applies")): \(kept)")
        }

        var bindings = KeyBindings([:])
        for (action, list) in keys { for key in list { bindings.bind(key, to: action) } }
        return bindings
    }

    private mutating func note(_ line: Int?, _ message: String) {
        problems.append(settings.bad(line, message).problem)
    }
}
