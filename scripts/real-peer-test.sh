#!/bin/bash
# Runs the opt-in tests against a real LibreOffice Impress: takes the shared
# peer lock, starts shared/impress-remote/peer.sh (which returns once
# LibreOffice is ready), runs with
# CONTROLPAD_REAL_PEER=1
#   1. EndToEndTests.ConnectEndToEndTests/testRealImpress: the built
#      `controlpad connect 127.0.0.1` in tmux, driven by keys, read off the
#      screen (F5, → ← 3⏎, b b, S, q);
#   2. EndToEndTests.SendWatchEndToEndTests/testRealImpressSendAndWatch:
#      `controlpad watch --json` following while `controlpad send` starts the
#      show, steps it like a pedal (one process per step), goes to 2, blanks,
#      resumes and stops it (prints the watch output: docs/USER-GUIDE.md's sample);
#   3. ImpressRemoteTransportTests.RealImpressTests: the network source on its own
#      (pacing, resume duplicates, an unknown client shown a PIN: last, as it
#      leaves a PIN dialog open in Impress),
#   4. EndToEndTests.LeavingMidStreamEndToEndTests on the heavy and long
#      decks of tools/impress-decks (80 photos, 60 diagrams, 400 slides of
#      text; made once through UNO and kept in /var/tmp): every way out of
#      the pad within the preview stream, each followed by a second client
#      that must still move the show (about 8 minutes; SKIP_MID_STREAM=1
#      skips, HEAVY_DECKS='photos:80' picks),
#   5. EndToEndTests.RealImpressCrashEndToEndTests on a fresh 40-slide show
#      (issue 38): `send blank`, `resume`, `next` 1 s and 0.2 s apart, and
#      the pad quit and started again with b and →, ROUNDS (20) each, each
#      on a fresh LibreOffice; Impress must be alive at the end and the show
#      where the last command put it (SKIP_CRASH=1 skips; CRASH_ONLY=1 runs
#      only these);
# and always stops the peer again; then, under its own lock, a real pdfpc:
#   5. EndToEndTests.RealPdfpcEndToEndTests (CONTROLPAD_REAL_PDFPC=1): the
#      pad on ../shared/pdfpc/peer.sh started on a 12-slide deck
#      (tools/fake-pdfpc/make_deck.py, the shared deck's notes): pair, five
#      quick →, go-to, blank, notes as typed, a picture of the pane's size,
#      a move made by another client through pdfpc's API, the mouse held on the
#      slide moving pdfpc's own pointer (asked of pdfpc, and seen with xwd on
#      its presentation window), ink mode as its pen (SKIP_PDFPC=1 skips;
#      SKIP_IMPRESS=1 runs only this);
# then, under LibreOffice's lock, Impress over UNO on this computer:
#   6. EndToEndTests.RealImpressUNOEndToEndTests (CONTROLPAD_REAL_UNO=1, the
#      mouse held on the slide moving the show's own pointer, seen with xwd):
#      `controlpad present` on a 62-slide deck with builds of every trigger
#      and rich notes (tools/impress-uno-decks), under an Xvfb of its own:
#      LibreOffice not running and already running, five quick → from
#      every pattern of builds and in the show's first second, go-to, blank
#      then ← and → (at step 0 and mid-build), a rejoin mid-build (`step ?/3`),
#      the current pane's picture against the room's screen at each step, a
#      locked deck, a second deck's show, the `--window` show's window with no
#      editor around it, blank from the pad and from LibreOffice, a move made
#      in LibreOffice, LibreOffice killed mid-talk and `r`, every way of
#      quitting (SKIP_UNO=1 skips; LO_PEER_VERSION picks the LibreOffice);
# then a real reveal.js deck in Chromium (scripts/real-reveal-test.sh, its
# own lock and port):
#   6. RevealJSTransportTests.RealRevealTests, BrowserLauncherTests (`present`)
#      and EndToEndTests.RealRevealEndToEndTests: the built `controlpad connect
#      reveal://…` in tmux on ../shared/revealjs/peer.sh: five quick → over
#      fragments and a vertical stack, go-to, blank, a move made in the
#      browser, a reload (SKIP_REVEAL=1 skips).
# Exits non-zero if any failed.
#
#   scripts/real-peer-test.sh            # first run may install LibreOffice (minutes)
#
# Environment: SCRATCH_PATH (build dir, default .build-net), PEER_SH (peer.sh
# path, default ../shared/impress-remote/peer.sh beside the repo),
# PEER_LOCK (default /var/tmp/controlpad-peer.lock), PDFPC_PEER_SH (default
# ../shared/pdfpc/peer.sh), PDFPC_PEER_LOCK (default /var/tmp/controlpad-pdfpc-peer.lock).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PEER_SH=${PEER_SH:-$ROOT/../shared/impress-remote/peer.sh}
SCRATCH_PATH=${SCRATCH_PATH:-$ROOT/.build-net}
PEER_LOCK=${PEER_LOCK:-/var/tmp/controlpad-peer.lock}
# The heavy and long decks (name:slides), made by tools/impress-decks/make_decks.py.
HEAVY_DECKS=${HEAVY_DECKS:-'photos:80 diagrams:60 text:400'}
# Run in this order, each its own `swift test` (see above).
FILTERS=${FILTERS:-'EndToEndTests.ConnectEndToEndTests/testRealImpress EndToEndTests.SendWatchEndToEndTests/testRealImpressSendAndWatch EndToEndTests.DoctorEndToEndTests/testRealImpressDoctor ImpressRemoteTransportTests.RealImpressTests EndToEndTests.RealImpressRestartEndToEndTests'}
# Last of all, with the peer restarted as a fresh LibreOffice 24.8+ has it
# (LO_PEER_WIFI=0: nothing listens) and CONTROLPAD_REAL_PEER_WIFI_OFF=1;
# the peer is then restarted normally. Empty: skip that part.
WIFI_OFF_FILTERS=${WIFI_OFF_FILTERS-'EndToEndTests.DoctorEndToEndTests/testRealImpressWithTheWiFiSettingOffIsRefused'}

