#!/bin/bash
# Runs every test: unit, snapshot, fake-server network tests and the
# end-to-end tests that drive the built binary inside tmux, in real
# terminals, and as installed (install.sh, the .deb). Installs what the
# tests need first, builds once (debug, with the tests: every other test
# that needs a binary uses that build), then runs the tests from one queue,
# TEST_WORKERS (default 5) test processes at once: the end-to-end and
# in-process tests mostly wait on terminals, fakes and real time, so more
# of them than cores keep both cores busy. The queue:
#   - each end-to-end test and each in-process scripted pad (ControlPadTests'
#     *InProcessTests) in a process of its own, the slow ones first
#     (SLOW below: none may start last);
#   - the unit tests, one process per test target.
# XCTest's bundle is run directly, as `swift test` runs it (NO_COLOR=1):
# `swift test` would plan the whole package again for each process.
# Arguments replace the queue: they go to one `swift test` (e.g.
# `scripts/test.sh --filter SlideModelTests`). The tests against a real
# LibreOffice, pdfpc or browser are opt-in: scripts/real-peer-test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-deps.sh
swift build --build-tests
# The man page's generator too, which install.sh (and so the install and
# package tests) builds: here, once, not by two tests at once.
swift build --product generate-manual
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# The slowest (about 10 s and more on 2 cores), slowest first: the queue
# starts them before the rest, so that the run does not end waiting for
# one of them alone. A test or class here runs in a process of its own,
# a unit target by its process. One missing here only starts later.
SLOW=(
    EndToEndTests.LeavingMidStreamEndToEndTests/testEveryWayOutReturnsAtOnceAndClosesOnlyAfterTheLastPreview
    EndToEndTests.PackageEndToEndTests/testPackageLintInstallRunManPurge
    EndToEndTests.LeavingMidStreamEndToEndTests/testASlowUnevenStreamIsFollowedToItsEnd
    FuzzTests.FuzzSmokeTests/testConfig
    FuzzTests.FuzzSmokeTests/testNotes
    EndToEndTests.ConnectEndToEndTests/testQuittingAfterABlankEndedNeverCrashesImpress
    ControlPadTests.PdfpcInProcessTests/testA50MBPictureAndOneThatIsNoPNGAreSaidInTheirPanes
    ControlPadTests
    ControlPadTests.EverySizeTests
    EndToEndTests.InstallEndToEndTests/testInstallRunFromAnywhereManCompletionsUninstall
    EndToEndTests.RealTerminalPicturesTests/testKittyShowsTheSlidesAsPictures
    EndToEndTests.RealTerminalThumbnailTests/testKittyShowsTheListAndTheOverviewAsPictures
    EndToEndTests.ConnectEndToEndTests/testPressesLeftUnansweredAreSaidNotAStalePosition
    EndToEndTests.ConnectEndToEndTests/testAHungImpressIsSaidToBeStuckWithTheRestartAdvice
    SlideModelTests
    FuzzTests
)

# All tests are XCTest; Swift Testing would only add a "0 tests" line.
run() { swift test --skip-build --disable-swift-testing "$@"; }

