#!/bin/bash
# The budgets of docs/BENCHMARKS.md, measured: builds `controlpad` and the
# benchmark (Benchmarks/ControlPadBench, not part of the product) in release,
# runs it, and fails when a figure is over a failing budget in
# Benchmarks/budgets.json (ratios against a bare client in the same run,
# byte counts, losses; absolute times too with --strict).
#
#   scripts/bench.sh                       # every offline part
#   scripts/bench.sh --only wire key       # some parts; --help lists them all
#
# The benchmark reads the pad's internals (`@testable import`), so both are
# built with -enable-testing, in their own build folder (.build-bench).
# The real-show part needs LibreOffice: scripts/real-show-bench.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
FLAGS=(-c release -Xswiftc -enable-testing --scratch-path .build-bench)
swift build "${FLAGS[@]}" --product controlpad >&2
swift build "${FLAGS[@]}" --product ControlPadBench >&2
exec "$(swift build "${FLAGS[@]}" --show-bin-path)/ControlPadBench" "$@"
