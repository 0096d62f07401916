#!/bin/bash
# Fetches a tmux with sixel (3.4 and later: Debian 13 and Ubuntu 24.04 ship
# one; on Debian 12, bookworm-backports' 3.5a) without installing it: the
# .deb and the libjemalloc2 it needs are unpacked under .build/tmux-sixel/,
# beside a `tmux` wrapper that finds the library. Prints the wrapper's path.
# The real-terminal test of sixel through tmux runs it
# (RealTerminalTmuxSixelTests, CONTROLPAD_TMUX_SIXEL=1); TMUX_VERSION picks
# another version (default 3.5a-2~bpo12+1, bookworm-backports').
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
version=${TMUX_VERSION:-3.5a-2~bpo12+1}
dir=$PWD/.build/tmux-sixel
if [ ! -x "$dir/tmux" ] || ! "$dir/tmux" -V >/dev/null 2>&1; then
    rm -rf "$dir"
    mkdir -p "$dir/debs"
    (
        cd "$dir/debs"
        if ! apt-get download "tmux=$version" libjemalloc2 >/dev/null 2>&1; then
            # The package lists may not name it yet (a fresh machine).
            apt-get update -qq
            apt-get download "tmux=$version" libjemalloc2 >/dev/null || {
                echo "fetch-tmux: tmux $version is not in the package lists (Debian 12: add bookworm-backports)" >&2
                exit 1
            }
        fi
    )
    for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done
    lib=$(dirname "$(find "$dir/root" -name 'libjemalloc.so.2' | head -1)")
    cat >"$dir/tmux" <<WRAP
#!/bin/sh
LD_LIBRARY_PATH=$lib exec $dir/root/usr/bin/tmux "\$@"
WRAP
    chmod +x "$dir/tmux"
fi
"$dir/tmux" -V >&2
echo "$dir/tmux"
