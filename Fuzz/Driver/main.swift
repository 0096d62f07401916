import FuzzHarnesses
import Glibc

// libFuzzer's driver around the harnesses (built only by scripts/fuzz.sh,
// with -sanitize=fuzzer). CONTROLPAD_FUZZ_TARGET picks the harness: wire,
// notes, picture, config or input (see `FuzzTarget`); the arguments are libFuzzer's.
// A finding traps, so libFuzzer keeps the input.

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(_ argc: UnsafeMutablePointer<Int32>,
               _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
               _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

let name = getenv("CONTROLPAD_FUZZ_TARGET").map { String(cString: $0) } ?? ""
guard let chosen = FuzzTarget(rawValue: name) else {
    print("set CONTROLPAD_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))")
    exit(2)
}
let target = chosen
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runDriver(&argc, &argv) { data, size in
    if let finding = target.check(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []) {
        fatalError("fuzz finding (\(target.rawValue)): \(finding)")
    }
    return 0
})
