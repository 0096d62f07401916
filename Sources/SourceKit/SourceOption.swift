import SlideModel

/// One command-line option of a source kind, as data: the registry declares
/// it (argument parsing is static), the kind gives its meaning and help and
/// reads its value back from `SourceSettings`.
public struct SourceOption: Sendable, Equatable {
    /// The long name without dashes ("password"); also its setting's name.
    public var name: String
    /// The value's name in the help ("PASSWORD").
    public var valueName: String
    public var help: String

    public init(name: String, valueName: String, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }
}

/// One config key of a source kind: `key` at the top level of config.toml
/// (e.g. "pdfpc-password") or `setting` in its `[source.ID]` table, read
/// into the setting `setting`. A command-line option of the same name wins.
public struct SourceConfigKey: Sendable, Equatable {
    /// The kind's id.
    public var source: String
    /// The top-level key, if it has one.
    public var key: String?
    /// The setting it fills (and its name in `[source.ID]`).
    public var setting: String
    public var help: String

    public init(source: String, key: String?, setting: String, help: String) {
        self.source = source
        self.key = key
        self.setting = setting
        self.help = help
    }
}

/// The values a kind is handed: its options as given on the command line,
/// then its config keys for the ones not given.
public struct SourceSettings: Sendable, Equatable {
    public var values: [String: String]

    public init(_ values: [String: String] = [:]) { self.values = values }

    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// These settings, with `fallback`'s for the names not set here.
    public func over(_ fallback: [String: String]) -> SourceSettings {
        SourceSettings(values.merging(fallback) { mine, _ in mine })
    }
}

/// What the pad's help says about the keys on one source, as data (the pad
/// draws it): a heading, and per key or click what it does there.
public struct SourceHelpNotes: Sendable, Equatable {
    public enum Trigger: Sendable, Equatable {
        /// A mouse click on the slide.
        case click
        /// The keys bound to an action (the note is left out when none is).
        case action(Action)
    }

    public typealias Item = (trigger: Trigger, summary: String)

    public var heading: String
    public var items: [Item]

    public init(heading: String, items: [Item]) {
        self.heading = heading
        self.items = items
    }

    public static func == (a: SourceHelpNotes, b: SourceHelpNotes) -> Bool {
        a.heading == b.heading && a.items.map(\.trigger) == b.items.map(\.trigger) && a.items.map(\.summary) == b.items.map(\.summary)
    }
}
