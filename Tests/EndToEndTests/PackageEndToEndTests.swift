import Foundation
import XCTest

/// `scripts/package-deb.sh` as a packager runs it, and the .deb as Debian's
/// tools see it: lintian finds no error, Depends (from dpkg-shlibdeps) names
/// curses and libpng, and dpkg installs it into a scratch root where the
/// binary, the demo in a real terminal and the man page work, then purges it
/// leaving nothing of it behind. It packages the build the suite already
/// made (`--binary`: every build of `controlpad` links its Swift runtime
/// statically), so the suite builds once.
final class PackageEndToEndTests: XCTestCase {
    private var scratch: URL!

    private static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    override func setUpWithError() throws {
        try TmuxSession.requireTools()
        scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("cp-deb-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: scratch)
        super.tearDown()
    }

    func testPackageLintInstallRunManPurge() throws {
        // Build: the .deb's path is the one line on stdout.
        let out = scratch.appendingPathComponent("out").path
        // `swift test` holds .build's lock while tests run (install.sh's generate-manual build is a no-op then).
        let build = try ControlpadProcess.shell("INSTALL_IGNORE_LOCK=1 DEB_XZ_LEVEL=1 \(Self.root.path)/scripts/package-deb.sh --binary \(TmuxSession.binary) --out \(out)",
                              timeout: 900)
        XCTAssertEqual(build.status, 0, build.err)
        let deb = build.out.split(separator: "\n").last.map(String.init) ?? ""
        let version = try ControlpadProcess.shell("\(TmuxSession.binary) --version")
        let arch = try ControlpadProcess.shell("dpkg --print-architecture")
        XCTAssertEqual(deb, "\(out)/controlpad_\(version.out.trimmingCharacters(in: .whitespacesAndNewlines))_"
                       + "\(arch.out.trimmingCharacters(in: .whitespacesAndNewlines)).deb", build.out)
        XCTAssertTrue(FileManager.default.fileExists(atPath: deb), deb)

        // lintian: no error.
        let lint = try ControlpadProcess.shell("lintian \(deb)", timeout: 300)
        let errors = lint.out.split(separator: "\n").filter { $0.hasPrefix("E:") }
        XCTAssertEqual(errors, [], "lintian:\n\(lint.out)\(lint.err)")

        // Impress over UNO needs LibreOffice's Python bridge: recommended, not required.
        let recommends = try ControlpadProcess.shell("dpkg-deb -f \(deb) Recommends")
        XCTAssertTrue(recommends.out.contains("python3-uno"), "Recommends lacks python3-uno: \(recommends.out)")
        // Depends comes from dpkg-shlibdeps: the C libraries the binary links.
        let depends = try ControlpadProcess.shell("dpkg-deb -f \(deb) Depends")
        XCTAssertEqual(depends.status, 0, depends.err)
        for library in ["libncursesw6", "libpng16-16", "libc6"] {
            XCTAssertTrue(depends.out.contains(library), "Depends lacks \(library): \(depends.out)")
        }
        XCTAssertFalse(depends.out.contains("swift"), "the Swift runtime is inside the binary: \(depends.out)")

        // Root's files, 0755 for the program and directories, 0644 for the rest.
        let contents = try ControlpadProcess.shell("dpkg-deb -c \(deb)")
        XCTAssertEqual(contents.status, 0, contents.err)
        let entries = contents.out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        XCTAssertFalse(entries.isEmpty, contents.out)
        for entry in entries where entry.count >= 6 {
            let (mode, owner, path) = (String(entry[0]), String(entry[1]), String(entry[5]))
            XCTAssertEqual(owner, "root/root", path)
            let want = mode.hasPrefix("d") || path == "./usr/bin/controlpad" ? "rwxr-xr-x" : "rw-r--r--"
            XCTAssertEqual(String(mode.dropFirst()), want, path)
        }
        let packaged = entries.compactMap { $0.count >= 6 && !$0[0].hasPrefix("d") ? String($0[5].dropFirst(2)) : nil }
        for file in [
            "usr/bin/controlpad",
            "usr/share/man/man1/controlpad.1.gz",
            "usr/share/bash-completion/completions/controlpad",
            "usr/share/zsh/vendor-completions/_controlpad",
            "usr/share/fish/vendor_completions.d/controlpad.fish",
            "usr/share/doc/controlpad/copyright",
            "usr/share/doc/controlpad/changelog.gz",
        ] {
            XCTAssertTrue(packaged.contains(file), "the package lacks \(file):\n\(contents.out)")
        }

        // Install into a scratch root with dpkg's own database (and its log there, not the host's).
        let root = scratch.appendingPathComponent("root").path
        let dpkg = "dpkg --root=\(root) --force-not-root --force-depends --log=\(root)/var/log/dpkg.log"
        let prepare = try ControlpadProcess.shell("mkdir -p \(root)/var/lib/dpkg/info \(root)/var/lib/dpkg/updates \(root)/var/log && "
                                + "touch \(root)/var/lib/dpkg/status \(root)/var/lib/dpkg/available")
        XCTAssertEqual(prepare.status, 0, prepare.err)
        let install = try ControlpadProcess.shell("\(dpkg) -i \(deb)", timeout: 300)
        XCTAssertEqual(install.status, 0, install.out + install.err)
        let status = try ControlpadProcess.shell("dpkg --root=\(root) -s controlpad")
        XCTAssertTrue(status.out.contains("Status: install ok installed"), status.out + status.err)
        for file in packaged {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(root)/\(file)"), "not installed: \(file)")
        }

        // The installed program: its version, and the demo in a real terminal, from /.
        let bin = "\(root)/usr/bin/controlpad"
        let installedVersion = try ControlpadProcess.shell("\(bin) --version")
        XCTAssertEqual(installedVersion.status, 0, installedVersion.err)
        XCTAssertEqual(installedVersion.out, version.out)
        let pad = try TmuxSession(command: "cd / && \(bin) demo --no-animation --color none", width: 100, height: 26)
        try pad.waitFor("the demo at 1/14") { TmuxSession.statusLine($0).contains("1/14") }
        try pad.quit()

        // The man page renders, without warnings.
        let man = try ControlpadProcess.shell("MANWIDTH=100 MANPAGER=cat man -l \(root)/usr/share/man/man1/controlpad.1.gz")
        XCTAssertEqual(man.status, 0, man.err)
        XCTAssertTrue(man.out.contains("CONTROLPAD(1)"), man.out)
        XCTAssertEqual(man.err, "", "the page renders without warnings")

        // Purge: nothing of the package is left, only dpkg's own database (and its log).
        let purge = try ControlpadProcess.shell("\(dpkg) --purge controlpad", timeout: 300)
        XCTAssertEqual(purge.status, 0, purge.out + purge.err)
        for file in packaged {
            XCTAssertFalse(FileManager.default.fileExists(atPath: "\(root)/\(file)"), "left after purge: \(file)")
        }
        let left = try ControlpadProcess.shell("cd \(root) && find . -mindepth 1 | sed 's|^\\./||' | sort")
        XCTAssertEqual(left.status, 0, left.err)
        let strays = left.out.split(separator: "\n").map(String.init).filter {
            !["var", "var/lib", "var/lib/dpkg", "var/log", "var/log/dpkg.log"].contains($0) && !$0.hasPrefix("var/lib/dpkg/")
        }
        XCTAssertEqual(strays, [], "left in the scratch root after purge")
        let info = try ControlpadProcess.shell("ls \(root)/var/lib/dpkg/info | grep '^controlpad\\.' || true")
        XCTAssertEqual(info.out, "", "dpkg's record of the package is gone")
    }

    func testPackageScriptUsageErrors() throws {
        let script = Self.root.appendingPathComponent("scripts/package-deb.sh").path
        let help = try ControlpadProcess.shell("\(script) --help")
        XCTAssertEqual(help.status, 0, help.err)
        XCTAssertTrue(help.out.contains("package-deb.sh [--binary PATH] [--out DIR]"), help.out)
        let bad = try ControlpadProcess.shell("\(script) --frobnicate")
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.err.contains("unknown option --frobnicate"), bad.err)
        let stray = try ControlpadProcess.shell("\(script) /tmp/a")
        XCTAssertEqual(stray.status, 2)
        XCTAssertTrue(stray.err.contains("unexpected argument /tmp/a"), stray.err)
        let missing = try ControlpadProcess.shell("\(script) --binary /nonexistent/controlpad")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.err.contains("/nonexistent/controlpad is not an executable"), missing.err)
        let noValue = try ControlpadProcess.shell("\(script) --out")
        XCTAssertEqual(noValue.status, 2)
        XCTAssertTrue(noValue.err.contains("--out needs a directory"), noValue.err)
    }
}
