#!/bin/bash
# The claims of docs/ARCHITECTURE.md's "Invariants", checked (issue 48).
# Each invariant there ends with "Checked by" and the commands that check
# it: the named checks of this script, other scripts CI runs, and test
# classes (`swift test --filter NAME`, which scripts/test.sh runs in CI).
# This script runs its checks, and checks the page itself: every invariant
# names at least one command, every check it names exists (and every check
# here is named by one), every script it names is run by .ci/run, every
# test class it names exists. One line per fault; exits 1 if any.
#
#   scripts/check-invariants.sh                 # every check, and the page
#   scripts/check-invariants.sh curses time     # just these
#   scripts/check-invariants.sh --list          # the checks, one line each
#   scripts/check-invariants.sh --root DIR ...  # the tree in DIR (scripts/test-checks.sh)
#
# Code is read with comments blanked, and for the checks of names, strings'
# text blanked too (an interpolation is code): a `try!` in a doc comment or
# a help text is no `try!`.
set -euo pipefail
root="$(dirname "${BASH_SOURCE[0]}")/.."
if [ "${1:-}" = "--root" ]; then root=$2; shift 2; fi
python3 - "$root" "$@" <<'PY'
import os, re, sys

root, wanted = sys.argv[1], sys.argv[2:]
os.chdir(root)


DOC = "docs/ARCHITECTURE.md"

CODE_STOP = re.compile(r'//|/\*|#*"|[()]')
def strip(src, c_like, blank_strings):
    """`src` with its comments blanked (and its strings' text, if asked),
    lines kept in place. Follows strings, interpolations and nested comments."""
    out, i, n = [], 0, len(src)
    modes = []  # ("str", hashes, multi) | ("interp", depth)
    def text(piece):
        return re.sub(r"[^\n]", " ", piece) if blank_strings else piece
    while i < n:
        top = modes[-1] if modes else None
        if top and top[0] == "str":
            _, hashes, multi = top
            close = ('"""' if multi else '"') + "#" * hashes
            esc = "\\" + "#" * hashes
            j, k = src.find(close, i), src.find(esc, i)
            if j < 0: j = n
            if 0 <= k < j:
                out.append(text(src[i:k]))
                e = k + len(esc)
                if e < n and src[e] == "(":
                    out.append(src[k:e + 1]); i = e + 1; modes.append(("interp", 1)); continue
                out.append(text(src[k:e + 1])); i = e + 1; continue
            out.append(text(src[i:j])); out.append(close); i = j + len(close); modes.pop(); continue
        m = CODE_STOP.search(src, i)
        if not m:
            out.append(src[i:]); break
        out.append(src[i:m.start()]); i = m.start()
        token = m.group(0)
        if token == "//":
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if token == "/*":
            depth, i = 1, i + 2
            while i < n and depth:
                if src.startswith("/*", i) and not c_like: depth += 1; i += 2
                elif src.startswith("*/", i): depth -= 1; i += 2
                else:
                    if src[i] == "\n": out.append("\n")
                    i += 1
            out.append(" "); continue
        if token in "()":
            if top and top[0] == "interp":
                if token == "(": modes[-1] = ("interp", top[1] + 1)
                elif top[1] == 1: modes.pop()
                else: modes[-1] = ("interp", top[1] - 1)
            out.append(token); i += 1; continue
        hashes = len(token) - 1
        if hashes and c_like:
            out.append(src[i]); i += 1; continue
        multi = src.startswith('"""', i + hashes)
        opening = token[:-1] + ('"""' if multi else '"')
        modes.append(("str", hashes, multi))
        out.append(opening); i += len(opening)
    return "".join(out)

_cache = {}
def code(path, blank_strings=True):
    key = (path, blank_strings)
    if key not in _cache:
        with open(path, encoding="utf-8", errors="replace") as f:
            _cache[key] = strip(f.read(), not path.endswith(".swift"), blank_strings).split("\n")
    return _cache[key]

def files(*folders, exts=(".swift",)):
    for folder in folders:
        for top, dirs, found in os.walk(folder):
            dirs.sort()
            for f in sorted(found):
                if f.endswith(exts):
                    yield os.path.join(top, f)

