#!/bin/bash
# Runs the opt-in reveal.js tests against a real Chromium and reveal.js
# (../shared/revealjs/peer.sh): RevealJSTransportTests.RealRevealTests
# (connect, five quick → over fragments and a vertical stack, go-to, blank,
# notes as typed, a move made in the browser, a reload, a picture at the
# pane's size compared with the audience's own screenshot, the figures) and
# BrowserLauncherTests (`present`: a headless Chromium started by the pad),
# and EndToEndTests.RealRevealEndToEndTests (the built `controlpad connect
# reveal://…` in tmux: five quick →, go-to, blank, → and ← while blank, a
# pause made in the browser, a move made in the
# browser, a reload, read off the screen), and RealPresentEndToEndTests
# (`present`: the quit question, the browser left running, present again
# comes back to it on the same slide with the timer kept).
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
REVEAL_PEER_PORT=$PORT "$PEER_SH" >/dev/null
trap 'REVEAL_PEER_PORT=$PORT "$PEER_SH" stop >/dev/null 2>&1 || true' EXIT
CONTROLPAD_REAL_REVEAL=1 CONTROLPAD_REAL_REVEAL_PORT=$PORT \
    swift test --scratch-path "$SCRATCH_PATH" --skip-build \
    --filter 'RevealJSTransportTests.(RealRevealTests|BrowserLauncherTests)|EndToEndTests.(RealRevealEndToEndTests|RealPresentEndToEndTests)'
