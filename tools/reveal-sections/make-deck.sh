#!/bin/bash
# Makes tools/reveal-sections/deck.html from talk.md with pandoc: level-1
# headings are sections (a horizontal slide with its vertical stack,
# --slide-level=2), and `{data-timing="N"}` on a heading is reveal.js's
# per-slide timing. reveal.js is loaded from ./revealjs, where
# ../shared/revealjs/peer.sh serves it. The real-peer test serves the
# committed deck.html (scripts/real-reveal-test.sh); run this after editing
# talk.md.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
pandoc -t revealjs -s --slide-level=2 -V revealjs-url=revealjs "$HERE/talk.md" -o "$HERE/deck.html"
