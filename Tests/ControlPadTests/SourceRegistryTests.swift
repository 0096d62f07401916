import ArgumentParser
import XCTest
@testable import ControlPadCLI
@testable import ControlPadScripting
@testable import ControlPadUI
@testable import PadConfig
import SlideModel
import SourceKit

/// The command line, the config and scripting ask the registry of source
/// kinds, never branch: an address's scheme picks the kind, every kind's
/// options are on every command that makes a source, its config keys are
/// read, and what it still has to finish is handed to the kind by id.
final class SourceRegistryTests: XCTestCase {
    func testTheSchemePicksTheKindAndAPlainAddressIsTheDefaultKinds() throws {
        XCTAssertEqual(SourceRegistry.kind(for: "192.0.2.7").id, "impress")
        XCTAssertEqual(SourceRegistry.kind(for: "[::1]:1599").id, "impress")
        XCTAssertEqual(SourceRegistry.kind(for: "impress://laptop.local:1600/").id, "impress")
        XCTAssertEqual(SourceRegistry.kind(for: " PDFPC://127.0.0.1").id, "pdfpc")
        XCTAssertEqual(SourceRegistry.kind(for: "pdfpcs://127.0.0.1").id, "pdfpc")
        XCTAssertEqual(SourceRegistry.kind(for: "demo://").id, "demo")
        XCTAssertEqual(try SourceRegistry.check("impress://laptop.local:1600/").shown, "laptop.local:1600")
        XCTAssertEqual(try SourceRegistry.check("pdfpc://127.0.0.1").shown, "pdfpc://127.0.0.1:8088")
        XCTAssertEqual(try SourceRegistry.check("127.0.0.1").shown, "127.0.0.1:1599")
    }

