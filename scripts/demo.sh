#!/bin/bash
# Builds ControlPad (release) and opens the pad on the built-in demo deck.
# Extra arguments go to controlpad, e.g. scripts/demo.sh --seed 7 --slides 40
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
scripts/install-deps.sh
# The same flags as scripts/install.sh, so the two share one release build.
swift build -c release --product controlpad
exec .build/release/controlpad demo "$@"
