#!/bin/bash
# The architecture's checks fail on a broken tree (issue 48): each case
# copies this repository's sources (or makes a tiny package), breaks one
# rule, runs the check on the copy, and wants it to exit non-zero with
# the words that name the fault; the unbroken copy must pass. A few
# seconds; CI (.ci/run) runs it before the checks themselves.
#
#   scripts/test-checks.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0 passed=0

# A copy of this repository's tree (the working tree, not a commit: the
# checks are tested as they are), without builds and git.
copy() {
    local into=$work/$1
    mkdir -p "$into"
    tar -C "$repo" --exclude='./.build*' --exclude=./.git --exclude='./.swiftpm' -cf - . | tar -C "$into" -xf -
    echo "$into"
}

# expect NAME STATUS WORDS COMMAND...: COMMAND exits with STATUS (0, or
# "fail" for any other) and, when failing, prints WORDS.
expect() {
    local name=$1 want=$2 words=$3
    shift 3
    local out status=0
    out=$("$@" 2>&1) || status=$?
    if [ "$want" = 0 ] && [ $status = 0 ]; then
        passed=$((passed + 1)); echo "ok: $name"
    elif [ "$want" = fail ] && [ $status != 0 ] && grep -qF -- "$words" <<<"$out"; then
        passed=$((passed + 1)); echo "ok: $name"
    else
        failed=$((failed + 1))
        echo "FAILED: $name: exit $status, wanted $want$([ "$want" = fail ] && echo " saying: $words")"
        sed 's/^/    /' <<<"$out"
    fi
}

# --- check-rows.sh: the row rule, read from docs/ARCHITECTURE.md's table
clean=$(copy rows-clean)
expect "check-rows passes on an unbroken copy" 0 "" scripts/check-rows.sh "$clean"

up=$(copy rows-up)
printf '\nimport ControlPadUI\n' >>"$up/Sources/SlideModel/Heading.swift"
expect "check-rows: SlideModel importing ControlPadUI (a row above)" fail \
    "Sources/SlideModel/Heading.swift:$(wc -l <"$up/Sources/SlideModel/Heading.swift"): SlideModel (row 1) imports ControlPadUI, above it in row 6" \
    scripts/check-rows.sh "$up"

beside=$(copy rows-beside)
printf '\nimport Pdfpc\n' >>"$beside/Sources/ImpressRemote/ImpressConnection.swift"
expect "check-rows: ImpressRemote importing Pdfpc (one source knowing another, beside it)" fail \
    "ImpressRemote (row 2) imports Pdfpc, beside it in row 2" scripts/check-rows.sh "$beside"

unplaced=$(copy rows-unplaced)
mkdir -p "$unplaced/Sources/Terminal" && echo 'import SlideModel' >"$unplaced/Sources/Terminal/Terminal.swift"
expect "check-rows: a new target in no row" fail "Sources/Terminal is in no row" scripts/check-rows.sh "$unplaced"

stale=$(copy rows-stale)
printf '\nimport SlideImages\n' >>"$stale/Sources/ControlPadScripting/HeadlessLink.swift"
expect "check-rows: an import the table's imports cell does not list (same row, and stale)" fail \
    "the table's imports of ControlPadScripting are wrong: its files import SlideImages" scripts/check-rows.sh "$stale"

picture=$(copy rows-picture)
sed -i 's/^row 1   SlideModel  Syscalls /row 1   SlideModel           /' "$picture/docs/ARCHITECTURE.md"
sed -i 's/^row 2   ImpressRemote /row 2   Syscalls  ImpressRemote /' "$picture/docs/ARCHITECTURE.md"
expect "check-rows: the picture disagreeing with the table" fail \
    "the picture puts Syscalls in row 2, the table in row 1" scripts/check-rows.sh "$picture"

quoted=$(copy rows-quoted)
printf '\nlet script = """\n    import ControlPadUI\n    """\n' >>"$quoted/Sources/SlideModel/Heading.swift"
expect "check-rows: an import inside a \"\"\" string is text, not an import" 0 "" scripts/check-rows.sh "$quoted"

# --- check-invariants.sh: the claims of docs/ARCHITECTURE.md's invariants, and the page itself
inv=$(copy invariants-clean)
expect "check-invariants passes on an unbroken copy" 0 "" scripts/check-invariants.sh --root "$inv"

bang=$(copy invariants-try)
printf '\nlet forced = try! JSONSerialization.data(withJSONObject: [1])\n' >>"$bang/Sources/SlideModel/Heading.swift"
expect "check-invariants: a new try! in Sources" fail \
    "no-try-bang: Sources/SlideModel/Heading.swift:$(wc -l <"$bang/Sources/SlideModel/Heading.swift"): try!" \
    scripts/check-invariants.sh --root "$bang"

unbound=$(copy invariants-unbound)
sed -i 's/NIOLoopBoundBox/LoopBox/g' "$unbound/Sources/SourceKit/Driver/SourceDriver.swift"
printf '\nfinal class StraySource: DrivenSource {}\n' >>"$unbound/Sources/PdfpcTransport/HTTPExchange.swift"
expect "check-invariants: the shared driver's state not bound to its loop" fail \
    "one-owner: Sources/SourceKit/Driver/SourceDriver.swift: the driver's state is not bound to its loop" \
    scripts/check-invariants.sh --root "$unbound" one-owner
