#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import FoundationEssentials
import Syscalls

/// The environment variables Impress over UNO reads.
enum UNOEnvironment {
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let text = String(cString: raw)
        return text.isEmpty ? nil : text
    }

    /// The first executable of `names` (a path, or a name on PATH).
    static func find(_ names: [String]) -> String? {
        Syscalls.findProgram(names, searchPath: value("PATH"))
    }
}

/// The Python that has LibreOffice's `uno` module: CONTROLPAD_PYTHON, else
/// Debian's /usr/bin/python3 (a pyenv or venv `python3` on PATH lacks it),
/// else `python3` on PATH.
enum UNOPython {
    static var program: String {
        UNOEnvironment.value("CONTROLPAD_PYTHON") ?? UNOEnvironment.find(["/usr/bin/python3", "python3"]) ?? "python3"
    }
}

/// The bridge's Python text, embedded at build time (`Bridge/uno_bridge.py`).
enum UNOBridgeScript {
    static let text = String(decoding: PackageResources.uno_bridge_py, as: UTF8.self)

    /// What `python3 -c` runs: it reads the bridge's text from its input's
    /// first line (a JSON string) and runs it, so that `ps` shows this one
    /// short line, not the 600 lines of the bridge.
    static let loader = "import json,sys;exec(compile(json.loads(sys.stdin.readline()),'controlpad-uno-bridge','exec'))"

    /// The loader's first line: the bridge's text as one JSON string.
    static let firstLine: String = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let json = (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return json + "\n"
    }()

    /// The bridge's program: CONTROLPAD_UNO_BRIDGE (tests: a fake), else
    /// Python with the loader; `firstLine`, what to write to it first (nil: nothing).
    static func command(pipe: String, connectSeconds: Int) -> (program: String, arguments: [String], firstLine: String?) {
        if let fake = UNOEnvironment.value("CONTROLPAD_UNO_BRIDGE") {
            return (fake, [pipe, String(connectSeconds)], nil)
        }
        return (UNOPython.program, ["-c", loader, pipe, String(connectSeconds)], firstLine)
    }
}
