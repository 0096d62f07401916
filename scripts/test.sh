#!/bin/bash
# Runs every test: unit, snapshot, fake-server network tests and the
# end-to-end tests that drive the built binary inside tmux. Installs what
# the tests need first. The test against a real LibreOffice is opt-in:
# scripts/real-peer-test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-deps.sh
swift build --build-tests
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
# All tests are XCTest; Swift Testing would only add a "0 tests" line.
swift test --skip-build --disable-swift-testing "$@" 2>&1 | tee "$log" || status=$?
# One plain closing line: "tests: N passed, N failed, N skipped".
summary=$(grep -E '^[[:space:]]*Executed [0-9]+ tests?, with' "$log" | tail -n 1 || true)
if [ -n "$summary" ]; then
    total=$(sed -E 's/.*Executed ([0-9]+) tests?.*/\1/' <<<"$summary")
    failed=$(sed -E 's/.* ([0-9]+) failures?.*/\1/' <<<"$summary")
    skipped=$(grep -oE '[0-9]+ tests? skipped' <<<"$summary" | grep -oE '^[0-9]+' || echo 0)
    echo "tests: $((total - failed - skipped)) passed, $failed failed, $skipped skipped"
fi
exit "$status"
