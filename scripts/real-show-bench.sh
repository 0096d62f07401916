#!/bin/bash
# The real-show part of the benchmark (scripts/bench.sh): quick presses and a held → on a
# real LibreOffice Impress, next to a bare client's fastest lossless pace.
# Builds release, takes the shared peer lock, starts
# ../shared/impress-remote/peer.sh with a 60-slide deck (made once, kept in
# /var/tmp), runs `scripts/bench.sh --only show`, and stops the peer again.
#
#   scripts/real-show-bench.sh [--runs N]     # extra arguments go to bench
#   scripts/real-show-bench.sh --long         # instead: the 400-slide deck of
#                                             # tools/impress-decks while its
#                                             # previews stream (bench --only long)
#
# Environment: PEER_SH, PEER_LOCK as for scripts/real-peer-test.sh.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PEER_SH=${PEER_SH:-$ROOT/../shared/impress-remote/peer.sh}
PEER_LOCK=${PEER_LOCK:-/var/tmp/controlpad-peer.lock}
DECK=/var/tmp/controlpad-bench-deck-60.odp
SPEC=/var/tmp/controlpad-bench-deck-60.json

[ -x "$PEER_SH" ] || { echo "real-show-bench: no peer.sh at $PEER_SH" >&2; exit 2; }
cd "$ROOT"
python3 -c '
import json, sys
json.dump([[f"Slide {i}", f"Point {i}a\nPoint {i}b", f"Notes for slide {i}."] for i in range(1, 61)], open(sys.argv[1], "w"))
' "$SPEC"

run_locked() {
    trap '"$PEER_SH" stop || true' EXIT
    if [ "${1:-}" = --long ]; then
        shift
        local long=/var/tmp/controlpad-deck-text.odp
        [ -f "$long" ] || /usr/bin/python3 tools/impress-decks/make_decks.py text "$long"
        LO_PEER_DECK=$long "$PEER_SH"
        scripts/bench.sh --only long "$@"
    else
        LO_PEER_DECK=$DECK LO_PEER_DECK_SPEC=$SPEC "$PEER_SH"
        scripts/bench.sh --only show "$@"
    fi
}
export -f run_locked
export PEER_SH DECK SPEC
exec flock -o "$PEER_LOCK" bash -c 'run_locked "$@"' run_locked "$@"
