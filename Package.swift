// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ControlPad",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "controlpad", targets: ["ControlPad"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // The only C surface for curses (wide-character ncursesw).
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // libc's wcwidth, which Swift's Glibc module does not export.
        .systemLibrary(name: "CWideChar", path: "Sources/CWideChar"),
        // libpng's simplified API.
        .systemLibrary(name: "CPNG", path: "Sources/CPNG"),
        // The system's OpenSSL, for pdfpcs:// only (a TLS stack built from
        // source would be most of the build: docs/BENCHMARKS.md).
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL"),
        // One small Swift function per system call, with typed errors.
        .target(name: "Syscalls"),
        // Restores the terminal on a crash (async-signal-safe, so in C).
        .target(name: "CCrashGuard"),
        // Pure model: the slides, the load buffer, the pad's state and reducer, display widths (libc
        // wcwidth), and what every source shares. No threads, files or clocks; never curses.
        .target(name: "SlideModel", dependencies: ["CWideChar"]),
        // The seam every source fits: `SourceKind` (what a kind of source is:
        // addresses, options and config keys as data, capabilities, how it
        // makes a source and finishes a hand-off), the `EventGate` every source
        // delivers through, the one driver of a network source (`SourceDriver`)
        // and a child process speaking lines (`LineProcess`), and the doctor's
        // protocol with its generic probes, checks and output. The list of kinds is
        // ControlPadCLI/SourceRegistry.swift.
        .target(
            name: "SourceKit",
            dependencies: [
                "SlideModel", "Syscalls",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Impress Remote, pure: codec, session, pacer, connection state machine, stream rule.
        .target(name: "ImpressRemote", dependencies: ["SlideModel"]),
        // pdfpc's REST API, pure: the connection state machine, its API and notes.
        .target(name: "Pdfpc", dependencies: ["SlideModel"]),
        // The demo's source (the threaded mock source and the built-in deck) and its kind.
        // The deck's files (Resources/DemoDeck) are built into the binary by
        // the EmbedDemoDeck plugin, not shipped as a resource bundle.
        .target(
            name: "DemoSource",
            dependencies: ["SlideModel", "SourceKit", .product(name: "Logging", package: "swift-log")],
            exclude: ["Resources"],
            plugins: ["EmbedDemoDeck"]
        ),
        .executableTarget(name: "DemoDeckEmbedder"),
        .plugin(name: "EmbedDemoDeck", capability: .buildTool(), dependencies: ["DemoDeckEmbedder"]),
        // PNG decode, true-aspect fit, area-average scale, half-block raster, colour mapping.
        .target(name: "SlideImages", dependencies: ["CPNG", "SlideModel"]),
        // The Impress Remote TCP/UDP transport on SwiftNIO, and Impress's source kind.
        .target(
            name: "ImpressRemoteTransport",
            dependencies: [
                "ImpressRemote", "SlideModel", "SourceKit", "Syscalls",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // pdfpc's REST API on NIO's HTTP/1 codec (TLS on the system's
        // OpenSSL): the pure `PdfpcConnection` (Pdfpc) and its I/O on the
        // shared `SourceDriver`, and pdfpc's source kind.
        .target(
            name: "PdfpcTransport",
            dependencies: [
                "Pdfpc", "SlideModel", "SourceKit", "Syscalls", "COpenSSL",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // reveal.js in a browser over the Chrome DevTools Protocol, pure: the
        // CDP messages, the page list, the show in the pad's terms, the link's
        // state machine and its problems (docs: ../shared/revealjs/README.md).
        .target(name: "RevealJS", dependencies: ["SlideModel"]),
        // reveal.js's driver on SwiftNIO: HTTP/1 for the page list, a
        // WebSocket to the page, `RevealJSSource`, and the browser launcher.
        .target(
            name: "RevealJSTransport",
            dependencies: [
                "RevealJS", "SlideModel", "SourceKit", "Syscalls",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the pad's loop and `send`/`watch` share: the one signal trap, the clocks.
        .target(name: "PadRuntime", dependencies: ["SlideModel"]),
        // `send`, `watch` and leaving a link: the sources without a screen.
        .target(
            name: "ControlPadScripting",
            dependencies: [
                "PadRuntime", "SlideModel", "SourceKit", "Syscalls",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The config file (TOMLKit) and the vocabulary of looks it shares with the screen.
        .target(
            name: "PadConfig",
            dependencies: ["SlideModel", "SourceKit", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // What a frame is: the grid of cells the views draw into and the
        // terminal writes (with the pictures it carries and text the
        // terminal scales), and no more: the views import it, not the terminal.
        .target(name: "PadGrid", dependencies: ["SlideModel", "PadConfig"]),
        // The terminal: bytes in (keys, mouse, pastes, its answers to the
        // pad's queries), bytes out (a frame's cells, kitty and sixel
        // pictures, scaled text), its modes and terminfo (the one use of
        // curses), and giving it back (quitting, Ctrl-Z, the crash guard).
        // No event loop: the pad's loop reads its descriptor.
        .target(
            name: "PadTerminal",
            dependencies: ["CNcurses", "CCrashGuard", "Syscalls", "SlideModel", "SlideImages", "PadConfig", "PadGrid"]
        ),
        // The pad: its views, layout, picture pipeline and loop.
        .target(
            name: "ControlPadUI",
            dependencies: [
                "PadGrid", "PadTerminal", "Syscalls", "SlideModel", "SourceKit", "SlideImages",
                "PadRuntime", "ControlPadScripting", "PadConfig",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // Impress on this computer over UNO, pure: the bridge's JSON lines,
        // the link's state machine and its problems (docs/IMPRESS-UNO.md).
        .target(name: "ImpressUNO", dependencies: ["SlideModel"]),
        // Its driver on SwiftNIO: the bridge process (uno_bridge.py, Python
        // with LibreOffice's `uno`, embedded in the binary), LibreOffice's
        // launcher, `ImpressUNOSource` and the kind.
        .target(
            name: "ImpressUNOTransport",
            dependencies: [
                "ImpressUNO", "SlideModel", "SourceKit", "Syscalls",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Bridge/uno_bridge.py")]
        ),
        // The command line: every `controlpad` command, its options and help.
        .target(
            name: "ControlPadCLI",
            dependencies: [
                "ControlPadUI", "ControlPadScripting", "PadConfig", "SlideModel", "SlideImages", "SourceKit", "Syscalls",
                "DemoSource", "ImpressRemoteTransport", "ImpressUNOTransport", "PdfpcTransport", "RevealJSTransport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
        // The thin `controlpad` executable: `main` only.
        // The Swift runtime and Foundation linked in, in every build: the
        // binary the tests drive is the one `install.sh` and the .deb ship,
        // with nothing but C libraries beside it (the test bundles stay
        // dynamic: there is no static XCTest).
        .executableTarget(
            name: "ControlPad", dependencies: ["ControlPadCLI"],
            linkerSettings: staticRuntime
        ),
        // The budgets of docs/BENCHMARKS.md, measured (scripts/bench.sh): a developer's
        // tool, not a product. It drives the built `controlpad` on a pty and
        // the real show, which package-benchmark cannot.
        .executableTarget(
            name: "ControlPadBench",
            dependencies: [
                "ControlPadUI", "PadGrid", "PadTerminal", "PadTestSupport", "SlideImages", "SlideModel", "DemoSource", "Syscalls",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/ControlPadBench"
        ),
        // Figures for reveal.js against the real peer (docs/REVEALJS.md): key →
        // the browser's pushed event, the pad's source against a bare CDP
        // client, and a picture after a step. A developer's tool, no product.
        .executableTarget(
            name: "RevealJSProbe",
            dependencies: [
                "RevealJSTransport", "RevealJS", "SlideModel",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "tools/reveal-probe", exclude: ["shot.py"]
        ),
        // What the tests and the benchmark share (a loaded show, the fake
        // Impress, a loopback listener, log capture): not a test target, and
        // free of XCTest, so the benchmark links it too.
        .target(
            name: "PadTestSupport",
            dependencies: ["SlideModel", "ImpressRemote", "DemoSource", .product(name: "Logging", package: "swift-log")],
            path: "Tests/Support"
        ),
        // A scripted fake Chromium with a reveal.js deck (CDP over NIO), for
        // RevealJSTransportTests and the end-to-end tests of `controlpad connect reveal://`.
        .target(
            name: "RevealTestSupport",
            dependencies: [
                "RevealJS", "SlideModel",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            path: "Tests/RevealSupport"
        ),
        // The fake Impress and the fake pdfpc (tools/fake-impress, tools/fake-pdfpc)
        // as child processes, and the process, deadline and error helpers they
        // stand on: for the end-to-end tests and ControlPadTests' in-process
        // tests on the real sources. It uses XCTest (a wait that times out fails
        // the test at the line that waited), so only test targets link it.
        .target(name: "FakePeerSupport", path: "Tests/FakePeers"),
        // Fixtures (real LibreOffice bytes) are read by path, not bundled.
        // The pad's model; and, for what each source says its show does
        // (MovesWhileBlankTests), the sources' kinds.
        .testTarget(
            name: "SlideModelTests",
            dependencies: [
                "SlideModel", "DemoSource", "ImpressRemote", "Pdfpc",
                "ImpressRemoteTransport", "ImpressUNOTransport", "PdfpcTransport", "RevealJSTransport",
            ]
        ),
        .testTarget(name: "ImpressRemoteTests", dependencies: ["ImpressRemote", "SlideModel"], exclude: ["Fixtures"]),
        .testTarget(name: "PdfpcTests", dependencies: ["Pdfpc", "ImpressRemote", "SlideModel"]),
        .testTarget(name: "SlideImagesTests", dependencies: ["SlideImages", "SlideModel"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "ImpressRemoteTransportTests",
            dependencies: [
                "ImpressRemoteTransport", "ImpressRemote", "SlideModel", "PadTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "PdfpcTransportTests",
            dependencies: ["PdfpcTransport", "Pdfpc", "SlideModel", "PadTestSupport"]
        ),
        .testTarget(name: "RevealJSTests", dependencies: ["RevealJS", "SlideModel"]),
        // The one source driver on an EmbeddedEventLoop, and the child process speaking lines.
        .testTarget(
            name: "SourceKitTests",
            dependencies: [
                "SourceKit", "SlideModel", "Syscalls",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "ImpressUNOTests", dependencies: ["ImpressUNO", "SlideModel"]),
        // Against a scripted fake CDP server (FakeCDPServer.swift), and, opt-in
        // (CONTROLPAD_REAL_REVEAL=1), against ../shared/revealjs/peer.sh.
        .testTarget(
            name: "RevealJSTransportTests",
            dependencies: [
                "RevealJSTransport", "RevealJS", "SlideModel", "SlideImages", "SourceKit", "RevealTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        // The grid alone: wide characters, what is written into it, its diff.
        .testTarget(name: "PadGridTests", dependencies: ["PadGrid"]),
        // The terminal alone: its decoder, writer, modes, pictures' bytes, the crash guard.
        .testTarget(name: "PadTerminalTests", dependencies: ["PadTerminal", "PadGrid", "CCrashGuard", "PadConfig", "SlideModel", "SlideImages", "Syscalls"]),
        .testTarget(
            name: "ControlPadTests", dependencies: ["ControlPadUI", "PadGrid", "PadTerminal", "PadConfig", "PadTestSupport", "FakePeerSupport", "ControlPadCLI", "ControlPadScripting", "PadRuntime", "Syscalls", "SlideModel", "DemoSource", "SlideImages", "SourceKit", "ImpressRemote", "Pdfpc", "ImpressRemoteTransport", "PdfpcTransport",
                                                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                                .product(name: "Logging", package: "swift-log"),
                                                .product(name: "NIOCore", package: "swift-nio"),
                                                .product(name: "NIOPosix", package: "swift-nio")], exclude: ["Snapshots"]
        ),
        // Drives the built `controlpad` (which `swift build --build-tests` builds): it
        // does not link it, so the executable's static runtime stays out of the bundle.
        .testTarget(name: "EndToEndTests", dependencies: ["CWideChar", "SlideModel", "SlideImages", "ImpressRemote", "Pdfpc", "RevealTestSupport", "FakePeerSupport"]),
        // The fuzz harnesses, beside the pad (not in it): scripts/fuzz.sh
        // runs them under libFuzzer; FuzzTests replays every fail case and a
        // bounded smoke run.
        .target(name: "FuzzHarnesses", dependencies: ["PadConfig", "PadTerminal", "SlideImages", "SlideModel", "ImpressRemote"], path: "Fuzz/Harnesses"),
        .testTarget(name: "FuzzTests", dependencies: ["FuzzHarnesses", "PadConfig", "SlideModel", "DemoSource"]),
    ]
)

// The targets that see TOMLKit (which imports Foundation) see only the
// members of the modules they import themselves: otherwise `"a".contains(".")`
// there resolves to Foundation's NSString-backed overload, and the whole of
// Foundation and ICU's data is linked into the binary again.
for target in package.targets where ["PadConfig", "PadGrid", "PadTerminal", "ControlPadUI", "ControlPadCLI"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

/// How the `controlpad` executable links the Swift runtime and Foundation
/// statically on Linux while the rest of the build (the test bundles) stays
/// dynamic: `-static-stdlib` at link time, and the static libraries the
/// modules' autolink entries would have named had they been compiled for a
/// static runtime (as `--static-swift-stdlib` does for the whole build), in
/// one group since they refer to each other. The linker takes only what is
/// used from each.
var staticRuntime: [LinkerSetting] {
    let libraries = [
        "swiftCore", "swift_Concurrency", "swift_StringProcessing", "swift_RegexParser", "swiftSynchronization",
        "swiftGlibc", "BlocksRuntime", "dispatch", "swiftDispatch", "_FoundationICU", "CoreFoundation", "Foundation",
        "FoundationEssentials", "FoundationInternationalization", "_FoundationCShims", "_FoundationCollections",
    ]
    let group = ["-Xlinker", "--start-group"] + libraries.flatMap { ["-Xlinker", "-l\($0)"] } + ["-Xlinker", "--end-group"]
    return [
        .unsafeFlags(["-static-stdlib"] + group, .when(platforms: [.linux])),
        .unsafeFlags(["-Xlinker", "-lswiftSwiftOnoneSupport"], .when(platforms: [.linux], configuration: .debug)),
    ]
}

// scripts/fuzz.sh builds the libFuzzer driver (CONTROLPAD_FUZZ=1): the code
// under test gets coverage instrumentation (not through -Xswiftc: build
// tools would get it too), and Fuzz/Driver/main.swift runs libFuzzer's
// driver, linked from its no-main runtime (CONTROLPAD_FUZZ_RUNTIME, found by the script).
if Context.environment["CONTROLPAD_FUZZ"] != nil {
    for target in package.targets where ["SlideModel", "ImpressRemote", "Pdfpc", "SlideImages", "PadConfig", "PadTerminal", "FuzzHarnesses"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer"])]
    }
    let runtime = Context.environment["CONTROLPAD_FUZZ_RUNTIME"] ?? ""
    package.targets.append(.executableTarget(
        name: "ControlPadFuzz", dependencies: ["FuzzHarnesses"], path: "Fuzz/Driver",
        linkerSettings: [.unsafeFlags(["-Xlinker", runtime, "-lstdc++"])]))
}
