#!/bin/bash
# Runs every test: unit, snapshot, fake-server network tests and the
# end-to-end tests that drive the built binary inside tmux, in real
# terminals, and as installed (install.sh, the .deb). Installs what the
# tests need first, builds once (debug, with the tests: every other test
# that needs a binary uses that build), then runs the tests in two lanes at
# once, since the end-to-end tests mostly wait on terminals and fakes:
#   lane 1: the unit tests, then end-to-end classes A–O (but Doctor, FaultMatrix);
#   lane 2: the in-process scripted pads (ControlPadTests' *InProcessTests:
#           each on its own terminal, fakes and files, they mostly wait on
#           their fake servers, so they run 4 at a time), then end-to-end P–Z
#           and Doctor, FaultMatrix (the lanes take about as long).
# Arguments replace the lanes: they go to one `swift test` (e.g.
# `scripts/test.sh --filter SlideModelTests`). The tests against a real
# LibreOffice, pdfpc or browser are opt-in: scripts/real-peer-test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-deps.sh
swift build --build-tests
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# All tests are XCTest; Swift Testing would only add a "0 tests" line.
# Two `swift test` at once: --ignore-lock, since neither builds.
run() { swift test --skip-build --ignore-lock --disable-swift-testing "$@"; }

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
if [ $# -gt 0 ]; then
    run "$@" 2>&1 | tee "$logs/1" || status=$?
else
    ( lane=0
      bridge_tests || lane=1
      run --skip EndToEndTests --skip 'InProcessTests' || lane=1
      run --filter 'EndToEndTests\.[A-O]' --skip 'EndToEndTests\.(FaultMatrix|Doctor)' || lane=1
      exit $lane ) >"$logs/1" 2>&1 &
    lane1=$!
    ( lane=0
      # A parallel run prints a summary only for each test that failed (renamed
      # here, not to be counted twice): the one counted is from its xunit
      # report, in XCTest's words, for the closing line below.
      run --parallel --num-workers 4 --xunit-output "$logs/in-process.xml" \
          --filter 'ControlPadTests\.[A-Za-z]*InProcessTests' 2>&1 \
          | sed -E "s/^Test Suite '(All|Selected) tests'/Test Suite 'one parallel test'/" || lane=1
      tests=$(grep -oE '<testsuite [^>]*' "$logs/in-process.xml" | grep -oE ' tests="[0-9]+"' | grep -oE '[0-9]+' || echo 0)
      failures=$(grep -oE '<testsuite [^>]*' "$logs/in-process.xml" | grep -oE ' failures="[0-9]+"' | grep -oE '[0-9]+' || echo 0)
      echo "Test Suite 'Selected tests' $([ "$lane" = 0 ] && echo passed || echo failed) (in-process, parallel)"
      echo "	 Executed $tests tests, with $failures failures"
      run --filter 'EndToEndTests\.([P-Z]|FaultMatrix|Doctor)' || lane=1
      exit $lane ) >"$logs/2" 2>&1 &
    lane2=$!
    wait "$lane1" || status=1
    wait "$lane2" || status=1
    cat "$logs/1" "$logs/2"
fi

# One plain closing line over every run: "tests: N passed, N failed, N skipped".
total=0 failed=0 skipped=0
while read -r line; do
    n=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$line")
    f=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$line")
    s=$(grep -oE '[0-9]+ tests? skipped' <<<"$line" | grep -oE '^[0-9]+' || echo 0)
    total=$((total + n)) failed=$((failed + f)) skipped=$((skipped + s))
done < <(cat "$logs"/* | awk "/^Test Suite '(All|Selected) tests' (passed|failed)/ { getline; print }")
echo "tests: $((total - failed - skipped)) passed, $failed failed, $skipped skipped"
exit "$status"
