#!/bin/bash
# Coverage-guided fuzzing (libFuzzer, `swiftc -sanitize=fuzzer`) of the
# harnesses in Fuzz/Harnesses/FuzzTarget.swift: the wire
# (framer, parser, session, connection), notes, pictures (pHYs, libpng,
# fit, raster), the config loader and the terminal's input decoder. The
# tests run the same harnesses for a few thousand seeded inputs; this runs
# the long one.
#
#   scripts/fuzz.sh [RUNS] [TARGET...]   # default: 1000000 runs, every target
#
# Corpora grow in .build-fuzz/corpus/TARGET (seeded from the real captured
# bytes, the demo deck, the default config and what terminals send,
# Fuzz/seeds/input-*); a crash or a hang (-timeout) leaves its input as
# .build-fuzz/crash-*, and the script fails: once fixed, the input goes to
# Fuzz/FailCases/TARGET/ (Tests/FuzzTests replays them all).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS=${1:-1000000}
shift || true
TARGETS=${*:-wire notes picture config input}
scripts/install-deps.sh
# libFuzzer without its main (Fuzz/main.swift runs the driver), from the toolchain.
runtime=$(ls "$(dirname "$(readlink -f "$(command -v swiftc)")")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -n 1)
# The harnesses read the pad's internals (`@testable import`): -enable-testing.
CONTROLPAD_FUZZ=1 CONTROLPAD_FUZZ_RUNTIME=$runtime swift build -c release -Xswiftc -enable-testing --scratch-path .build-fuzz --product ControlPadFuzz
BIN=.build-fuzz/release/ControlPadFuzz

seed() {  # seed TARGET DIR
    local dir=$2
    case $1 in
        wire) cp Tests/ImpressRemoteTests/Fixtures/*.bin "$dir"/ ;;
        notes) cp Sources/DemoSource/Resources/DemoDeck/*.notes Fuzz/seeds/notes.html Fuzz/seeds/notes.md "$dir"/ ;;
        picture) cp Sources/DemoSource/Resources/DemoDeck/*.png Tests/SlideImagesTests/Fixtures/*.png "$dir"/ ;;
        config) cp Fuzz/seeds/config.toml "$dir"/ ;;
        input) cp Fuzz/seeds/input-*.bin "$dir"/ ;;
    esac
    cp Fuzz/FailCases/"$1"/* "$dir"/ 2>/dev/null || true  # what broke before
}

status=0
for target in $TARGETS; do
    corpus=.build-fuzz/corpus/$target
    if [ ! -d "$corpus" ]; then mkdir -p "$corpus"; seed "$target" "$corpus"; fi
    # Inputs as large as the harness needs: a few messages of the wire (its
    # real sessions run to 115 KB and cost 40x more per input), a preview,
    # a few reads of the terminal.
    case $target in wire | input) maxlen=4096 ;; config) maxlen=8192 ;; *) maxlen=32768 ;; esac
    echo "fuzz: $target, $RUNS runs" >&2
    # Swift's own crash reporter would take the signal before libFuzzer saves the input.
    if ! SWIFT_BACKTRACE=enable=no CONTROLPAD_FUZZ_TARGET=$target "$BIN" -runs="$RUNS" -rss_limit_mb=2048 -timeout=10 -max_len=$maxlen \
            -artifact_prefix=.build-fuzz/crash-$target- -print_final_stats=1 "$corpus" 2> ".build-fuzz/$target.log"; then
        echo "fuzz: $target FAILED (see .build-fuzz/$target.log and .build-fuzz/crash-$target-*)" >&2
        status=1
    fi
    grep -E "^#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb|cov:" ".build-fuzz/$target.log" | tail -n 3 >&2
done
exit $status
