import Foundation
import XCTest

/// `scripts/install.sh PREFIX` as a new user runs it: one binary that works
/// from any directory on its own, a man page that renders, completions
/// where each shell looks, and `--uninstall` removing exactly those.
/// It installs the build the suite already made (`--binary`: every build of
/// `controlpad` links its Swift runtime statically), so the suite builds
/// once; CONTROLPAD_COLD_INSTALL=1 makes it build release itself, as a new
/// user's `scripts/install.sh` does (minutes on 2 cores).
final class InstallEndToEndTests: XCTestCase {
    private var prefix: URL!

    private static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    override func setUpWithError() throws {
        try TmuxSession.requireTools()
        prefix = FileManager.default.temporaryDirectory
            .appendingPathComponent("cp-prefix-\(UUID().uuidString.prefix(8))", isDirectory: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: prefix)
        super.tearDown()
    }

    func testInstallRunFromAnywhereManCompletionsUninstall() throws {
        let installed = [
            "bin/controlpad",
            "share/man/man1/controlpad.1",
            "share/bash-completion/completions/controlpad",
            "share/zsh/site-functions/_controlpad",
            "share/fish/vendor_completions.d/controlpad.fish",
        ]
        // `swift test` holds .build's lock while tests run (it builds nothing then).
        let cold = ProcessInfo.processInfo.environment["CONTROLPAD_COLD_INSTALL"] == "1"
        let binary = cold ? "" : "--binary \(TmuxSession.binary) "
        let install = try ControlpadProcess.shell("INSTALL_IGNORE_LOCK=1 \(Self.root.path)/scripts/install.sh \(binary)\(prefix.path)",
                                timeout: cold ? 3600 : 600)
        XCTAssertEqual(install.status, 0, install.err)
        for file in installed {
            XCTAssertTrue(install.out.contains("installed \(prefix.path)/\(file)"), install.out)
            XCTAssertGreaterThan(try FileManager.default.attributesOfItem(atPath: prefix.appendingPathComponent(file).path)[.size] as? Int ?? 0, 0, file)
        }
        let bin = prefix.appendingPathComponent("bin/controlpad").path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: prefix.appendingPathComponent("bin").path), ["controlpad"],
                       "nothing beside the binary: the demo deck is inside it")

        // Only libc's family, ncursesw/tinfo, libpng (+ libz, libm) and the C++ runtime: no Swift libraries.
        let ldd = try ControlpadProcess.shell("ldd \(bin)")
        XCTAssertEqual(ldd.status, 0, ldd.err)
        XCTAssertTrue(ldd.out.contains("libncursesw") && ldd.out.contains("libpng"), ldd.out)
        XCTAssertFalse(ldd.out.contains("libswift") || ldd.out.contains("libFoundation") || ldd.out.contains("libdispatch"), ldd.out)
        // FoundationEssentials only: one call into Foundation links all of it
        // and ICU's data, 44 MB more (docs/BENCHMARKS.md, "Binary size").
        let foundation = try ControlpadProcess.shell("nm \(TmuxSession.binary) | grep -cE '\\$s10Foundation|FoundationInternationalization' || true")
        XCTAssertEqual(foundation.out.trimmingCharacters(in: .whitespacesAndNewlines), "0",
                       "the binary links Foundation: see which object calls it with -Xlinker -Map")

        // The demo, from /, in a real terminal: pictures and notes from the built-in deck.
        let pad = try TmuxSession(command: "cd / && \(bin) --no-animation --color none", width: 100, height: 26)
        try pad.waitFor("the demo at 1/14 with all previews") {
            let status = TmuxSession.statusLine($0)
            return status.contains("A tour of ControlPad · 1/14") && !status.contains("previews")
        }
        try pad.send("Right")
        let screen = try pad.waitFor("2/14") { TmuxSession.statusLine($0).contains(" 2/14 ") }
        XCTAssertTrue(screen.contains("█"), "the slide picture is drawn:\n\(screen)")
        try pad.send("C-c")
        try pad.waitFor(text: "Quit ControlPad?")  // a show runs: Ctrl-C asks first
        try pad.send("C-c")
        try pad.waitFor(text: "EXIT=0")

        let man = try ControlpadProcess.shell("MANWIDTH=100 MANPAGER=cat man -l \(prefix.path)/share/man/man1/controlpad.1")
        XCTAssertEqual(man.status, 0, man.err)
        XCTAssertTrue(man.out.contains("CONTROLPAD(1)"), man.out)
        // Every subcommand, with its examples (CommandLineDocsTests checks --help against the docs).
        for text in ["controlpad", "demo", "connect", "send", "watch", "discover", "doctor", "config", "--no-wait", "--json",
                     "goto N", "Examples:", "controlpad send 127.0.0.1 next",
                     "KEYS", "ENVIRONMENT", "FILES", "talk-timers.json", "Chance (0 to 1)", "Tools > Options", "✔ fine"] {
            XCTAssertTrue(man.out.contains(text), "man page lacks \(text)")
        }
        XCTAssertEqual(man.err, "", "the page renders without warnings")

        let bash = try ControlpadProcess.shell("source \(prefix.path)/share/bash-completion/completions/controlpad; complete -p controlpad")
        XCTAssertEqual(bash.status, 0, bash.err)
        XCTAssertTrue(bash.out.contains("controlpad"), bash.out)
        let zsh = try String(contentsOf: prefix.appendingPathComponent(installed[3]), encoding: .utf8)
        XCTAssertTrue(zsh.hasPrefix("#compdef controlpad"), String(zsh.prefix(80)))
        let fish = try String(contentsOf: prefix.appendingPathComponent(installed[4]), encoding: .utf8)
        XCTAssertTrue(fish.contains("complete -c 'controlpad'") || fish.contains("complete -c controlpad"), String(fish.prefix(300)))

        // Uninstall removes exactly what was installed.
        let mine = prefix.appendingPathComponent("bin/my-own-tool").path
        XCTAssertTrue(FileManager.default.createFile(atPath: mine, contents: Data("#!/bin/sh\n".utf8)))
        let uninstall = try ControlpadProcess.shell("\(Self.root.path)/scripts/install.sh --uninstall \(prefix.path)")
        XCTAssertEqual(uninstall.status, 0, uninstall.err)
        for file in installed {
            XCTAssertFalse(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), file)
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: mine), "other files stay")
    }

    func testInstallScriptUsageErrors() throws {
        let script = Self.root.appendingPathComponent("scripts/install.sh").path
        let bad = try ControlpadProcess.shell("\(script) --frobnicate")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("unknown option --frobnicate"), bad.err)
        let two = try ControlpadProcess.shell("\(script) /tmp/a /tmp/b")
        XCTAssertEqual(two.status, 2)
        let missing = try ControlpadProcess.shell("\(script) --binary /nonexistent/controlpad /tmp/a")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("/nonexistent/controlpad is not an executable"), missing.err)
    }
}
