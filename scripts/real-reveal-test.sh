#!/bin/bash
# Runs the opt-in reveal.js tests against a real Chromium and reveal.js
# (../shared/revealjs/peer.sh): RevealJSTransportTests.RealRevealTests
# and RealRevealMarksTests (the pointer and ink on the audience's page, read
# off a DevTools screenshot; gone on quit and when the link drops; and in
# RealRevealEndToEndTests the built pad fed the mouse bytes a terminal sends)
# (connect, five quick → over fragments and a vertical stack, go-to, blank,
# notes as typed, a move made in the browser, a reload, a picture at the
# pane's size compared with the audience's own screenshot, the figures) and
# BrowserLauncherTests (`present`: a headless Chromium started by the pad),
# and EndToEndTests.RealRevealEndToEndTests (the built `controlpad connect
# reveal://…` in tmux: five quick →, go-to, blank, → and ← while blank, a
# pause made in the browser, a move made in the
# browser, a reload, read off the screen), RealPresentEndToEndTests
# (`present`: the quit question, the browser left running, present again
# comes back to it on the same slide with the timer kept) and
# EndToEndTests.RealRevealSectionsEndToEndTests (a second peer on PORT+1
# serving tools/reveal-sections/deck.html, a pandoc deck with level-1
# sections and data-timing: two sections with ], the agenda, a jump).
# Starts the peer on REVEAL_PORT (default 9252) under a lock, and always
# stops it again. Exits non-zero if any failed.
#
#   scripts/real-reveal-test.sh
#
# Environment: REVEAL_PEER_SH (default ../shared/revealjs/peer.sh beside the
# repo), REVEAL_PORT, REVEAL_LOCK (default /var/tmp/controlpad-reveal-peer-PORT.lock),
# SCRATCH_PATH (build dir, default .build).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PEER_SH=${REVEAL_PEER_SH:-$ROOT/../shared/revealjs/peer.sh}
PORT=${REVEAL_PORT:-9252}
LOCK=${REVEAL_LOCK:-/var/tmp/controlpad-reveal-peer-$PORT.lock}
[ -x "$PEER_SH" ] || { echo "real-reveal-test: no peer.sh at $PEER_SH" >&2; exit 2; }

cd "$ROOT"
SCRATCH_PATH=${SCRATCH_PATH:-$ROOT/.build}
swift build --scratch-path "$SCRATCH_PATH" --build-tests
exec 9>"$LOCK"
flock 9
SECTIONS_PORT=$((PORT + 1))
trap 'REVEAL_PEER_PORT=$PORT "$PEER_SH" stop >/dev/null 2>&1 || true; REVEAL_PEER_PORT=$SECTIONS_PORT "$PEER_SH" stop >/dev/null 2>&1 || true' EXIT
REVEAL_PEER_PORT=$PORT "$PEER_SH" >/dev/null
REVEAL_PEER_PORT=$SECTIONS_PORT REVEAL_PEER_DECK="$ROOT/tools/reveal-sections/deck.html" "$PEER_SH" >/dev/null
CONTROLPAD_REAL_REVEAL=1 CONTROLPAD_REAL_REVEAL_PORT=$PORT CONTROLPAD_REAL_REVEAL_SECTIONS_PORT=$SECTIONS_PORT \
    swift test --scratch-path "$SCRATCH_PATH" --skip-build \
    --filter 'RevealJSTransportTests.(RealRevealTests|RealRevealMarksTests|BrowserLauncherTests)|EndToEndTests.(RealReveal(Sections)?EndToEndTests|RealPresentEndToEndTests)'
