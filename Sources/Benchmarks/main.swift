// Release-build benchmarks for ControlPad's budgets (see DESIGN.md).
//
//   swift run -c release Benchmarks [preview.png] [iterations]
//
// Each measurement prints one line: name, median and p95 per iteration.
// Add a benchmark by writing a `run…Benchmarks` function that calls
// `measure(name:iterations:_:)` and calling it below.

import Foundation

let arguments = CommandLine.arguments.dropFirst()
let previewPath = arguments.first ?? "/work/shared/impress-remote/previews/preview-0.png"
let iterations = arguments.dropFirst().first.flatMap(Int.init) ?? 500

do {
    try runImageBenchmarks(previewPath: previewPath, iterations: iterations)
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
