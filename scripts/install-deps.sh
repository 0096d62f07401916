#!/bin/bash
# Installs what ControlPad builds and tests with, on a fresh Debian machine
# with Swift: ncursesw, libpng, OpenSSL (pdfpcs://) and tmux (end-to-end tests run the pad in it).
# ncurses-term brings the *-direct terminfo entries that truecolor needs;
# man-db and groff-base render the installed man page (`man -l`, tested),
# binutils strips the installed binary; dpkg-dev (dpkg-shlibdeps), patchelf
# (drops the build's RUNPATH) and lintian build and check the .deb
# (scripts/package-deb.sh and its test). The real-terminal tests run kitty
# (kitty graphics) and xterm -ti vt340 (sixel) under Xvfb, type with xdotool
# and take screenshots with xwd (x11-apps); fonts-dejavu-core is their font;
# tesseract-ocr (with its English, tesseract-ocr-eng) reads the slides' words
# off those screenshots.
# python3 runs the fake servers (tools/fake-*), and openssl makes the fake
# pdfpc's certificate: the tests that need them fail, never skip, without them.
# procps: pkill (the kept link stopped mid-stream, LeavingMidStreamEndToEndTests).
# Not ffmpeg: 137 packages, 115 MiB more on a fresh machine. The tests
# that read `report --chapters` back with it (TalkReportTests' FFmpeg ones)
# run where it is installed and skip, saying so, where it is not.
# Does nothing when everything is there already. Without the packages'
# Recommends, which no test needs: dpkg-dev's would bring gcc, g++ and gnupg,
# kitty's its manual and a sound library, xvfb's the X core fonts (kitty and
# xterm -fa draw with fontconfig's DejaVu) and xauth: about 90 MB to fetch
# and unpack on a fresh machine.
set -euo pipefail
need=()
for pkg in libncurses-dev libpng-dev libssl-dev openssl python3 procps tmux ncurses-term man-db groff-base binutils dpkg-dev patchelf lintian xvfb kitty xterm x11-apps xdotool fonts-dejavu-core tesseract-ocr tesseract-ocr-eng; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
[ ${#need[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${need[*]}" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
