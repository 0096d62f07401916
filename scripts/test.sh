#!/bin/bash
# Runs every test: unit, snapshot, fake-server network tests and the
# end-to-end tests that drive the built binary inside tmux. Installs what
# the tests need first. The test against a real LibreOffice is opt-in:
# scripts/real-peer-test.sh.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-deps.sh
swift build --build-tests
swift test --skip-build "$@"
