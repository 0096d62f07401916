/// What a source can do of what the pad's keys offer, as data the pad
/// receives (from its source kind): the help lists what it cannot do instead
/// of the keys sending nothing unexplained. The pad never asks which source
/// it drives; it reads this.
public struct SourceCapabilities: Sendable, Equatable {
    /// One key's meaning on this source, where it differs from the pad's.
    public struct Note: Sendable, Equatable {
        /// The action whose keys the note is about; nil for input that is no
        /// bound key (a click: `keysLabel`).
        public var action: Action?
        /// What to show for the keys when `action` is nil, e.g. "click".
        public var keysLabel: String
        public var summary: String

        public init(action: Action, summary: String) {
            self.action = action
            self.keysLabel = ""
            self.summary = summary
        }

        public init(keysLabel: String, summary: String) {
            self.action = nil
            self.keysLabel = keysLabel
            self.summary = summary
        }
    }

    /// The source's display name, for the heading of its notes: "On <name>".
    public var displayName: String
    public var pointer: Bool
    public var startStop: Bool
    /// The pairing step with a PIN typed into the presenting app.
    public var pairing: Bool
    /// The notes the help shows under "On <displayName>".
    public var notes: [Note]

    public init(displayName: String, pointer: Bool = true, startStop: Bool = true, pairing: Bool = false,
                notes: [Note] = []) {
        self.displayName = displayName
        self.pointer = pointer
        self.startStop = startStop
        self.pairing = pairing
        self.notes = notes
    }

    /// The notes with the keys in force: a note about an action with no key is left out.
    public func notes(_ bindings: KeyBindings) -> [(keys: String, summary: String)] {
        notes.compactMap { note in
            guard let action = note.action else { return (note.keysLabel, note.summary) }
            let keys = bindings.keys(for: action)
            return keys.isEmpty ? nil : (keys.map(\.symbol).joined(separator: " "), note.summary)
        }
    }
}