status=0
# The UNO bridge's Python (uno_bridge.py) has tests of its own, on a
# stand-in `uno` module; counted in the closing line like a test suite.
bridge_tests() {
    local out n bad
    out=$(python3 -m unittest discover -s Tests/BridgePython 2>&1) && ok=passed || ok=failed
    echo "$out"
    n=$(grep -oE '^Ran [0-9]+ tests?' <<<"$out" | grep -oE '[0-9]+' || echo 0)
    bad=$(grep -oE '(failures|errors)=[0-9]+' <<<"$out" | grep -oE '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
    [ "$ok" = passed ] || [ "$bad" -gt 0 ] || bad=1
    echo "Test Suite 'Selected tests' $ok (the bridge's Python)"
    echo "	 Executed $n tests, with $bad failures"
    [ "$ok" = passed ]
}

# One item of the queue: `item N TESTS` runs TESTS (a test, or a target's
# classes joined by commas) in one XCTest process, its output in
# $logs/items/N, its time in $logs/times. A process that ends without
# XCTest's summary (a crash) counts as one failed test.
item() {
    local out=$logs/items/$1 start=${EPOCHREALTIME/./} code=0
    NO_COLOR=1 "$xctest" "$2" >"$out" 2>&1 || code=$?
    if ! grep -qE "^Test Suite 'Selected tests' (passed|failed)" "$out"; then
        printf "Test Suite 'Selected tests' failed (%s ended with status %d and no summary)\n\t Executed 1 test, with 1 failure\n" \
            "$2" "$code" >>"$out"
        code=1
    fi
    local took=$(( (${EPOCHREALTIME/./} - start) / 100000 ))
    echo "$((took / 10)).$((took % 10)) $2" >>"$logs/times"
    return "$code"
}

mkdir "$logs/items"
if [ $# -gt 0 ]; then
    run "$@" 2>&1 | tee "$logs/items/0001" || status=$?
else
    xctest=.build/debug/ControlPadPackageTests.xctest
    # Every test, as Module.Class/method.
    "$xctest" --list-tests | grep -E '^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*/' >"$logs/all"
    # The queue, one line a process: each end-to-end and in-process test
    # alone; a unit target's classes joined by commas (its tests, for a
    # class some of whose tests run apart); SLOW's tests, classes and
    # targets first, in its order, then the rest as listed.
    printf '%s\n' "${SLOW[@]}" | awk -v e2e='^(EndToEndTests\\.|ControlPadTests\\.[A-Za-z0-9_]*InProcessTests/)' '
        NR == FNR { rank[$0] = NR; if (index($0, "/")) split_class[substr($0, 1, index($0, "/") - 1)] = 1; next }
        {
            class = substr($0, 1, index($0, "/") - 1); target = substr(class, 1, index(class, ".") - 1)
            if ($0 ~ e2e || $0 in rank) { key = $0; member = $0 }
            else if (class in rank) { key = class; member = class }
            else { key = target; member = (class in split_class) ? $0 : class }
            if (!(key in members)) { order[++n] = key; members[key] = member }
            else if (!((key, member) in seen)) members[key] = members[key] "," member
            seen[key, member] = 1
        }
        END {
            for (i = 1; i <= n; i++) if (order[i] in rank) first[rank[order[i]]] = members[order[i]]
            for (r = 1; r <= NR; r++) if (r in first) print first[r]
            for (i = 1; i <= n; i++) if (!(order[i] in rank)) print members[order[i]]
        }' - "$logs/all" >"$logs/queue"
    bridge_tests >"$logs/items/0000" 2>&1 || status=1
    export -f item
    export xctest logs
    nl -w4 -nrz -s' ' "$logs/queue" | xargs -P "${TEST_WORKERS:-5}" -L 1 bash -c 'item "$@"' _ || status=1
    cat "$logs"/items/*
    echo "test processes: $(wc -l <"$logs/queue"), ${TEST_WORKERS:-5} at once; the slowest:" \
        "$(sort -rn "$logs/times" | head -n 5 | awk '{ n = $2; if (index(n, ",")) n = substr(n, 1, index(n, ".") - 1); printf "%s%s %s s", (NR > 1 ? "; " : ""), n, $1 }')"
fi

# One plain closing line over every run: "tests: N passed, N failed, N skipped".
total=0 failed=0 skipped=0
while read -r line; do
    n=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$line")
    f=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$line")
    s=$(grep -oE '[0-9]+ tests? skipped' <<<"$line" | grep -oE '^[0-9]+' || echo 0)
    total=$((total + n)) failed=$((failed + f)) skipped=$((skipped + s))
done < <(cat "$logs"/items/* | awk "/^Test Suite '(All|Selected) tests' (passed|failed)/ { getline; print }")
echo "tests: $((total - failed - skipped)) passed, $failed failed, $skipped skipped"
exit "$status"