def hits(pattern, paths, blank_strings=True):
    """(path, line number, line) for each line of code matching `pattern`."""
    pat = re.compile(pattern)
    for path in paths:
        for number, line in enumerate(code(path, blank_strings), 1):
            if pat.search(line):
                yield path, number, line.strip()

IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)")
def imports(path):
    return [(number, m.group(1)) for number, line in enumerate(code(path), 1) for m in [IMPORT.match(line)] if m]

targets = sorted(d for d in os.listdir("Sources") if os.path.isdir(os.path.join("Sources", d)))
SOURCES_PURE = [t for t in ("ImpressRemote", "Pdfpc", "ImpressUNO", "RevealJS") if t in targets]

# ---------------------------------------------------------------------------
# The checks: each returns the faults it found, as lines.

CHECKS = {}
def check(name, says):
    def register(fn):
        CHECKS[name] = (says, fn)
        return fn
    return register

@check("slidemodel-pure", "SlideModel imports no curses and reads no thread, file or clock")
def _():
    out = []
    allowed = {"CWideChar", "Foundation", "FoundationEssentials", "Glibc", "Musl", "Synchronization"}
    for path in files("Sources/SlideModel"):
        for number, module in imports(path):
            if module not in allowed:
                out.append(f"{path}:{number}: SlideModel imports {module} (it may import only {', '.join(sorted(allowed))})")
    forbidden = (r"\b(Thread|pthread_\w+|Dispatch\w*|FileManager|FileHandle|fopen|fread|fwrite|opendir|Date|ContinuousClock|"
                 r"SuspendingClock|clock_gettime|gettimeofday|usleep|nanosleep|ProcessInfo)\b")
    for path, number, line in hits(forbidden, files("Sources/SlideModel")):
        out.append(f"{path}:{number}: SlideModel is pure (no threads, files or clocks): {line}")
    return out

CURSES_FILE = "Sources/PadTerminal/Terminfo.swift"
@check("curses", f"only {CURSES_FILE} imports CNcurses; the views import no terminal")
def _():
    out = []
    for path in files("Sources"):
        for number, module in imports(path):
            if module == "CNcurses" and path != CURSES_FILE:
                out.append(f"{path}:{number}: imports CNcurses; only {CURSES_FILE} may ({DOC}, Invariants)")
    if not any(m == "CNcurses" for _, m in imports(CURSES_FILE)) if os.path.exists(CURSES_FILE) else True:
        out.append(f"{CURSES_FILE} no longer imports CNcurses: say in {DOC} which file does, and here (CURSES_FILE)")
    views = "Sources/ControlPadUI/Views"
    for path in files(views):
        for number, module in imports(path):
            if module not in ("SlideModel", "PadConfig", "SlideImages", "PadGrid", "FoundationEssentials"):
                out.append(f"{path}:{number}: a view imports {module}: views render into a CellGrid, never to the terminal")
    for path, number, line in hits(r"\b(RealTerminal|TerminalBackend|TerminalChannel|write\(STDOUT|fputs|print)\b", files(views)):
        out.append(f"{path}:{number}: a view reaches the terminal: {line}")
    return out

PAD_OWNERS = {"Sources/ControlPadUI/App/PadLoop.swift", "Sources/ControlPadUI/App/PadFrame.swift"}
DRIVER_FILE = "Sources/SourceKit/Driver/SourceDriver.swift"
@check("one-owner", "in the pad, only PadLoop (and the frame it draws) changes PadState; a network source's machine is loop-bound, with no lock")
def _():
    out = []
    for path, number, line in hits(r"\.react\(to:|\.reduce\([^)]*now:", files("Sources/ControlPadUI")):
        if path not in PAD_OWNERS:
            out.append(f"{path}:{number}: changes PadState outside PadLoop: {line}")
    # A source on the shared driver (DrivenSource) is bound by SourceDriver, which binds with NIOLoopBoundBox.
    if os.path.exists(DRIVER_FILE) and not any("NIOLoopBound" in l for l in code(DRIVER_FILE)):
        out.append(f"{DRIVER_FILE}: the driver's state is not bound to its loop (NIOLoopBound)")
    for path in files(*[f"Sources/{t}" for t in targets if t.endswith("Transport")]):
        if not any(re.search(r"\bclass \w+\s*:[^{]*\b(SlideSource|DrivenSource)\b", l) for l in code(path)):
            continue
        if not any("NIOLoopBound" in l or re.search(r"\bSourceDriver\b", l) for l in code(path)):
            out.append(f"{path}: a network source whose state is not bound to its loop (NIOLoopBound, or a SourceDriver)")
        for path2, number, line in hits(r"\b(NIOLock\w*|NIOLockedValueBox|Mutex|PlainLock|NSLock|pthread_mutex\w*)\b", [path]):
            out.append(f"{path2}:{number}: a lock in a network source's driver (its machine lives on the loop): {line}")
    proc = [f"Sources/{t}" for t in targets if t in SOURCES_PURE or t.endswith("Transport") or t == "SourceKit"]
    for path, number, line in hits(r"/proc/[^\"]*fd", files(*proc), blank_strings=False):
        out.append(f"{path}:{number}: a descriptor looked up in /proc by a source: {line}")
    return out

