#!/bin/bash
# The flakiness check: the whole suite (scripts/test.sh), RUNS times in a
# row (default 3), with a CPU hog beside it: one busy loop per core, as on
# a developer's machine that is doing something else. Prints each run's
# closing line and exits non-zero if any run failed. Every wait in the
# tests is for a state, so a busy machine may make them slower, never red.
#
#   scripts/test-under-load.sh [RUNS] [-- ARGUMENTS FOR scripts/test.sh]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
runs=${1:-3}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "test-under-load: RUNS must be a positive number, not $runs" >&2; exit 2; }
shift $(( $# > 0 ? 1 : 0 ))
[ "${1:-}" = -- ] && shift

hogs=()
stop_hogs() { [ ${#hogs[@]} -eq 0 ] || kill "${hogs[@]}" 2>/dev/null || true; }
trap stop_hogs EXIT
for _ in $(seq "$(nproc)"); do
    ( while :; do :; done ) &
    hogs+=($!)
done
echo "test-under-load: ${#hogs[@]} busy loops running (pids ${hogs[*]})" >&2

summaries=()
status=0
for run in $(seq "$runs"); do
    log=$(mktemp)
    start=$(date +%s)
    if scripts/test.sh "$@" >"$log" 2>&1; then result=green; else result=RED; status=1; fi
    line=$(grep -E '^tests: [0-9]+ passed' "$log" | tail -n 1 || true)
    summaries+=("run $run: $result in $(( $(date +%s) - start )) s · ${line:-no summary line}")
    echo "test-under-load: ${summaries[-1]}" >&2
    [ "$result" = green ] || grep -E 'error:|failed \(' "$log" | head -n 20 >&2
    rm -f "$log"
done
printf '%s\n' "${summaries[@]}"
exit "$status"
