/// A kind with no address to connect to: its show runs inside this process
/// (the built-in demo). It is opened by a command of its own, named by its
/// id and the pad's default with no subcommand, which takes `commandOptions`
/// (declared by the registry, argument parsing being static) besides the
/// pad's own; the kind reads them back from `SourceSettings` in `makeSource`.
public protocol LocalSourceKind: SourceKind {
    /// The command's one line: "Open the pad on …".
    var commandAbstract: String { get }
    /// The command's help: what the show does, then "Examples:" (plain ASCII: the man page).
    var commandDiscussion: String { get }
    /// The command's own options, with their defaults in `help`'s words.
    var commandOptions: [SourceOption] { get }
}
