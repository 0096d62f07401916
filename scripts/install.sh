#!/bin/bash
# Installs controlpad: one self-contained binary (demo deck built in, Swift
# runtime linked statically), its man page and bash/zsh/fish completions.
#
#   scripts/install.sh [PREFIX]               # default ~/.local
#   scripts/install.sh --binary PATH [PREFIX] # installs a build that is there
#   scripts/install.sh --uninstall [PREFIX]   # removes exactly those files
#
# Files (each where its shell or man looks under PREFIX):
#   bin/controlpad
#   share/man/man1/controlpad.1                      (from the argument parser)
#   share/bash-completion/completions/controlpad
#   share/zsh/site-functions/_controlpad
#   share/fish/vendor_completions.d/controlpad.fish
#
# Builds release (reusing an up-to-date build), unless --binary names one
# (any build of the `controlpad` product is self-contained: Package.swift
# links its Swift runtime statically; the test suite installs its own
# debug build this way, without a second build). The man page comes from
# swift-argument-parser's manual generator (its generate-manual tool, the one
# its plugin runs), which reads the installed binary's own parser; no network
# is needed. INSTALL_IGNORE_LOCK=1 builds while another SwiftPM holds .build's
# lock: only for the test suite, whose `swift test` holds it but builds nothing.
set -euo pipefail

usage() {
    sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

uninstall=0
BIN=""
case "${1:-}" in
    --uninstall) uninstall=1; shift ;;
    --binary)
        [ $# -ge 2 ] || { echo "install.sh: --binary needs the path of a built controlpad" >&2; exit 2; }
        BIN=$2; shift 2
        [ -x "$BIN" ] || { echo "install.sh: $BIN is not an executable" >&2; exit 2; } ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "install.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
esac
if [ $# -gt 1 ]; then
    echo "install.sh: one PREFIX at most (got: $*)" >&2
    exit 2
fi
PREFIX=${1:-$HOME/.local}
case "$PREFIX" in
    /*) ;;
    *) PREFIX=$(pwd)/$PREFIX ;;
esac

FILES=(
    bin/controlpad
    share/man/man1/controlpad.1
    share/bash-completion/completions/controlpad
    share/zsh/site-functions/_controlpad
    share/fish/vendor_completions.d/controlpad.fish
)

if [ "$uninstall" -eq 1 ]; then
    for f in "${FILES[@]}"; do
        if [ -e "$PREFIX/$f" ]; then
            rm -f "$PREFIX/$f"
            echo "removed $PREFIX/$f"
        fi
    done
    exit 0
fi

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
scripts/install-deps.sh
LOCK=()
[ "${INSTALL_IGNORE_LOCK:-}" = 1 ] && LOCK=(--ignore-lock)
if [ -z "$BIN" ]; then
    FLAGS=(-c release "${LOCK[@]}")
    swift build "${FLAGS[@]}" --product controlpad
    BIN=$(swift build "${FLAGS[@]}" --show-bin-path)/controlpad
fi
swift build "${LOCK[@]}" --product generate-manual
MANUAL=$(swift build "${LOCK[@]}" --show-bin-path)/generate-manual

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
"$MANUAL" "$BIN" --output-directory "$stage"
[ -s "$stage/controlpad.1" ] || { echo "install.sh: the man page was not generated" >&2; exit 1; }
# mdoc wants .Pp, not an empty line, between paragraphs.
sed -i 's/^$/.Pp/' "$stage/controlpad.1"
# KEYS, ENVIRONMENT and FILES (the argument parser knows none of them), before EXIT STATUS.
awk -v sections="$ROOT/docs/controlpad.1.sections" '
    /^\.Sh "EXIT STATUS"/ { while ((getline line < sections) > 0) print line }
    { print }
' "$stage/controlpad.1" >"$stage/controlpad.1.new"
mv "$stage/controlpad.1.new" "$stage/controlpad.1"
grep -q '^\.Sh FILES' "$stage/controlpad.1" || { echo "install.sh: the man page's extra sections are missing" >&2; exit 1; }
for shell in bash zsh fish; do
    "$BIN" --generate-completion-script "$shell" >"$stage/completion.$shell"
done

put() { # put MODE SOURCE DEST
    install -d "$(dirname "$PREFIX/$3")"
    install -m "$1" "$2" "$PREFIX/$3"
    echo "installed $PREFIX/$3"
}
put 755 "$BIN" bin/controlpad
strip "$PREFIX/bin/controlpad" 2>/dev/null || true
put 644 "$stage/controlpad.1" share/man/man1/controlpad.1
put 644 "$stage/completion.bash" share/bash-completion/completions/controlpad
put 644 "$stage/completion.zsh" share/zsh/site-functions/_controlpad
put 644 "$stage/completion.fish" share/fish/vendor_completions.d/controlpad.fish

case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "note: $PREFIX/bin is not on your PATH; add it, e.g. export PATH=\"$PREFIX/bin:\$PATH\"" ;;
esac
