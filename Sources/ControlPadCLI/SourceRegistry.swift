import ArgumentParser
import ControlPadUI
import Logging
import PadConfig
import PdfpcTransport
import ImpressRemoteTransport
import ImpressUNOTransport
import RevealJSTransport
import SlideModel
import DemoSource
import SourceKit

/// The one list of source kinds, and the one file outside a source's own
/// targets that names them: every command, the config and scripting ask it
/// which kind an address is and what that kind offers, never branch on it.
/// A new source adds one line to `kinds` and its options to `SourceOptions`
/// (docs/ARCHITECTURE.md, "Adding a source").
enum SourceRegistry {
    /// Every kind; the first is the default, for an address without a scheme.
    static let kinds: [any SourceKind] = [ImpressKind(), ImpressUNOKind(), PdfpcKind(), RevealKind(), DemoKind()]

    /// The kind an address without a scheme is.
    static var defaultKind: any SourceKind { kinds[0] }

    /// The kind with no address, opened by its own command (the pad's default).
    static let localKind: any LocalSourceKind = kinds.lazy.compactMap { $0 as? any LocalSourceKind }.first!

    /// The kind `address` names by its scheme, else the default kind.
    static func kind(for address: String) -> any SourceKind {
        kinds.first { $0.claims(address) } ?? defaultKind
    }

    /// The kind with this id (`finish-stream --source ID`).
    static func kind(id: String) -> (any SourceKind)? {
        kinds.first { $0.id == id }
    }

    /// `address`'s kind and the address as shown, or a usage error saying what is wrong.
    @discardableResult
    static func check(_ address: String) throws -> (kind: any SourceKind, shown: String) {
        // `http://…` would otherwise read as an IPv6 host for the default kind.
        if let colon = address.firstIndex(of: ":"), address[colon...].hasPrefix("://"), !kinds.contains(where: { $0.claims(address) }) {
            let word = String(address[..<colon]) + "://"
            let others = networkKinds.dropFirst().map(\.addressForm)
            throw ValidationError("\(word.debugDescription) is no source's address: give HOST[:PORT] for \(defaultKind.displayName)"
                + (others.isEmpty ? "" : ", or " + list(others, joinedBy: " or ")))
        }
        let kind = kind(for: address)
        do {
            return (kind, try kind.parse(address))
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The kind `controlpad discover` searches for: the first that can.
    static var discoverer: any SourceDiscoverer {
        kinds.lazy.compactMap(\.discoverer).first!
    }

    /// The kinds `controlpad present` can start an app with.
    static var launchers: [any SourceKindLauncher] { kinds.compactMap { $0 as? any SourceKindLauncher } }

    /// The kind that presents `file` (by its extension), if one does.
    static func launcher(for file: String) -> (any SourceKindLauncher)? {
        launchers.first { $0.presents(file) }
    }

    /// Every kind's config keys, for the config reader.
    /// Every kind's config keys, and its options as settings of its
    /// `[source.ID]` table (`[source.reveal] allow-remote = true`): the config
    /// reads them, says a misspelt one, and `--print-default` lists them.
    static var configKeys: [SourceConfigKey] {
        kinds.flatMap { kind in
            let declared = kind.configKeys
            return declared + kind.options.filter { option in !declared.contains { $0.setting == option.name } }.map {
                SourceConfigKey(source: kind.id, key: nil, setting: $0.name, help: $0.help)
            }
        }
    }

    /// The config file, with the kinds' keys known.
    static func readConfig(path: String?) -> LoadedConfig {
        ConfigLoader.read(path: path, sourceKeys: configKeys)
    }

    /// The option `name` some kind declares, as ArgumentParser shows it.
    static func help(_ name: String) -> ArgumentHelp {
        help(name, among: kinds.flatMap(\.options))
    }

    /// The option `name` of the local kind's own command.
    static func localHelp(_ name: String) -> ArgumentHelp {
        help(name, among: localKind.commandOptions)
    }

    private static func help(_ name: String, among options: [SourceOption]) -> ArgumentHelp {
        guard let option = options.first(where: { $0.name == name }) else {
            return ArgumentHelp("(no source kind declares --\(name))")
        }
        return ArgumentHelp(option.help, valueName: option.valueName)
    }

    // MARK: - Words for the commands' help, from the kinds

    /// "LibreOffice Impress or pdfpc" style: the kinds that take an address, by display name.
    static var names: String {
        list(networkKinds.map(\.displayName))
    }

    /// The kinds `controlpad doctor` can check.
    static var doctorKinds: [any SourceKindDoctor] { kinds.compactMap { $0 as? any SourceKindDoctor } }

    /// The kinds a command can be pointed at (a local kind has its own command).
    /// The kinds whose shows want one link each (`SourceCapabilities.oneKeptLink`), named: "Impress".
    static var oneLinkNames: String {
        list(networkKinds.filter { $0.capabilities.contains(.oneKeptLink) }.map(\.displayName))
    }

    static var networkKinds: [any SourceKind] { kinds.filter { !($0 is any LocalSourceKind) } }

    /// The address argument's help: the default kind's form, then every scheme.
    static var addressHelp: String {
        let others = networkKinds.dropFirst().map(\.addressForm)
        return "The computer running \(defaultKind.displayName), e.g. 192.0.2.7, laptop.local:1599 or [::1]:1599 "
            + "(default: the config's server)" + (others.isEmpty ? "." : "; or " + list(others, joinedBy: " or ") + ".")
    }

    /// "Drive a running LibreOffice Impress over the network (Impress Remote), or a pdfpc (...)".
    static var summaries: String {
        list(networkKinds.map(\.summary), joinedBy: ", or ")
    }

    /// An example address per kind, for the commands' examples.
    static let exampleAddresses: [String] = ["192.168.1.20", "uno:talk", "pdfpc://127.0.0.1 --password secret", "reveal://127.0.0.1:9222"]

    /// What a move does while `kind`'s screen is blank, as the kind declares
    /// (every kind here does: `SourceRegistryTests`); a kind that said
    /// nothing gets the plain rule, a move ends the blank and moves.
    static func movesWhileBlank(_ kind: any SourceKind) -> MovesWhileBlank {
        (kind as? any DeclaresMovesWhileBlank)?.movesWhileBlank ?? .endBlankAndMove
    }

    /// The pad's settings on `kind`: what its keys do there (the stop key's
    /// words on a show that always presents, where ← heads while blank).
    static func padSettings(_ settings: PadSettings, for kind: any SourceKind) -> PadSettings {
        var settings = settings
        settings.noShowToStop = kind.noShowToStop
        settings.movesWhileBlank = movesWhileBlank(kind)
        settings.picturesAtSteps = kind.capabilities.contains(.picturesAtSteps)
        settings.inkOffer = kind.capabilities.contains(.ink) ? InkOffer(sourceName: kind.displayName, placesStrokes: true)
            : kind.capabilities.contains(.ownPen) ? InkOffer(sourceName: kind.displayName, placesStrokes: false) : nil
        return settings
    }

    /// The pad's help notes for `kind`, with the keys bound in `bindings`.
    static func helpNotes(_ kind: any SourceKind, bindings: KeyBindings) -> HelpView.SourceNotes? {
        guard let notes = kind.helpNotes else { return nil }  // capabilities, then the kind's own words
        let items = notes.items.compactMap { item -> (keys: String, summary: String)? in
            switch item.trigger {
            case .click: return ("click", item.summary)
            case .action(let action):
                let keys = bindings.keys(for: action)
                return keys.isEmpty ? nil : (keys.map(\.symbol).joined(separator: " "), item.summary)
            }
        }
        return HelpView.SourceNotes(heading: notes.heading, items: items)
    }

    private static func list(_ items: [String], joinedBy last: String = " or ") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + last + items.last!
    }
}

/// The options of every source kind, one group on every command that makes
/// a source (argument parsing is static, so the union is declared here; each
/// kind gives an option's help and checks and reads its value).
struct SourceOptions: ParsableArguments {
    @Option(help: SourceRegistry.help("name"))
    var name: String?

