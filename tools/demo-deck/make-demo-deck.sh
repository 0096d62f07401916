#!/bin/bash
# Regenerate ControlPad's built-in demo deck (and, optionally, the protocol
# fixtures) from a real LibreOffice Impress, using the shared peer.
#
#   tools/demo-deck/make-demo-deck.sh            # demo deck only
#   tools/demo-deck/make-demo-deck.sh fixtures   # Tests/ImpressRemoteTests/Fixtures/*.bin only
#   tools/demo-deck/make-demo-deck.sh all        # both
#
# Demo deck: builds /var/tmp/controlpad-demo/demo.odp from spec.json with
# peer.sh's make_deck.py (never committed), presents it with a real soffice and
# records every slide_preview / slide_notes with capture.py into
# Sources/DemoSource/Resources/DemoDeck/ (slide-NN.png, slide-NN.notes, deck.txt).
#
# Environment:
#   IMPRESS_REMOTE_DIR   shared peer material      [/work/shared/impress-remote]
#   CONTROLPAD_DEMO_ODP  where the .odp is built   [/var/tmp/controlpad-demo/demo.odp]
#   CONTROLPAD_DEMO_TITLE  title for deck.txt line 2 [A tour of ControlPad]
#                        (LibreOffice's slideshow_info only says "deck.odp",
#                        the name of peer.sh's working copy; set to "" to keep that)
#
# spec.json: 14 [title, body, notes] triples; "\n" in notes is a paragraph
# break (LibreOffice sends it as <br/>). Slide 9 has empty notes: LibreOffice
# still sends <html><body><br/></body></html> for it. Slide 6's long notes
# spell "café" and "naïve" with combining U+0301/U+0308 on purpose (they
# arrive unnormalised); everywhere else the accents are precomposed.
#
# Holds /var/tmp/controlpad-peer.lock for the whole run and always stops the
# peer at the end. Needs nothing but 127.0.0.1 (peer.sh may apt-get install
# libreoffice-impress, xvfb, python3-uno on first use).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SHARED=${IMPRESS_REMOTE_DIR:-/work/shared/impress-remote}
PEER=$SHARED/peer.sh
ODP=${CONTROLPAD_DEMO_ODP:-/var/tmp/controlpad-demo/demo.odp}
TITLE=${CONTROLPAD_DEMO_TITLE-A tour of ControlPad}
LOCK=/var/tmp/controlpad-peer.lock
OUT=$ROOT/Sources/DemoSource/Resources/DemoDeck
FIX=$ROOT/Tests/ImpressRemoteTests/Fixtures
MODE=${1:-deck}
case "$MODE" in deck|fixtures|all) ;; *) echo "usage: $0 [deck|fixtures|all]" >&2; exit 2 ;; esac

log() { echo "[make-demo-deck] $*" >&2; }

# The lock is held on fd 9 by this shell. peer.sh leaves Xvfb and soffice
# running in the background; they must not inherit fd 9, or they would keep
# the lock held after this script exits (until someone runs peer.sh stop).
exec 9>>"$LOCK"
log "waiting for $LOCK"
flock 9
peer() { "$PEER" "$@" 9>&-; }
# Seen with LibreOffice 7.4.7: a show started within ~0.5 s of port 1599
# listening ignores transition_next/previous for its whole run (goto_slide
# works; a second show is fine). 1 s was enough here; wait 3 s.
start_peer() { peer start; sleep "${CONTROLPAD_PEER_SETTLE:-3}"; }

if ss -Hltn "sport = :1599" | grep -q . ; then
    log "ERROR: something already listens on 1599 (a peer left running?)."
    log "       Stop it first ($PEER stop) if it is yours."
    exit 1
fi
trap 'peer stop; peer status >&2' EXIT

if [ "$MODE" = deck ] || [ "$MODE" = all ]; then
    mkdir -p "$(dirname "$ODP")"
    log "generating $ODP from $HERE/spec.json"
    LO_PEER_DECK=$ODP LO_PEER_DECK_SPEC=$HERE/spec.json LO_PEER_REMAKE_DECK=1 peer start
    # docs/IMPRESS-REMOTE.md: after a run that generated its deck, navigation may be
    # ignored; present from a fresh start (cheap, and the capture only needs
    # presentation_start anyway).
    peer stop
    LO_PEER_DECK=$ODP start_peer
    CAPTURE_TITLE=$TITLE python3 "$HERE/capture.py" deck "$OUT"
    peer stop
fi

if [ "$MODE" = fixtures ] || [ "$MODE" = all ]; then
    mkdir -p "$FIX"
    start_peer                      # the shared 5-slide deck.odp
    python3 "$HERE/capture.py" session-shared "$FIX/lo-session-shared-deck.bin"
    python3 "$HERE/capture.py" resume-duplicates "$FIX/lo-session-resume-duplicates.bin"
    python3 "$HERE/capture.py" pair-unknown "$FIX/lo-pair-unknown.bin"
    peer stop
fi
log "done"
