import ControlPadUI
import Glibc

/// libFuzzer's entry point (built only by scripts/fuzz.sh, with
/// `-sanitize=fuzzer`, which supplies `main`). CONTROLPAD_FUZZ_TARGET picks
/// the harness: wire, notes, picture or config (see `FuzzTarget`).
let target: FuzzTarget = {
    let name = getenv("CONTROLPAD_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        fatalError("set CONTROLPAD_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target.run(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
