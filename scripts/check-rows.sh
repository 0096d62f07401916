#!/bin/bash
# The row rule of docs/ARCHITECTURE.md (issue 48): a target imports only
# targets in rows below its own, never one beside it. The rows are read
# from one place, the code map's table in docs/ARCHITECTURE.md
# (`| target | row | imports | holds |`, one target a line); this script
# fails, with one line each, on
#   - an import of a target in the same row or a row above (file:line);
#   - a target under Sources/ that the table does not place in a row, or a
#     row of the table naming no target under Sources/;
#   - a table whose "imports" column is not what the target's files import
#     (the project's targets only, read off the `import` lines);
#   - the picture above the table (the lines `row N  Name  Name ...`)
#     placing a target in another row than the table, or leaving one out.
# Only the targets under Sources/ are in the rows: tests, their support,
# the benchmark and the tools may import anything.
#
#   scripts/check-rows.sh        # this repository
#   scripts/check-rows.sh DIR    # the tree in DIR (its docs/ARCHITECTURE.md and Sources/): scripts/test-checks.sh
set -euo pipefail
root=${1:-"$(dirname "${BASH_SOURCE[0]}")/.."}
python3 - "$root" <<'PY'
import os, re, sys

root = sys.argv[1]
doc_path = os.path.join(root, "docs", "ARCHITECTURE.md")
sources = os.path.join(root, "Sources")
DOC = "docs/ARCHITECTURE.md"
problems = []

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"(\w+)")

targets = sorted(d for d in os.listdir(sources) if os.path.isdir(os.path.join(sources, d)))
known = set(targets)

def names(text):
    """The targets a piece of the doc names (its words that are targets)."""
    return [w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text) if w in known]

# --- The table: | `Target` | row | imports | holds |
with open(doc_path, encoding="utf-8") as f:
    doc = f.read().splitlines()
rows, listed, seen_at = {}, {}, {}
header = None
for number, line in enumerate(doc, 1):
    cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else None
    if cells and cells[:3] == ["target", "row", "imports"]:
        header = number
        continue
    if header is None or not cells:
        if header is not None and not line.startswith("|"):
            break  # the table ended
        continue
    if set(cells[0]) <= set("-: "):
        continue
    m = re.fullmatch(r"`(\w+)`", cells[0])
    if not m or not re.fullmatch(r"\d+", cells[1]):
        problems.append(f"{DOC}:{number}: a row of the code map's table must start | `Target` | N |")
        continue
    name = m.group(1)
    if name in rows:
        problems.append(f"{DOC}:{number}: {name} is in the table twice (also line {seen_at[name]})")
    rows[name], seen_at[name] = int(cells[1]), number
    listed[name] = set(names(cells[2]))
if header is None:
    print(f"check-rows: {DOC} has no code map table (| target | row | imports | holds |)")
    sys.exit(1)

for name in targets:
    if name not in rows:
        problems.append(f"Sources/{name} is in no row: add it to the code map's table in {DOC} (| `{name}` | row | imports | holds |)")
for name in rows:
    if name not in known:
        problems.append(f"{DOC}:{seen_at[name]}: {name} is in the table but there is no Sources/{name}")

# --- What each target's files import, and the rule
def files(folder):
    for top, dirs, found in os.walk(folder):
        dirs.sort()
        for f in sorted(found):
            if f.endswith((".swift", ".c", ".h", ".m")):
                yield os.path.join(top, f)

for name in targets:
    imported = {}
    for path in files(os.path.join(sources, name)):
        in_string = False
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                quotes = line.count('"""') % 2 == 1
                if in_string or quotes:
                    in_string = in_string != quotes
                    continue
                m = IMPORT.match(line)
                module = m.group(1) if m else None
                if line.startswith(("#include <", "#import <")):
                    module = line.split("<", 1)[1].split("/", 1)[0].split(".", 1)[0]
                if module in known and module != name:
                    imported.setdefault(module, os.path.relpath(path, root) + f":{number}")
    if name not in rows:
        continue
    for module, where in sorted(imported.items()):
        if module not in rows:
            continue
        if rows[module] == rows[name]:
            problems.append(f"{where}: {name} (row {rows[name]}) imports {module}, beside it in row {rows[module]}: "
                            f"a target imports only targets in rows below its own ({DOC}, Code map)")
        elif rows[module] > rows[name]:
            problems.append(f"{where}: {name} (row {rows[name]}) imports {module}, above it in row {rows[module]}: "
                            f"a target imports only targets in rows below its own ({DOC}, Code map)")
    if set(imported) != listed[name]:
        missing, extra = sorted(set(imported) - listed[name]), sorted(listed[name] - set(imported))
        said = "; ".join(filter(None, [
            "its files import " + ", ".join(f"{m} ({imported[m]})" for m in missing) + " too" if missing else "",
            "none of its files imports " + ", ".join(extra) if extra else ""]))
        problems.append(f"{DOC}:{seen_at[name]}: the table's imports of {name} are wrong: {said}")

# --- The picture: a fenced block of `row N  ...` lines (a line without
# `row` goes on with the row above), which must agree with the table.
pictured, row, in_fence, found = {}, None, False, False
for number, line in enumerate(doc, 1):
    if line.startswith("```"):
        if in_fence and found:
            break
        in_fence, row = not in_fence, None
        continue
    if not in_fence:
        continue
    m = re.match(r"row (\d+)\s", line + " ")
    if m:
        row, found = int(m.group(1)), True
        text = line[m.end():]
    elif row is not None and line.startswith(" "):
        text = line
    else:
        continue
    for name in names(text):
        if name in pictured and pictured[name][0] != row:
            problems.append(f"{DOC}:{number}: the picture puts {name} in rows {pictured[name][0]} and {row}")
        pictured.setdefault(name, (row, number))
if not found:
    problems.append(f"{DOC}: no picture of the rows (a fenced block of `row N  Target ...` lines)")
else:
    for name, r in sorted(rows.items()):
        if name not in pictured:
            problems.append(f"{DOC}: the picture of the rows leaves out {name} (row {r} in the table)")
        elif pictured[name][0] != r:
            problems.append(f"{DOC}:{pictured[name][1]}: the picture puts {name} in row {pictured[name][0]}, the table in row {r}")

for line in problems:
    print(f"check-rows: {line}")
if problems:
    sys.exit(1)
print(f"check-rows: {len(rows)} targets in {len(set(rows.values()))} rows, each importing only rows below its own")
PY