PDFPC_PEER_SH=${PDFPC_PEER_SH:-$ROOT/../shared/pdfpc/peer.sh}
PDFPC_PEER_LOCK=${PDFPC_PEER_LOCK:-/var/tmp/controlpad-pdfpc-peer.lock}
PDFPC_DECK=/var/tmp/controlpad-pdfpc-deck-12.pdf

[ -n "${SKIP_IMPRESS:-}" ] || [ -x "$PEER_SH" ] || { echo "real-peer-test: no peer.sh at $PEER_SH" >&2; exit 2; }
[ -n "${SKIP_PDFPC:-}" ] || [ -x "$PDFPC_PEER_SH" ] || { echo "real-peer-test: no pdfpc peer.sh at $PDFPC_PEER_SH" >&2; exit 2; }

cd "$ROOT"
# Build before taking the lock: the peer is shared, keep its time short.
swift build --scratch-path "$SCRATCH_PATH" --build-tests

run_locked() {
    trap '"$PEER_SH" stop || true' EXIT
    local failed=0 filter
    if [ -n "${SKIP_CRASH:-}" ]; then "$PEER_SH"; fi
    # The blank/resume crash patterns, each on a fresh LibreOffice and a 40-slide show.
    if [ -z "${SKIP_CRASH:-}" ]; then
        /usr/bin/python3 - <<'PY'
import json
json.dump([["Slide %d" % i, "Body of slide %d" % i, "Notes %d" % i] for i in range(1, 41)],
          open("/var/tmp/controlpad-deck40.json", "w"))
PY
        for filter in testAPedalsBlankResumeNextOneSecondApart testAPedalsBlankResumeNextAFifthOfASecondApart \
                      testThePadQuitAndStartedAgainWithBlankAndNext; do
            "$PEER_SH" stop
            LO_PEER_DECK=/var/tmp/controlpad-deck40.odp LO_PEER_DECK_SPEC=/var/tmp/controlpad-deck40.json "$PEER_SH"
            echo "real-peer-test: running RealImpressCrashEndToEndTests/$filter" >&2
            if ! CONTROLPAD_REAL_PEER_CRASH=1 swift test --scratch-path "$SCRATCH_PATH" --skip-build \
                    --filter "EndToEndTests.RealImpressCrashEndToEndTests/$filter"; then
                echo "real-peer-test: FAILED: $filter" >&2
                failed=1
            fi
            "$PEER_SH" status >&2 || true
        done
        "$PEER_SH" stop
        [ -z "${CRASH_ONLY:-}" ] || return $failed
        "$PEER_SH"
    fi
    for filter in $FILTERS; do
        echo "real-peer-test: running $filter" >&2
        if ! CONTROLPAD_REAL_PEER=1 swift test --scratch-path "$SCRATCH_PATH" --skip-build --filter "$filter"; then
            echo "real-peer-test: FAILED: $filter" >&2
            failed=1
        fi
        # Is LibreOffice still there (a crash would fail everything after)?
        "$PEER_SH" status >&2 || true
    done
    # Every way out of the pad while LibreOffice still streams a show's
    # previews, then a second client must still move the show: on decks
    # that stream for tens of seconds (heavy pictures, costly diagrams,
    # hundreds of slides).
    if [ -z "${SKIP_MID_STREAM:-}" ]; then
        local deck slides
        for deck in $HEAVY_DECKS; do
            slides=${deck#*:}; deck=${deck%%:*}
            "$PEER_SH" stop
            [ -f "/var/tmp/controlpad-deck-$deck.odp" ] || /usr/bin/python3 tools/impress-decks/make_decks.py "$deck" "/var/tmp/controlpad-deck-$deck.odp"
            LO_PEER_DECK=/var/tmp/controlpad-deck-$deck.odp "$PEER_SH"
            echo "real-peer-test: running the mid-stream exits on the $deck deck ($slides slides)" >&2
            if ! CONTROLPAD_REAL_PEER_SLIDES=$slides swift test --scratch-path "$SCRATCH_PATH" --skip-build \
                    --filter EndToEndTests.LeavingMidStreamEndToEndTests/testRealImpressSurvivesEveryWayOutMidStream; then
                echo "real-peer-test: FAILED: mid-stream exits on the $deck deck" >&2
                failed=1
            fi
        done
    fi
    # LibreOffice before 24.8 has no such setting: its remote listens anyway.
    if [ -n "$WIFI_OFF_FILTERS" ] && [ "${LO_PEER_VERSION:-25.2}" != "7.4" ]; then
        echo "real-peer-test: restarting the peer with LO_PEER_WIFI=0" >&2
        "$PEER_SH" stop
        LO_PEER_WIFI=0 "$PEER_SH"
        for filter in $WIFI_OFF_FILTERS; do
            echo "real-peer-test: running $filter (WiFi setting off)" >&2
            if ! CONTROLPAD_REAL_PEER=1 CONTROLPAD_REAL_PEER_WIFI_OFF=1 \
                    swift test --scratch-path "$SCRATCH_PATH" --skip-build --filter "$filter"; then
                echo "real-peer-test: FAILED: $filter" >&2
                failed=1
            fi
        done
        echo "real-peer-test: restarting the peer normally" >&2
        "$PEER_SH" stop
        "$PEER_SH"
        "$PEER_SH" status >&2 || true
    fi
    return $failed
}

# The pdfpc peer (its own lock: it does not share LibreOffice's).
run_pdfpc_locked() {
    trap '"$PDFPC_PEER_SH" stop || true' EXIT
    python3 tools/fake-pdfpc/make_deck.py "$PDFPC_DECK" --slides 12
    # The display pdfpc shows on (peer.sh's default): the pointer test takes xwd of its presentation window.
    export PDFPC_PEER_DISPLAY=${PDFPC_PEER_DISPLAY:-:89}
    PDFPC_PEER_DECK=$PDFPC_DECK "$PDFPC_PEER_SH"
    echo "real-peer-test: running EndToEndTests.RealPdfpcEndToEndTests" >&2
    if ! CONTROLPAD_REAL_PDFPC=1 swift test --scratch-path "$SCRATCH_PATH" --skip-build \
            --filter EndToEndTests.RealPdfpcEndToEndTests; then
        echo "real-peer-test: FAILED: EndToEndTests.RealPdfpcEndToEndTests" >&2
        return 1
    fi
}

export -f run_locked run_pdfpc_locked
export PEER_SH SCRATCH_PATH FILTERS HEAVY_DECKS
export WIFI_OFF_FILTERS PDFPC_PEER_SH PDFPC_DECK
status=0
if [ -z "${SKIP_IMPRESS:-}" ]; then flock -o "$PEER_LOCK" bash -c run_locked || status=1; fi
if [ -z "${SKIP_PDFPC:-}" ]; then flock -o "$PDFPC_PEER_LOCK" bash -c run_pdfpc_locked || status=1; fi
# Impress over UNO: LibreOffice as installed (peer.sh installs it; its lock,
# since both run soffice), on decks the tests make, under Xvfb of their own.
run_uno_locked() {
    echo "real-peer-test: running EndToEndTests.RealImpressUNOEndToEndTests" >&2
    if ! CONTROLPAD_REAL_UNO=1 swift test --scratch-path "$SCRATCH_PATH" --skip-build \
            --filter EndToEndTests.RealImpressUNOEndToEndTests; then
        echo "real-peer-test: FAILED: EndToEndTests.RealImpressUNOEndToEndTests" >&2
        return 1
    fi
}
export -f run_uno_locked
if [ -z "${SKIP_UNO:-}" ]; then flock -o "$PEER_LOCK" bash -c run_uno_locked || status=1; fi
if [ -z "${SKIP_REVEAL:-}" ]; then SCRATCH_PATH=$SCRATCH_PATH "$ROOT/scripts/real-reveal-test.sh" || status=1; fi
exit $status