@check("gate", "every source class delivers through an EventGate")
def _():
    out = []
    for path in files("Sources"):
        for number, line in enumerate(code(path), 1):
            m = re.search(r"\bclass (\w+)\s*:[^{]*\b(SlideSource|ConfirmingSource|DrivenSource)\b", line)
            if m and not any(re.search(r"\b(EventGate|SourceShutdown|SourceDriver)\b", l) for l in code(path)):
                out.append(f"{path}:{number}: {m.group(1)} is a source with no EventGate (nor SourceShutdown or SourceDriver, which hold one)")
    return out

LIFE = {"ImpressConnection": "ImpressRemote", "PdfpcConnection": "Pdfpc", "RevealLink": "RevealJS"}
NO_LIFE = {"UNOLink": "ImpressUNO"}
@check("link-life", "ImpressConnection, PdfpcConnection and RevealLink live a LinkLife; UNOLink does not (the page says so)")
def _():
    out = []
    def declaration(name, target):
        for path in files(f"Sources/{target}"):
            for number, line in enumerate(code(path), 1):
                m = re.search(rf"\b(struct|class|enum) {name}\b([^{{]*)", line)
                if m:
                    body = "\n".join(code(path))
                    return path, number, "LinkLiving" in m.group(2) or re.search(r"\bvar life: LinkLife\b", body) is not None
        return None
    for name, target in LIFE.items():
        found = declaration(name, target)
        if found is None:
            out.append(f"{name} is not in Sources/{target} any more: say in {DOC} (Invariants) what lives a LinkLife")
        elif not found[2]:
            out.append(f"{found[0]}:{found[1]}: {name} does not conform to LinkLiving with a `life: LinkLife`")
    for name, target in NO_LIFE.items():
        found = declaration(name, target)
        if found and found[2]:
            out.append(f"{found[0]}:{found[1]}: {name} now lives a LinkLife: say so in {DOC} (Invariants) and take it out of NO_LIFE here")
    return out

@check("time", "the model and the sources' machines read no clock: `now` comes in as a Duration; no TimeInterval anywhere")
def _():
    out = []
    pure = [f"Sources/{t}" for t in ["SlideModel"] + SOURCES_PURE]
    clock = r"\b(Date|DispatchTime|DispatchWallTime|ContinuousClock|SuspendingClock|clock_gettime|gettimeofday|NIODeadline|ProcessInfo)\b|\btime\(nil"
    for path, number, line in hits(clock, files(*pure)):
        out.append(f"{path}:{number}: a pure target reads a clock (time comes in as `now: Duration`): {line}")
    for path, number, line in hits(r"\bTimeInterval\b", files("Sources")):
        out.append(f"{path}:{number}: a TimeInterval (time is a Duration): {line}")
    return out

@check("c-surface", "C only in the C shims (Sources/C*), and the page's list of them is complete")
def _():
    out = []
    shims = sorted(t for t in targets if re.fullmatch(r"C[A-Z]\w*", t))
    for path in files("Sources", exts=(".c", ".h", ".m", ".cpp", ".modulemap")):
        if path.split(os.sep)[1] not in shims:
            out.append(f"{path}: C outside the C shims (Sources/C*)")
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"C shims, the only C surface: ([^.]*)\.", text)
    if not m:
        out.append(f"{DOC}: no sentence \"C shims, the only C surface: ...\" listing them")
    else:
        listed = set(re.findall(r"`(?:Sources/)?(C\w+)`", m.group(1)))
        if listed != set(shims):
            out.append(f"{DOC}: the C shims listed ({', '.join(sorted(listed))}) are not Sources/C* ({', '.join(shims)})")
    return out

