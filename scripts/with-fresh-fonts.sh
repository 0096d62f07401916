#!/bin/bash
# Runs a command seeing only the fonts a fresh machine has after
# scripts/install-deps.sh: fonts-dejavu-core's six files, whatever else this
# machine carries (LibreOffice's and Chromium's fonts change what
# `fc-match monospace` picks, and so the cell shape kitty and xterm draw).
#
#   scripts/with-fresh-fonts.sh fc-match monospace      # DejaVu Sans Mono
#   scripts/with-fresh-fonts.sh env CI=true bash .ci/run
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: $0 COMMAND [ARGS...]" >&2; exit 2; }
command -v dpkg >/dev/null || { echo "$0: needs dpkg (Debian, Ubuntu)" >&2; exit 1; }
dpkg -L fonts-dejavu-core >/dev/null 2>&1 || { echo "$0: fonts-dejavu-core is not installed (scripts/install-deps.sh)" >&2; exit 1; }
home=$(mktemp -d "${TMPDIR:-/tmp}/fresh-fonts.XXXXXX")
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/fonts" "$home/cache"
dpkg -L fonts-dejavu-core | grep -E '\.ttf$' | while read -r font; do ln -s "$font" "$home/fonts/"; done
cat > "$home/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>$home/fonts</dir>
  <cachedir>$home/cache</cachedir>
  <include ignore_missing="yes">/etc/fonts/conf.d</include>
</fontconfig>
CONF
export FONTCONFIG_FILE="$home/fonts.conf"
echo "fonts: $(fc-list | wc -l) files; monospace is $(fc-match monospace)" >&2
"$@"
