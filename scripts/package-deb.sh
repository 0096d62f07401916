#!/bin/bash
# Builds the Debian package controlpad_VERSION_ARCH.deb.
#
#   scripts/package-deb.sh [--binary PATH] [--out DIR]
#
#   --binary PATH  package this build of controlpad (any build of the product
#                  is self-contained: Package.swift links its Swift runtime
#                  statically); without it, builds release first
#   --out DIR      where the .deb goes (made if missing; default: .)
#
# Prints the .deb's path as the one line on stdout; progress goes to stderr.
#
# The package holds usr/bin/controlpad (stripped, its build RUNPATH dropped),
# the man page, the bash/zsh/fish completions where Debian's shells look,
# usr/share/doc/controlpad/{copyright,changelog.gz}, DEBIAN/control and
# DEBIAN/md5sums. scripts/install.sh stages the binary, man page and
# completions; this script moves them to Debian's paths. VERSION is
# `controlpad --version`, ARCH `dpkg --print-architecture`; Depends comes
# from dpkg-shlibdeps. Files are root's, modes 0755/0644. Check the result
# with `lintian FILE.deb`. Tools (dpkg-dev, patchelf, lintian) come from
# scripts/install-deps.sh. INSTALL_IGNORE_LOCK=1 as for install.sh.
# DEB_XZ_LEVEL (default 6) trades size for time: the test suite packages
# its unoptimised debug build at 1.
set -euo pipefail

usage() {
    sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}
fail() { # fail STATUS MESSAGE
    echo "package-deb.sh: $2" >&2
    exit "$1"
}

BIN=""
OUT=.
while [ $# -gt 0 ]; do
    case "$1" in
        --binary)
            [ $# -ge 2 ] && [ -n "$2" ] || fail 2 "--binary needs the path of a built controlpad"
            BIN=$2; shift 2
            [ -f "$BIN" ] && [ -x "$BIN" ] || fail 2 "$BIN is not an executable" ;;
        --out)
            [ $# -ge 2 ] && [ -n "$2" ] || fail 2 "--out needs a directory"
            OUT=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "package-deb.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
        *) echo "package-deb.sh: unexpected argument $1" >&2; usage >&2; exit 2 ;;
    esac
done
[ -e "$OUT" ] && [ ! -d "$OUT" ] && fail 2 "--out $OUT is not a directory"
mkdir -p "$OUT" || fail 2 "cannot make the directory $OUT"
OUT=$(cd "$OUT" && pwd)
[ -n "$BIN" ] && BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"
scripts/install-deps.sh >&2
for tool in dpkg dpkg-deb dpkg-shlibdeps patchelf strip gzip md5sum; do
    command -v "$tool" >/dev/null || fail 1 "$tool is missing (scripts/install-deps.sh installs it)"
done

if [ -z "$BIN" ]; then
    LOCK=()
    [ "${INSTALL_IGNORE_LOCK:-}" = 1 ] && LOCK=(--ignore-lock)
    swift build -c release "${LOCK[@]}" --product controlpad >&2
    BIN=$(swift build -c release "${LOCK[@]}" --show-bin-path)/controlpad
fi

