#!/bin/bash
# The cost of a source (issue 31): the files outside a source's own targets
# whose code names it. Comments (// and /* */, doc comments too) are not
# code; string literals are (a help text that says "pdfpc" is a cost). Only
# Swift and C sources are read (.swift, .c, .h): resource data such as the
# demo deck's notes is not code. A source may be named, outside its own
# folders, only by the registry (Sources/ControlPadCLI/SourceRegistry.swift)
# and Package.swift (not under Sources). Exits 1 if any other file names it.
# Own targets: impress ImpressRemote(+Transport), pdfpc Pdfpc(+Transport),
# uno ImpressUNO(+Transport), reveal RevealJS(+Transport), demo DemoSource and DemoDeckEmbedder (the
# tool that embeds its deck). CI (.ci/run) holds all five to it.
#
#   scripts/source-cost.sh            every source
#   scripts/source-cost.sh pdfpc      just pdfpc (impress, uno, pdfpc, reveal, demo)
#   scripts/source-cost.sh -v ...     also every hit, file:line: code
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

verbose=0
if [ "${1:-}" = "-v" ]; then verbose=1; shift; fi
[ $# -gt 0 ] || set -- impress uno pdfpc reveal demo

# name → the pattern that names it (a Python regex, case-insensitive) and its own folders.
declare -A pattern folders
# Impress over the network; "ImpressUNO" is the other Impress source's own name,
# and "LibreOffice Impress" the app both drive.
pattern[impress]='(?<!LibreOffice )(?<!libreoffice-)impress(?!uno| over uno| opens)'; folders[impress]='Sources/ImpressRemote Sources/ImpressRemoteTransport'
# Impress over UNO: "UNO", "Uno…" or "uno" as a word (not the "uno" of "unordered").
pattern[uno]='(?-i:UNO|(?<![A-Za-z])[Uu]no(?![a-z]))'; folders[uno]='Sources/ImpressUNO Sources/ImpressUNOTransport'
pattern[pdfpc]='pdfpc';         folders[pdfpc]='Sources/Pdfpc Sources/PdfpcTransport'
pattern[reveal]='reveal|cdp';   folders[reveal]='Sources/RevealJS Sources/RevealJSTransport'
# "demo" as a word or a camel-case part: not the "deMo" of SlideModel.
pattern[demo]='(?-i:(?<![A-Za-z])[Dd]emo|(?<=[a-z])Demo|DEMO)'; folders[demo]='Sources/DemoSource Sources/DemoDeckEmbedder'
allowed='Sources/ControlPadCLI/SourceRegistry.swift'

for name in "$@"; do
    [ -n "${pattern[$name]:-}" ] || { echo "source-cost: no source '$name' (impress, uno, pdfpc, reveal, demo)" >&2; exit 2; }
done

# Prints "name<TAB>file<TAB>line<TAB>code" for every line of code (comments
# blanked) of the files on stdin, outside the source's own folders, that
# matches a source's pattern: arguments NAME PATTERN FOLDERS, for each
# source. Each file is read and stripped once, for every source. Strings,
# interpolations (nested strings too), multi-line and raw strings are
# followed so that a "//" inside a string is not a comment; /* */ nest as in Swift.
code_hits() {
    python3 -c '
import re, sys
sources = [(sys.argv[i], re.compile(sys.argv[i + 1], re.I), sys.argv[i + 2].split())
           for i in range(1, len(sys.argv), 3)]
def strip(src, c_like):
    out, i, n = [], 0, len(src)
    modes = []            # stack: ("str", hashes, multi) | ("interp", depth)
    while i < n:
        ch = src[i]
        top = modes[-1] if modes else None
        if top and top[0] == "str":
            _, hashes, multi = top
            close = ("\"\"\"" if multi else "\"") + "#" * hashes
            if src.startswith(close, i):
                out.append(close); i += len(close); modes.pop(); continue
            esc = "\\" + "#" * hashes
            if src.startswith(esc, i):
                j = i + len(esc)
                if j < n and src[j] == "(":
                    out.append(src[i:j + 1]); i = j + 1; modes.append(("interp", 1)); continue
                out.append(src[i:j + 1]); i = j + 1; continue
            out.append(ch); i += 1; continue
        if src.startswith("//", i):
            while i < n and src[i] != "\n": i += 1
            continue
        if src.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if src.startswith("/*", i) and not c_like: depth += 1; i += 2
                elif src.startswith("*/", i): depth -= 1; i += 2
                else:
                    if src[i] == "\n": out.append("\n")
                    i += 1
            out.append(" "); continue
        if top and top[0] == "interp":
            if ch == "(": modes[-1] = ("interp", top[1] + 1)
            elif ch == ")":
                if top[1] == 1: modes.pop(); out.append(ch); i += 1; continue
                modes[-1] = ("interp", top[1] - 1)
        m = re.match(r"(#*)(\"\"\"|\")", src[i:i + 64])
        if m and (m.group(1) == "" or not c_like):
            modes.append(("str", len(m.group(1)), m.group(2) == "\"\"\""))
            out.append(m.group(0)); i += len(m.group(0)); continue
        if c_like and ch == "\x27":
            j = i + 1
            while j < n and src[j] != "\x27":
                j += 2 if src[j] == "\\" else 1
            out.append(src[i:j + 1]); i = j + 1; continue
        out.append(ch); i += 1
    return "".join(out)
for path in sys.stdin.read().split():
    mine = [(name, pat) for name, pat, folders in sources
            if not any(path == folder or path.startswith(folder + "/") for folder in folders)]
    if not mine: continue
    with open(path, encoding="utf-8", errors="replace") as f:
        lines = strip(f.read(), not path.endswith(".swift")).split("\n")
    for name, pat in mine:
        for number, line in enumerate(lines, 1):
            if pat.search(line):
                print(f"{name}\t{path}\t{number}\t{line.strip()}")
' "$@"
}

sources=()
for name in "$@"; do sources+=("$name" "${pattern[$name]}" "${folders[$name]}"); done
all=$(find Sources -type f \( -name '*.swift' -o -name '*.c' -o -name '*.h' \) -print | sort | code_hits "${sources[@]}")

status=0
printf '%-8s %-48s %s\n' source "own targets" "files outside them whose code names it"
for name in "$@"; do
    hits=$(printf '%s\n' "$all" | awk -F'\t' -v name="$name" '$1 == name' | cut -f2-)
    files=$(printf '%s\n' "$hits" | cut -f1 | sed '/^$/d' | uniq)
    count=$(printf '%s\n' "$files" | sed '/^$/d' | wc -l)
    extra=$(printf '%s\n' "$files" | grep -vxF "$allowed" | sed '/^$/d' || true)
    verdict=ok; [ -z "$extra" ] || { verdict=OVER; status=1; }
    own=$(echo "${folders[$name]}" | sed 's|Sources/||g; s| |, |g')
    printf '%-8s %-48s %d (+ Package.swift) %s\n' "$name" "$own" "$count" "$verdict"
    printf '%s\n' "$files" | sed '/^$/d; s/^/           /'
    if [ $verbose = 1 ] && [ -n "$hits" ]; then
        printf '%s\n' "$hits" | awk -F'\t' '{ printf "             %s:%s: %s\n", $1, $2, substr($3, 1, 110) }'
    fi
done
[ $status = 0 ] || echo "source-cost: a source is named outside its own targets by more than the registry (see above; -v for the lines)" >&2
exit $status
