#!/bin/bash
# A presenter's day on a real LibreOffice (issue 52): CYCLES times (default
# 20) a foot pedal's `send` blank, resume, next before the pad, then the pad
# (which takes the kept link over), `b`, →, a `send next` through the pad,
# and q·y (the pad leaves its link, held since a blank ended, to a keeper).
# A `watch --json` runs all along, following whoever holds the link.
# After each cycle: ControlPad's connections to the show (`ss`), soffice's
# CPU seconds in the cycle, what each `send` answered, and the last slide
# the watch printed. Before and after:
# soffice's CPU at rest, and that no keep-link command line shows the PIN.
# Wanted: one connection in every cycle, soffice's CPU per cycle and at rest
# flat. Starts peer.sh with an 80-slide deck on LO_PEER_DISPLAY (default
# :150), under the shared lock, and stops it again.
#
#   scripts/one-link-trial.sh [CYCLES]
#
# Environment: LO_PEER_SH (default ../shared/impress-remote/peer.sh beside
# the repo), LO_PEER_DISPLAY, LO_PEER_RUN (default /var/tmp/one-link-peer),
# CONTROLPAD (default .build/debug/controlpad, copied first so a rebuild
# cannot change it mid-run).
set -u
CYCLES=${1:-20}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PEER_SH=${LO_PEER_SH:-$ROOT/../shared/impress-remote/peer.sh}
if [ -z "${ONE_LINK_LOCKED:-}" ]; then
    ONE_LINK_LOCKED=1 exec flock /tmp/controlpad-real-lo.lock "$0" "$@"
fi
WORK=$(mktemp -d /tmp/one-link-XXXXXX)
trap '[ -n "${WATCH:-}" ] && kill -INT "$WATCH" 2>/dev/null; tmux -L one-link kill-server 2>/dev/null; "$PEER_SH" stop >/dev/null 2>&1; rm -rf "$WORK"' EXIT
cp "${CONTROLPAD:-$ROOT/.build/debug/controlpad}" "$WORK/controlpad"
B=$WORK/controlpad
export XDG_RUNTIME_DIR=$WORK/run XDG_STATE_HOME=$WORK/state
mkdir -p "$XDG_RUNTIME_DIR" "$XDG_STATE_HOME"
export LO_PEER_DISPLAY=${LO_PEER_DISPLAY:-:150} LO_PEER_RUN=${LO_PEER_RUN:-/var/tmp/one-link-peer}
export LO_PEER_DECK=/var/tmp/one-link-deck80.odp LO_PEER_DECK_SPEC=/var/tmp/one-link-deck80.json
python3 -c 'import json; json.dump([["Slide %d" % i, "Body of slide %d" % i, "Notes %d" % i] for i in range(1, 81)], open("/var/tmp/one-link-deck80.json", "w"))'
"$PEER_SH" > "$WORK/peer.log" 2>&1 || { echo "one-link-trial: peer.sh failed"; tail -3 "$WORK/peer.log"; exit 1; }
SOFFICE=$(pgrep -f "soffice.bin.*$LO_PEER_RUN" | head -1)
ticks() { awk '{print $14+$15}' "/proc/$SOFFICE/stat"; }
rest() { local a b; a=$(ticks); sleep 5; b=$(ticks); echo "scale=1; ($b-$a)*100/$(getconf CLK_TCK)/5" | bc; }
conns() { ss -tnp state established '( dport = :1599 )' 2>/dev/null | grep -c controlpad; }
"$B" send 127.0.0.1 start --name controlpad-test --pin 1234
"$B" watch 127.0.0.1 --json > "$WORK/watch.jsonl" 2> "$WORK/watch.err" &
WATCH=$!
watched() { grep '"event":"slide"' "$WORK/watch.jsonl" | tail -1 | sed 's/.*"position":\([0-9]*\).*/\1/'; }
sleep 6
echo "before: soffice at rest $(rest)% CPU; ControlPad connections $(conns)"
echo "ps: $(ps -eo args | grep '[k]eep-link' | grep -c 1234) keep-link command lines with the PIN: $(ps -eo args | grep '[k]eep-link' | head -1)"
last=$(ticks)
for i in $(seq 1 "$CYCLES"); do
    start=$(date +%s.%N)
    a=$("$B" send 127.0.0.1 blank 2>&1); b=$("$B" send 127.0.0.1 resume 2>&1); c=$("$B" send 127.0.0.1 next 2>&1)
    tmux -L one-link kill-server 2>/dev/null; sleep 0.3
    tmux -L one-link new-session -d -s pad -x 100 -y 30 "env XDG_RUNTIME_DIR=$XDG_RUNTIME_DIR XDG_STATE_HOME=$XDG_STATE_HOME $B connect 127.0.0.1 --no-animation --pictures none; echo EXIT=\$?; sleep 1000"
    for _ in $(seq 100); do tmux -L one-link capture-pane -p 2>/dev/null | grep -q "/80 ·" && break; sleep 0.1; done
    tmux -L one-link send-keys b; sleep 0.5; tmux -L one-link send-keys Right; sleep 0.5
    d=$("$B" send 127.0.0.1 next 2>&1)
    tmux -L one-link send-keys q; sleep 0.3; tmux -L one-link send-keys y
    for _ in $(seq 100); do tmux -L one-link capture-pane -p 2>/dev/null | grep -q "EXIT=" && break; sleep 0.1; done
    sleep 0.5
    now=$(ticks)
    echo "cycle $i: $(conns) connection(s); soffice $(echo "scale=1; ($now-$last)/$(getconf CLK_TCK)" | bc) s CPU in $(echo "$(date +%s.%N)-$start" | bc | cut -c1-4) s; sends: $a | $b | $c | through the pad: $d | watch: slide $(watched)"
    last=$now
done
echo "after: send next → $("$B" send 127.0.0.1 next 2>&1)"
sleep 6
echo "watch: $(grep -c '"event":"slide"' "$WORK/watch.jsonl") slide lines, $(grep -c '"event":"paired"' "$WORK/watch.jsonl") paired, $(grep -c '"event":"link_lost"' "$WORK/watch.jsonl") link_lost; stderr: $(head -c 300 "$WORK/watch.err")"
echo "watch's slides in order: $(grep '"event":"slide"' "$WORK/watch.jsonl" | sed 's/.*"position":\([0-9]*\).*/\1/' | tr '\n' ' ')"
kill -INT "$WATCH"; wait "$WATCH"; echo "watch exit $?"; WATCH=
echo "after: soffice at rest $(rest)% CPU; ControlPad connections $(conns)"
"$B" links
"$B" send 127.0.0.1 stop