VERSION=$("$BIN" --version) || fail 1 "$BIN --version failed"
# A pre-release's "-" would make the package non-native; "~" sorts it before the release.
VERSION=${VERSION//-/\~}
[[ "$VERSION" =~ ^[0-9][A-Za-z0-9.+~]*$ ]] || fail 1 "$BIN --version printed \"$VERSION\", not a version"
ARCH=$(dpkg --print-architecture)
NAME=controlpad_${VERSION}_${ARCH}.deb

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Staged where dpkg-shlibdeps expects a package's files: debian/PACKAGE.
stage=$work/debian/controlpad
mkdir -p "$stage"

# The binary, the man page and the completions, as install.sh lays them out under usr/.
scripts/install.sh --binary "$BIN" "$stage/usr" >&2
usr=$stage/usr
# What dh_strip does to a program; the RUNPATH ($ORIGIN) points at Swift
# libraries the static runtime does not need (lintian: custom-library-search-path).
strip --remove-section=.comment --remove-section=.note "$usr/bin/controlpad"
patchelf --remove-rpath "$usr/bin/controlpad"
gzip -9n "$usr/share/man/man1/controlpad.1"
mkdir -p "$usr/share/zsh/vendor-completions"
mv "$usr/share/zsh/site-functions/_controlpad" "$usr/share/zsh/vendor-completions/_controlpad"
rmdir "$usr/share/zsh/site-functions"
# bash: share/bash-completion/completions; fish: share/fish/vendor_completions.d (both as install.sh puts them).
# A completion is sourced, not run: no #! line (lintian: bash-completion-with-hashbang).
sed -i '1{/^#!/d}' "$usr/share/bash-completion/completions/controlpad"

doc=$usr/share/doc/controlpad
mkdir -p "$doc"
# The changelog's date: the last commit's, so the same tree packs the same bytes.
EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$ROOT" log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH=$EPOCH
cat >"$work/changelog" <<EOF
controlpad ($VERSION) unstable; urgency=medium

  * Package built by scripts/package-deb.sh: the controlpad binary (Swift
    runtime linked statically), its man page and bash, zsh and fish
    completions.

 -- ControlPad team <controlpad@users.noreply.github.com>  $(LC_ALL=C date -u -R -d "@$EPOCH")
EOF
gzip -9n -c "$work/changelog" >"$doc/changelog.gz"

cat >"$doc/copyright" <<'EOF'
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: controlpad
Upstream-Contact: ControlPad team <controlpad@users.noreply.github.com>
Comment: The binary links the Swift runtime, Foundation, Dispatch and its
 Swift packages statically; their licences follow ControlPad's own.

Files: *
Copyright: 2026 The ControlPad authors
License: Expat

Files: swift/* swift-corelibs-foundation/* swift-foundation/*
 swift-corelibs-libdispatch/* swift-argument-parser/* swift-collections/*
 swift-atomics/* swift-system/*
Copyright: 2014-2026 Apple Inc. and the Swift project authors
License: Apache-2.0 with Runtime Library Exception

Files: swift-nio/*
Copyright: 2017-2026 Apple Inc. and the SwiftNIO project authors
License: Apache-2.0

Files: swift-log/*
Copyright: 2018-2026 Apple Inc. and the Swift Logging API project authors
License: Apache-2.0

Files: TOMLKit/*
Copyright: 2024 Jeff Lebrun
License: Expat

Files: TOMLKit/Sources/CTOML/Sources/toml.hpp
Copyright: Mark Gillard <mark.gillard@outlook.com.au>
License: Expat

Files: swift-foundation-icu/*
Copyright: 2016-2026 Unicode, Inc.
License: Unicode-3.0

License: Expat
 Permission is hereby granted, free of charge, to any person obtaining a
 copy of this software and associated documentation files (the "Software"),
 to deal in the Software without restriction, including without limitation
 the rights to use, copy, modify, merge, publish, distribute, sublicense,
 and/or sell copies of the Software, and to permit persons to whom the
 Software is furnished to do so, subject to the following conditions:
 .
 The above copyright notice and this permission notice shall be included in
 all copies or substantial portions of the Software.
 .
 THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 DEALINGS IN THE SOFTWARE.

License: Apache-2.0
 Licensed under the Apache License, Version 2.0 (the "License"); you may not
 use this file except in compliance with the License. You may obtain a copy
 of the License at
 .
 http://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
 WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 License for the specific language governing permissions and limitations
 under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0
 can be found in "/usr/share/common-licenses/Apache-2.0".

License: Apache-2.0 with Runtime Library Exception
 Licensed under the Apache License, Version 2.0 (the "License"); you may not
 use this file except in compliance with the License. You may obtain a copy
 of the License at
 .
 http://www.apache.org/licenses/LICENSE-2.0
 .
 Unless required by applicable law or agreed to in writing, software
 distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
 WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
 License for the specific language governing permissions and limitations
 under the License.
 .
 On Debian systems, the complete text of the Apache License, Version 2.0
 can be found in "/usr/share/common-licenses/Apache-2.0".
 .
 Runtime Library Exception to the Apache 2.0 License:
 .
 As an exception, if you use this Software to compile your source code and
 portions of this Software are embedded into the binary product as a result,
 you may redistribute such product without providing attribution as would
 otherwise be required by Sections 4(a), 4(b) and 4(d) of the License.

License: Unicode-3.0
 UNICODE LICENSE V3
 .
 COPYRIGHT AND PERMISSION NOTICE
 .
 Copyright © 2016-2026 Unicode, Inc.
 .
 NOTICE TO USER: Carefully read the following legal agreement. BY
 DOWNLOADING, INSTALLING, COPYING OR OTHERWISE USING DATA FILES, AND/OR
 SOFTWARE, YOU UNEQUIVOCALLY ACCEPT, AND AGREE TO BE BOUND BY, ALL OF THE
 TERMS AND CONDITIONS OF THIS AGREEMENT. IF YOU DO NOT AGREE, DO NOT
 DOWNLOAD, INSTALL, COPY, DISTRIBUTE OR USE THE DATA FILES OR SOFTWARE.
 .
 Permission is hereby granted, free of charge, to any person obtaining a
 copy of data files and any associated documentation (the "Data Files") or
 software and any associated documentation (the "Software") to deal in the
 Data Files or Software without restriction, including without limitation
 the rights to use, copy, modify, merge, publish, distribute, and/or sell
 copies of the Data Files or Software, and to permit persons to whom the
 Data Files or Software are furnished to do so, provided that either (a)
 this copyright and permission notice appear with all copies of the Data
 Files or Software, or (b) this copyright and permission notice appear in
 associated Documentation.
 .
 THE DATA FILES AND SOFTWARE ARE PROVIDED "AS IS", WITHOUT WARRANTY OF ANY
 KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
 MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT OF
 THIRD PARTY RIGHTS.
 .
 IN NO EVENT SHALL THE COPYRIGHT HOLDER OR HOLDERS INCLUDED IN THIS NOTICE
 BE LIABLE FOR ANY CLAIM, OR ANY SPECIAL INDIRECT OR CONSEQUENTIAL DAMAGES,
 OR ANY DAMAGES WHATSOEVER RESULTING FROM LOSS OF USE, DATA OR PROFITS,
 WHETHER IN AN ACTION OF CONTRACT, NEGLIGENCE OR OTHER TORTIOUS ACTION,
 ARISING OUT OF OR IN CONNECTION WITH THE USE OR PERFORMANCE OF THE DATA
 FILES OR SOFTWARE.
 .
 Except as contained in this notice, the name of a copyright holder shall
 not be used in advertising or otherwise to promote the sale, use or other
 dealings in these Data Files or Software without prior written
 authorization of the copyright holder.
EOF

# Depends: dpkg-shlibdeps reads the binary's NEEDED libraries against the
# installed packages' shlibs/symbols; it wants a debian/control to stand in.
# It finds the package's root by its DEBIAN directory.
mkdir -p "$stage/DEBIAN"
cat >"$work/debian/control" <<EOF
Source: controlpad

Package: controlpad
Architecture: any
EOF
DEPENDS=$(cd "$work" && dpkg-shlibdeps -O -e"$usr/bin/controlpad" | sed -n 's/^shlibs:Depends=//p')
[ -n "$DEPENDS" ] || fail 1 "dpkg-shlibdeps found no dependencies for $usr/bin/controlpad"

find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -type f -exec chmod 0644 {} +
chmod 0755 "$usr/bin/controlpad"

(cd "$stage" && find usr -type f -printf '%P\n' | LC_ALL=C sort | sed 's|^|usr/|' | xargs md5sum) >"$stage/DEBIAN/md5sums"
SIZE=$(du -sk --apparent-size "$usr" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: controlpad
Version: $VERSION
Architecture: $ARCH
Maintainer: ControlPad team <controlpad@users.noreply.github.com>
Installed-Size: $SIZE
Depends: $DEPENDS
Recommends: python3-uno
Suggests: libreoffice-impress, chromium | google-chrome-stable, pdf-presenter-console
Section: utils
Priority: optional
Description: presenter's remote for LibreOffice Impress and pdfpc, in a terminal
 ControlPad drives a LibreOffice Impress slideshow on this computer (UNO,
 with python3-uno) or over the network (Impress Remote), a PDF talk in
 pdfpc, a reveal.js deck in Chromium, or a built-in demo deck, from a terminal:
 one key moves to the next or previous slide, jumps to any slide, or blanks
 the screen.
 .
 It shows the current and next slides as pictures (kitty graphics, sixel or
 coloured text blocks), the speaker notes, the talk's timer and the clock,
 and works over SSH, in tmux and at any terminal size. The send and watch
 commands drive and follow a show from scripts, and the doctor command
 checks a connection step by step.
EOF
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

# No file newer than the changelog's date: the same tree packs the same bytes.
find "$stage" -newermt "@$EPOCH" -exec touch -h -d "@$EPOCH" {} +
rm -f "$OUT/$NAME"
dpkg-deb --root-owner-group -Zxz -z"${DEB_XZ_LEVEL:-6}" --build "$stage" "$OUT/$NAME" >&2
echo "$OUT/$NAME"