@check("argument-parser", "swift-argument-parser lives only in ControlPadCLI (of the targets under Sources)")
def _():
    return [f"{path}:{number}: imports ArgumentParser outside ControlPadCLI"
            for path in files("Sources") for number, module in imports(path)
            if module == "ArgumentParser" and not path.startswith("Sources/ControlPadCLI/")]

@check("no-try-bang", "no `try!` in Sources")
def _():
    return [f"{path}:{number}: try!: handle the error, or say why it cannot fail"
            for path, number, line in hits(r"\btry!", files("Sources"))]

# ---------------------------------------------------------------------------
# The page: each invariant names the commands that check it.

def page():
    out = []
    with open(DOC, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        start = lines.index("## Invariants")
    except ValueError:
        return [f"{DOC}: no \"## Invariants\" section"]
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    bullets, current = [], None
    for i in range(start + 1, end):
        if lines[i].startswith("- "):
            current = [i + 1, lines[i]]
            bullets.append(current)
        elif current and lines[i].startswith("  "):
            current[1] += " " + lines[i].strip()
        else:
            current = None
    if not bullets:
        out.append(f"{DOC}: no invariants under \"## Invariants\"")
    with open(".ci/run", encoding="utf-8") as f:
        ci = f.read()
    tests = set()
    for path in files("Tests"):
        with open(path, encoding="utf-8", errors="replace") as f:
            tests.update(re.findall(r"\bclass (\w+)\s*:\s*XCTestCase\b", f.read()))
    named = set()
    for number, text in bullets:
        title = (re.match(r"- \*\*(.+?)\*\*", text) or re.match(r"- (.{0,40})", text)).group(1)
        m = re.search(r"Checked by (.*)$", text)
        commands = re.findall(r"`([^`]+)`", m.group(1)) if m else []
        if not commands:
            out.append(f"{DOC}:{number}: \"{title}\" says no command that checks it (\"Checked by `...`\")")
        for command in commands:
            words = command.split()
            if words[0] == "scripts/check-invariants.sh":
                for name in words[1:]:
                    named.add(name)
                    if name not in CHECKS:
                        out.append(f"{DOC}:{number}: \"{title}\": no check {name} in scripts/check-invariants.sh")
            elif re.fullmatch(r"scripts/[\w-]+\.sh", words[0]):
                if not os.path.exists(words[0]):
                    out.append(f"{DOC}:{number}: \"{title}\": no {words[0]}")
                elif words[0] not in ci:
                    out.append(f"{DOC}:{number}: \"{title}\": {words[0]} is not run by .ci/run")
            elif words[:3] == ["swift", "test", "--filter"] and len(words) == 4:
                for name in words[3].split("|"):
                    name = name.split(".")[-1].split("/")[0]
                    if name not in tests:
                        out.append(f"{DOC}:{number}: \"{title}\": no test class {name} in Tests/")
            else:
                out.append(f"{DOC}:{number}: \"{title}\": {command!r} is no command this script knows "
                           "(scripts/check-invariants.sh NAME, scripts/X.sh, swift test --filter CLASS)")
    if not wanted:
        for name in sorted(set(CHECKS) - named):
            out.append(f"{DOC}: no invariant names the check {name} (\"Checked by `scripts/check-invariants.sh {name}`\")")
    return out

if wanted == ["--list"]:
    for name, (says, _) in CHECKS.items():
        print(f"{name:18} {says}")
    sys.exit(0)
unknown = [w for w in wanted if w not in CHECKS]
if unknown:
    print(f"check-invariants: no check {', '.join(unknown)} (--list names them)")
    sys.exit(2)

faults = 0
for name in wanted or list(CHECKS):
    says, fn = CHECKS[name]
    found = fn()
    for line in found:
        print(f"check-invariants: {name}: {line}")
    faults += len(found)
if not wanted:
    found = page()
    for line in found:
        print(f"check-invariants: page: {line}")
    faults += len(found)
if faults:
    sys.exit(1)
print(f"check-invariants: {len(wanted or CHECKS)} checks hold" + ("" if wanted else f", and every invariant of {DOC} names its commands"))
PY