expect "check-invariants: a driven source with no driver (so no gate)" fail \
    "gate: Sources/PdfpcTransport/HTTPExchange.swift:$(wc -l <"$unbound/Sources/PdfpcTransport/HTTPExchange.swift"): StraySource is a source with no EventGate" \
    scripts/check-invariants.sh --root "$unbound" gate

said=$(copy invariants-said)
printf '\n/// try! in a comment, and in a string: no try!\nlet words = "try! it"\n' >>"$said/Sources/SlideModel/Heading.swift"
expect "check-invariants: try! in a comment or a string is no try!" 0 "" scripts/check-invariants.sh --root "$said" no-try-bang

curses=$(copy invariants-curses)
sed -i '1i import CNcurses' "$curses/Sources/ControlPadUI/Views/HelpView.swift"
expect "check-invariants: a view importing CNcurses" fail \
    "Sources/ControlPadUI/Views/HelpView.swift:1: imports CNcurses; only Sources/PadTerminal/Terminfo.swift may" \
    scripts/check-invariants.sh --root "$curses" curses

terminal=$(copy invariants-terminal)
sed -i '1i import PadTerminal' "$terminal/Sources/ControlPadUI/Views/HelpView.swift"
expect "check-invariants: a view importing the terminal (the grid is PadGrid's)" fail \
    "Sources/ControlPadUI/Views/HelpView.swift:1: a view imports PadTerminal: views render into a CellGrid, never to the terminal" \
    scripts/check-invariants.sh --root "$terminal" curses

clock=$(copy invariants-clock)
printf '\nlet started = Date()\n' >>"$clock/Sources/Pdfpc/PdfpcAPI.swift"
expect "check-invariants: a pure source target reading the clock" fail \
    "time: Sources/Pdfpc/PdfpcAPI.swift:$(wc -l <"$clock/Sources/Pdfpc/PdfpcAPI.swift"): a pure target reads a clock" \
    scripts/check-invariants.sh --root "$clock" time

shim=$(copy invariants-c)
echo 'int stray(void) { return 0; }' >"$shim/Sources/Syscalls/stray.c"
expect "check-invariants: C outside the C shims" fail "Sources/Syscalls/stray.c: C outside the C shims" \
    scripts/check-invariants.sh --root "$shim" c-surface

unchecked=$(copy invariants-unchecked)
sed -i 's/^  Checked by `swift test --filter LoadBufferTests`\.$/  (no command)/' "$unchecked/docs/ARCHITECTURE.md"
sed -i 's/`swift test --filter HeadingAgreementTests`/`swift test --filter HeadingAgreementTestz`/' "$unchecked/docs/ARCHITECTURE.md"
expect "check-invariants: an invariant that names no command" fail \
    '"Content goes by tag, through the load buffer." says no command that checks it' scripts/check-invariants.sh --root "$unchecked"
expect "check-invariants: an invariant naming a test class that does not exist" fail \
    '"One heading.": no test class HeadingAgreementTestz in Tests/' scripts/check-invariants.sh --root "$unchecked"

# --- check-manifest.sh: Package.swift declares what the code imports, packages' products included
manifest=$(copy manifest-clean)
expect "check-manifest passes on an unbroken copy" 0 "" scripts/check-manifest.sh "$manifest"

undeclared=$(copy manifest-undeclared)
python3 - "$undeclared/Package.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
cli = text.index('name: "ControlPadCLI"')
line = '                .product(name: "NIOCore", package: "swift-nio"),\n'
at = text.index(line, cli)
open(path, "w").write(text[:at] + text[at + len(line):])
PY
expect "check-manifest: ControlPadCLI importing NIOCore it does not declare (the issue's DoctorCommand)" fail \
    'ControlPadCLI: imports NIOCore without declaring it (Sources/ControlPadCLI/DoctorCommand.swift' \
    scripts/check-manifest.sh "$undeclared"

tiny=$work/tiny
mkdir -p "$tiny/Sources/Low" "$tiny/Sources/High"
cat >"$tiny/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Tiny",
    dependencies: [.package(url: "https://github.com/apple/swift-nio", from: "2.0.0")],
    targets: [
        .target(name: "Low", dependencies: [.product(name: "NIOCore", package: "swift-nio")]),
        .target(name: "High", dependencies: ["Low"]),
    ]
)
SWIFT
echo 'import NIOCore' >"$tiny/Sources/Low/Low.swift"
printf 'import Low\nimport NIOCore\nimport NIOPosix\nimport Foundation\n' >"$tiny/Sources/High/High.swift"
expect "check-manifest: a tiny package's undeclared product" fail \
    'High: imports NIOCore without declaring it (Sources/High/High.swift:2): add .product(name: "NIOCore", package: "swift-nio")' \
    scripts/check-manifest.sh "$tiny"
expect "check-manifest: a tiny package's module of no declared product" fail \
    'High: imports NIOPosix (Sources/High/High.swift:3), which is no target of this package' \
    scripts/check-manifest.sh "$tiny"
printf 'import NIOCore\n' >"$tiny/Sources/High/High.swift"
expect "check-manifest: a tiny package's undeclared target of its own" fail \
    'High: declares Low, which none of its files imports' scripts/check-manifest.sh "$tiny"

echo "test-checks: $passed passed, $failed failed"
[ $failed = 0 ]