    @Option(help: SourceRegistry.help("pin"))
    var pin: String?

    @Option(help: SourceRegistry.help("password"))
    var password: String?

    @Option(help: SourceRegistry.help("trust"))
    var trust: String?

    @Flag(name: .customLong("allow-remote"), help: SourceRegistry.help("allow-remote"))
    var allowRemote = false

    /// The options given, as command-line words again (for a `send` to the
    /// same show that a background keeper reads: `LinkHandOver`).
    var arguments: [String] {
        [("name", name), ("pin", pin), ("password", password), ("trust", trust)].flatMap { option, value in
            value.map { ["--\(option)", $0] } ?? []
        } + (allowRemote ? ["--allow-remote"] : [])
    }

    /// What was given on the command line, by option name.
    var given: SourceSettings {
        var settings = SourceSettings()
        settings["name"] = name
        settings["pin"] = pin
        settings["password"] = password
        settings["trust"] = trust
        if allowRemote { settings["allow-remote"] = "true" }
        return settings
    }

    func validate() throws {
        for kind in SourceRegistry.kinds {
            do {
                try kind.validate(given)
            } catch {
                throw ValidationError(error.description)
            }
        }
    }

    /// The settings `kind` is handed: the options given, then the config's.
    func settings(for kind: any SourceKind, config: PadConfig) -> SourceSettings {
        given.over(config.sources[kind.id] ?? [:])
    }
}

/// The options of the local kind's own command (`LocalSourceCommand`): the
/// demo's knobs. Declared here, as `SourceOptions` are; the kind checks and
/// reads them.
struct LocalSourceOptions: ParsableArguments {
    @Option(help: SourceRegistry.localHelp("seed"))
    var seed: String = "1"

    @Option(help: SourceRegistry.localHelp("latency"))
    var latency: String = "20-400"

    @Option(help: SourceRegistry.localHelp("drop"))
    var drop: String = "0.1"

    @Option(help: SourceRegistry.localHelp("slides"))
    var slides: String?

    /// What was given (or defaults), by option name.
    var given: SourceSettings {
        var settings = SourceSettings(["seed": seed, "latency": latency, "drop": drop])
        settings["slides"] = slides
        return settings
    }
}