    func testAWrongAddressIsSaidByItsKind() {
        XCTAssertThrowsError(try SourceRegistry.check("pdfpc://host:0")) { error in
            XCTAssertTrue("\(error)".contains("a pdfpc is pdfpc://HOST[:PORT]"), "\(error)")
        }
        // A scheme no kind takes is not read as an IPv6 host "http://127.0.0.1".
        XCTAssertThrowsError(try SourceRegistry.check("http://127.0.0.1:9")) { error in
            XCTAssertTrue("\(error)".hasPrefix(#""http://" is no source's address: give HOST[:PORT] for Impress, or uno:NAME, pdfpc://"#),
                          "\(error)")
        }
        XCTAssertThrowsError(try SendCommand.parse(["host:99999", "next"])) { error in
            XCTAssertTrue(SendCommand.message(for: error).contains("is not a port"), SendCommand.message(for: error))
        }
    }

    /// A kind's option that no command declared would be unusable: every
    /// option of every kind is in the help of every command that makes a source.
    func testEveryKindsOptionsAreOnEveryCommandThatMakesASource() {
        let declared = SourceRegistry.kinds.flatMap(\.options).map { "--" + $0.name }
        XCTAssertFalse(declared.isEmpty)
        for command in [ConnectCommand.self, SendCommand.self, WatchCommand.self] as [ParsableCommand.Type] {
            let help = ControlPadCommand.helpMessage(for: command, columns: 200)
            for option in declared {
                XCTAssertTrue(help.contains(option + " "), "\(command.configuration.commandName ?? ""): \(option)")
            }
            XCTAssertFalse(help.contains("no source kind declares"), help)
        }
    }

    /// Each kind checks its own options, whichever address is given.
    func testTheKindsValidateTheirOptions() {
        XCTAssertThrowsError(try SendCommand.parse(["pdfpc://127.0.0.1", "next", "--pin", "12ab"])) { error in
            XCTAssertTrue(SendCommand.message(for: error).contains("--pin must be 1 to 16 digits"), SendCommand.message(for: error))
        }
        XCTAssertThrowsError(try WatchCommand.parse(["127.0.0.1", "--trust", "/nonexistent/cert.pem"])) { error in
            XCTAssertTrue(WatchCommand.message(for: error).contains("cannot read --trust"), WatchCommand.message(for: error))
        }
    }

    /// A kind's settings: the option given wins, then `[source.ID]`, then
    /// the top-level key the kind declares; a wrong value is one problem.
    func testTheConfigReadsAKindsSettingsGenerically() throws {
        func read(_ text: String) -> LoadedConfig {
            ConfigLoader(file: "config.toml", text: text, sourceKeys: SourceRegistry.configKeys).parse()
        }
        let top = read("pdfpc-password = \"top\"\nanimation = false\n")
        XCTAssertEqual(top.problems, [])
        XCTAssertEqual(top.config.sources["pdfpc"]?["password"], "top")
        let both = read("pdfpc-password = \"top\"\n[source.pdfpc]\npassword = \"table\"\n")
        XCTAssertEqual(both.config.sources["pdfpc"]?["password"], "table", "the kind's own table says it more precisely")
        let bad = read("animation = false\n[source.pdfpc]\npassword = 42\ntrust = \"ca.pem\"\n")
        XCTAssertEqual(bad.problems.count, 1, "\(bad.problems)")
        XCTAssertEqual(bad.problems.first?.line, 3)
        XCTAssertEqual(bad.config.sources["pdfpc"]?["trust"], "ca.pem", "the rest applies")
        XCTAssertFalse(bad.config.animation)

        let options = try ConnectCommand.parse(["pdfpc://127.0.0.1", "--password", "given"]).source
        let kind = SourceRegistry.kind(for: "pdfpc://127.0.0.1")
        XCTAssertEqual(options.settings(for: kind, config: both.config)["password"], "given")
        XCTAssertEqual(try ConnectCommand.parse([]).source.settings(for: kind, config: both.config)["password"], "table")
        XCTAssertTrue(DefaultConfig.text(sourceKeys: SourceRegistry.configKeys).contains("# pdfpc-password = "))
    }

    /// A kind's options are settings of its `[source.ID]` table: a flag may
    /// be written as one, a misspelt setting is said with its line, and the
    /// default config lists them.
    func testAKindsOptionsAreSettingsOfItsTable() throws {
        func read(_ text: String) -> LoadedConfig {
            ConfigLoader(file: "config.toml", text: text, sourceKeys: SourceRegistry.configKeys).parse()
        }
        let reveal = SourceRegistry.kind(for: "reveal://127.0.0.1:9222")
        let flag = read("[source.reveal]\nallow-remote = true\n")
        XCTAssertEqual(flag.problems, [])
        XCTAssertEqual(try ConnectCommand.parse([]).source.settings(for: reveal, config: flag.config)["allow-remote"], "true")
        let typo = read("animation = false\n[source.reveal]\nallow-remot = true\n")
        XCTAssertEqual(typo.problems.map(\.line), [3])
        XCTAssertEqual(typo.problems.first?.message, "unknown setting \"allow-remot\" in [source.reveal] (known: allow-remote)")
        XCTAssertTrue(DefaultConfig.text(sourceKeys: SourceRegistry.configKeys).contains("# [source.reveal]\n"))
    }

    func testAServerWithAKindsSchemeIsLeftToTheCommand() {
        let config = ConfigLoader(file: "config.toml", text: "server = \"pdfpc://laptop.local\"\n").parse()
        XCTAssertEqual(config.problems, [])
        XCTAssertEqual(config.config.server, "pdfpc://laptop.local")
        XCTAssertEqual(ConfigLoader(file: "config.toml", text: "server = \"a b\"\n").parse().problems.first?.key, "server")
    }

    /// What a source must still finish goes to `finish-stream --source KIND`,
    /// which asks the kind named there; the link and its state come on its
    /// standard input, never on its command line; an unknown kind is a usage error.
    func testAHandOffIsFinishedByTheKindItNames() throws {
        let command = try XCTUnwrap(try ControlPadCommand.parseAsRoot(["finish-stream", "--source", "impress", "--log", "/tmp/x.log"])
            as? FinishStreamCommand)
        XCTAssertEqual(command.source, "impress")
        XCTAssertThrowsError(try ControlPadCommand.parseAsRoot(["finish-stream", "--source", "impress", "--", "--state", "{}"]),
                             "no state on the command line any more")
        XCTAssertThrowsError(try FinishStreamCommand.parse(["--source", "nothing"]).run())
    }

    /// The pad's help says what a source cannot do from its capabilities,
    /// in its own name, with the keys bound to each action; a source that
    /// can do it all needs no notes.
    func testTheHelpNotesComeFromTheCapabilities() throws {
        let pdfpc = try XCTUnwrap(SourceRegistry.helpNotes(SourceRegistry.kind(for: "pdfpc://h"), bindings: .standard))
        XCTAssertEqual(pdfpc.heading, "On pdfpc")
        XCTAssertEqual(pdfpc.items.map(\.summary), [
            "no show to stop: pdfpc presents until it quits",
            "nothing to start: pdfpc always presents", "next page (a Beamer overlay is one)",
            "hold on the slide: pdfpc's own pointer follows",
            "pdfpc's pen on / off, red: it draws with the presenting computer's mouse",
            "pdfpc's clearDrawing: the slide's drawing goes",
        ])
        XCTAssertEqual(pdfpc.items.first { $0.summary.contains("pointer") }?.keys, "click")
        XCTAssertEqual(pdfpc.items.first { $0.summary.contains("pen") }?.keys, "i")
        let impress = try XCTUnwrap(SourceRegistry.helpNotes(SourceRegistry.kind(for: "127.0.0.1"), bindings: .standard))
        XCTAssertEqual(impress.items.map(\.summary), ["no ink: Impress takes no strokes from the pad",
                                                      "while blank: the slides come back on the same slide (LibreOffice)"],
                       "Impress has the laser, no ink; ← while blank is its own")
        XCTAssertEqual(impress.items.first?.keys, "i")
        let reveal = try XCTUnwrap(SourceRegistry.helpNotes(SourceRegistry.kind(for: "reveal://127.0.0.1:9222"), bindings: .standard))
        XCTAssertFalse(reveal.items.contains { $0.summary.contains("no laser") || $0.summary.contains("no ink") },
                       "reveal.js takes the pointer and ink from the pad")
    }

    /// The help's "while blank, a move brings the slides back" is true on
    /// every source; where ← lands then is each source's own, and said.
    func testWhatThePreviousKeyDoesWhileBlankIsSaidPerSource() throws {
        let reveal = try XCTUnwrap(SourceRegistry.helpNotes(SourceRegistry.kind(for: "reveal://127.0.0.1:9222"), bindings: .standard))
        let back = reveal.items.first { $0.summary.hasPrefix("while blank") }
        XCTAssertEqual(back?.keys.hasPrefix("←"), true, "on the keys bound to previous")
        XCTAssertEqual(back?.summary, "while blank: the slides come back, one step back")
        XCTAssertTrue(reveal.items.contains { $0.summary == "reveal.js's pause (the screen goes black; one made in the browser shows as BLANK)" })
    }
    /// What a move does while the screen is blank is each kind's to say
    /// (issue 48): every kind of the registry declares it (none is left to
    /// the plain rule unsaid), the pad is told it as the commands start it,
    /// and the help says what that source's show does.
    func testEveryKindSaysWhatAMoveDoesWhileBlankAndThePadAndItsHelpSayIt() throws {
        for kind in SourceRegistry.kinds {
            let declared = try XCTUnwrap(kind as? any DeclaresMovesWhileBlank, "\(kind.id) declares movesWhileBlank in its kind's file")
            let settings = SourceRegistry.padSettings(PadSettings(), for: kind)
            XCTAssertEqual(settings.movesWhileBlank, declared.movesWhileBlank, kind.id)
            let help = HelpView.format(HelpView.entries(.standard, moves: settings.movesWhileBlank)).joined(separator: "\n")
            let stays = help.contains("← PgUp stay on the slide")
            XCTAssertEqual(stays, declared.movesWhileBlank == .backOnlyEndsBlank, "\(kind.id): the help says where ← goes while blank")
            XCTAssertEqual(help.contains("a move brings the slides back, and moves"), !stays, kind.id)
        }
        let on = { (address: String) in SourceRegistry.padSettings(PadSettings(), for: SourceRegistry.kind(for: address)).movesWhileBlank }
        XCTAssertEqual(on("192.0.2.7"), .backOnlyEndsBlank, "Impress: ← ends the blank and stays")
        XCTAssertEqual(on("uno:talk"), .backOnlyEndsBlank, "Impress over UNO: the same")
        XCTAssertEqual(on("demo://"), .backOnlyEndsBlank, "the demo answers as LibreOffice")
        XCTAssertEqual(on("pdfpc://127.0.0.1"), .endBlankAndMove, "pdfpc: ← ends the black screen and goes back")
        XCTAssertEqual(on("reveal://127.0.0.1:9222"), .endBlankAndMove, "reveal.js: ← ends the pause and goes back a step")
    }
}
