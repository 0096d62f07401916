#!/bin/bash
# Package.swift declares what the code imports, and nothing else (issue 42):
# for each target of `swift package dump-package`, every declared dependency
# must be imported by at least one of the target's source files, and every
# module of this package that a file imports must be declared. Prints one
# line per mismatch, naming the target and the module, and exits 1 if any.
#
# Imports are read off the lines that start with `import` (after
# attributes such as `@testable` or `@preconcurrency` and an access level
# such as `package` or `public`), and `#include`/`#import` of a module's
# header in C targets. A dependency needed although nothing imports it (a C
# library only the linker needs, say) goes in KEPT below, with the reason.
#
#   scripts/check-manifest.sh             # the package in this repository
#   scripts/check-manifest.sh DUMP.json   # a dump made beforehand (for tests of this script)
set -euo pipefail
if [ $# -ge 1 ]; then
    dump=$(cat "$1")
    cd "$(dirname "${BASH_SOURCE[0]}")/.."
else
    cd "$(dirname "${BASH_SOURCE[0]}")/.."
    dump=$(swift package dump-package)
fi
printf '%s' "$dump" | python3 -c '
import json, os, re, sys

# (target, module) pairs declared on purpose though no file imports the
# module, each with its reason. None today: every C library is linked
# through a target that imports it.
KEPT = {
}

package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
default_folder = {"test": "Tests", "plugin": "Plugins"}

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"                       # @testable, @preconcurrency, @_spi(X) ...
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?"
    r"(\w+)")

def sources(target):
    """The files of `target` that can import a module: Swift, and C headers and sources."""
    root = target.get("path") or os.path.join(default_folder.get(target["type"], "Sources"), target["name"])
    excluded = [os.path.normpath(os.path.join(root, e)) for e in target.get("exclude", [])]
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if os.path.normpath(os.path.join(folder, d)) not in excluded)
        for name in sorted(files):
            path = os.path.join(folder, name)
            if path not in excluded and name.endswith((".swift", ".c", ".h", ".m")):
                yield path

def imports(target):
    found = set()
    for path in sources(target):
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = IMPORT.match(line)
                if m:
                    found.add(m.group(1))
                elif line.startswith(("#include <", "#import <")):
                    found.add(line.split("<", 1)[1].split("/", 1)[0].split(".", 1)[0])
    return found

def declared(target):
    """The modules `target` declares: a target of this package by its name, a
    product by its name (each product used here is one module of that name)."""
    out = set()
    for dependency in target.get("dependencies", []):
        kind, value = next(iter(dependency.items()))
        out.add(value[0])
    return out

problems = []
for name, target in targets.items():
    if target["type"] in ("system", "binary", "plugin", "macro"):
        continue
    used, wanted = imports(target), declared(target)
    for module in sorted(wanted - used):
        if (name, module) not in KEPT:
            problems.append(f"{name}: declares {module}, which none of its files imports")
    for module in sorted((used & set(targets)) - wanted - {name}):
        problems.append(f"{name}: imports {module} of this package without declaring it")

for line in problems:
    print(f"check-manifest: {line}")
if problems:
    sys.exit(1)
print(f"check-manifest: {len(targets)} targets declare what they import")
'
