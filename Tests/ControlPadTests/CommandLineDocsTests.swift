import ArgumentParser
import Foundation
import XCTest
@testable import ControlPadCLI
import SlideModel

/// `--help` (and the man page, which the argument parser writes from the
/// same definitions) and the documents agree: every subcommand has examples
/// that parse, every subcommand is in the README and the user guide, every
/// option is in the user guide, and no document names an option that no
/// longer exists.
final class CommandLineDocsTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private var subcommands: [ParsableCommand.Type] {
        ControlPadCommand.configuration.subcommands.filter { $0.configuration.shouldDisplay }
    }

    private func document(_ path: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The long options a command's help lists.
    private func options(of command: ParsableCommand.Type) -> Set<String> {
        let help = ControlPadCommand.helpMessage(for: command, columns: 200)
        let lines = help.split(separator: "\n").filter { $0.hasPrefix("  -") }
        return Set(lines.flatMap { line in
            line.split(separator: " ").filter { $0.hasPrefix("--") }.map { String($0.prefix { $0 == "-" || $0.isLetter }) }
        }).subtracting(["--help", "--version"])
    }

    /// A shell line's words, double quotes honoured, up to a pipe or redirection.
    private func words(_ line: String) -> [String] {
        var words: [String] = [], word = "", quoted = false
        for character in line {
            if character == "\"" { quoted.toggle(); continue }
            if !quoted && (character == "|" || character == ">") { break }
            if character == " " && !quoted {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    func testEverySubcommandHasExamplesThatParse() throws {
        for command in subcommands {
            let name = try XCTUnwrap(command.configuration.commandName)
            let help = ControlPadCommand.helpMessage(for: command, columns: 200)
            guard let start = help.range(of: "Examples:\n") else {
                XCTFail("`controlpad help \(name)` has no examples")
                continue
            }
            let examples = help[start.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("  controlpad ") }
            XCTAssertFalse(examples.isEmpty, "\(name): no example lines")
            for example in examples {
                let arguments = Array(words(String(example)).dropFirst())
                XCTAssertEqual(arguments.first, name, "an example of \(name) runs \(name): \(example)")
                XCTAssertNoThrow(try ControlPadCommand.parseAsRoot(arguments), "the example parses: \(example)")
            }
        }
    }

    /// The man page generator drops every character beyond ASCII ("Chance
    /// (01)", "Tools  Options"): the help avoids them; the man page's own
    /// sections carry them as escapes.
    func testTheHelpIsASCIISoTheManPageKeepsEveryCharacter() throws {
        for command in [ControlPadCommand.self] + subcommands {
            let help = ControlPadCommand.helpMessage(for: command, columns: 200)
            let foreign = help.unicodeScalars.filter { !$0.isASCII }
            XCTAssertTrue(foreign.isEmpty, "\(command.configuration.commandName ?? "controlpad"): \(String(String.UnicodeScalarView(foreign)))")
        }
        let sections = try document("docs/controlpad.1.sections")
        for section in [".Sh KEYS", ".Sh ENVIRONMENT", ".Sh FILES", "talk-timers.json", "NO_COLOR", "XDG_STATE_HOME"] {
            XCTAssertTrue(sections.contains(section), "the man page's extra sections lack \(section)")
        }
        XCTAssertTrue(sections.unicodeScalars.allSatisfy(\.isASCII), "escapes, not raw UTF-8, in mdoc")
        XCTAssertTrue(try document("scripts/install.sh").contains("docs/controlpad.1.sections"), "install.sh appends them")
    }

    func testEverySubcommandIsInTheReadmeAndTheUserGuide() throws {
        let readme = try document("README.md"), guide = try document("docs/USER-GUIDE.md")
        for command in subcommands {
            let name = try XCTUnwrap(command.configuration.commandName)
            XCTAssertTrue(readme.contains("controlpad \(name)"), "README.md never shows `controlpad \(name)`")
            XCTAssertTrue(guide.contains("controlpad \(name)"), "docs/USER-GUIDE.md never shows `controlpad \(name)`")
        }
    }

    func testEveryOptionIsInTheUserGuide() throws {
        let guide = try document("docs/USER-GUIDE.md")
        for command in subcommands {
            for option in options(of: command).sorted() {
                XCTAssertTrue(guide.contains(option), "docs/USER-GUIDE.md never mentions \(option) (of \(command.configuration.commandName ?? "?"))")
            }
        }
    }

    func testNoDocumentNamesAnOptionThatIsGone() throws {
        let known = subcommands.reduce(into: Set<String>()) { $0.formUnion(options(of: $1)) }.union(["--help", "--version"])
        for path in ["README.md", "docs/USER-GUIDE.md"] {
            for line in try document(path).split(separator: "\n") {
                // Only what follows `controlpad` on a line is the pad's (other tools have options too).
                guard let start = line.range(of: "controlpad ") else { continue }
                let named = line[start.upperBound...].split(whereSeparator: { " `(),;:".contains($0) })
                    .filter { $0.hasPrefix("--") && $0.count > 2 }
                    .map { String($0.prefix { $0 == "-" || $0.isLetter }) }
                for option in named where !known.contains(option) {
                    XCTFail("\(path) names \(option), which no controlpad command has: \(line)")
                }
            }
        }
    }

    /// The man page's extra sections say what the pad has (issue 52, item
    /// 19): every key bound by default (A, ], [ and > were missing), the
    /// environment it reads, the files it keeps, and `config --print-default`.
    func testTheManPageKeysEnvironmentAndFilesAreWhole() throws {
        let sections = try document("docs/controlpad.1.sections")
        let keys = sections.components(separatedBy: ".Sh KEYS").last?.components(separatedBy: ".Sh ENVIRONMENT").first ?? ""
        let named = Set(keys.split(separator: "\n").filter { $0.hasPrefix(".It ") }.flatMap {
            $0.dropFirst(4).replacing("\\&", with: "").replacing("\\-", with: "-").replacing("\\e", with: "\\")
                .split(separator: " ").map(String.init)
        })
        for (action, keys) in Dictionary(grouping: KeyBindings.standard.actions, by: \.value) {
            XCTAssertTrue(keys.contains { named.contains($0.key.name) }, "KEYS lacks \(action.rawValue) (\(keys.map(\.key.name)))")
        }
        for variable in ["CONTROLPAD_PYTHON", "CONTROLPAD_SOFFICE", "CONTROLPAD_BROWSER", "XDG_RUNTIME_DIR", "present-", ".sock", "Fl -print-default"] {
            XCTAssertTrue(sections.contains(variable), "the man page lacks \(variable)")
        }
        XCTAssertFalse(sections.contains("falls back to C.UTF-8"), "the pad draws ASCII in a locale that is not UTF-8")
        XCTAssertFalse(sections.contains("config No writes"), "`controlpad config` alone writes nothing")
    }

    /// Every event `watch` prints is in the guide's table and in `watch
    /// --help` (`step` and `state` were in neither; the help sent readers to
    /// the README, which lists none).
    func testEveryWatchEventIsInTheGuideAndTheHelp() throws {
        let guide = try document("docs/USER-GUIDE.md")
        let help = ControlPadCommand.helpMessage(for: WatchCommand.self, columns: 400)
        for event in ["connecting", "connected", "pairing", "paired", "server", "show_started", "title", "slide", "step", "notes",
                      "show_finished", "link_lost", "unanswered", "answering", "failed", "state"] {
            XCTAssertTrue(guide.contains("| `\(event)` |"), "the guide's watch table lacks \(event)")
            XCTAssertTrue(help.contains(event), "watch --help lacks \(event)")
        }
        XCTAssertFalse(help.contains("README lists"), help)
    }
}
