#!/bin/bash
# Package.swift declares what the code imports, and nothing else (issue 42,
# issue 48): for each target of `swift package dump-package`,
#   - every declared dependency must be imported by at least one of the
#     target's source files;
#   - every module of this package that a file imports must be declared;
#   - every other module a Swift file imports must be declared as a product
#     of a package (`.product(name:package:)`), unless it comes with the
#     toolchain (TOOLCHAIN below: Foundation, Glibc, XCTest...). A module of
#     a package dependency builds undeclared as long as another target pulls
#     it in, so the build does not catch it; this does.
# Prints one line per mismatch, naming the target and the module, and exits
# 1 if any.
#
# Imports are read off the lines that start with `import` (after
# attributes such as `@testable` or `@preconcurrency` and an access level
# such as `package` or `public`; not inside a `"""` string, which may hold a
# Python script), and `#include`/`#import` of a module's header in C
# targets. A dependency needed although nothing imports it (a C library
# only the linker needs, say) goes in KEPT below, with the reason.
#
#   scripts/check-manifest.sh             # the package in this repository
#   scripts/check-manifest.sh DIR         # the package in DIR (tests of this script: scripts/test-checks.sh)
#   scripts/check-manifest.sh DUMP.json   # a dump made beforehand, of this repository's package
set -euo pipefail
if [ $# -ge 1 ] && [ -d "$1" ]; then
    cd "$1"
    dump=$(swift package dump-package)
elif [ $# -ge 1 ]; then
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

# Modules that come with the Swift toolchain (or the OS): imported without
# being declared. Anything else a Swift file imports is a target of this
# package or a product of a package it depends on, and must be declared.
TOOLCHAIN = {
    "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Observation", "Distributed",
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    "Dispatch", "Glibc", "Musl", "Darwin", "Android", "WASILibc", "WinSDK", "ucrt", "CRT", "os",
    "XCTest", "Testing", "PackageDescription", "PackagePlugin",
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
    """(every module imported, the Swift imports alone), each module with the first file:line importing it."""
    found, swift = {}, {}
    for path in sources(target):
        in_string = False
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                if in_string:
                    in_string = line.count("\"\"\"") % 2 == 0
                    continue
                if line.count("\"\"\"") % 2 == 1:
                    in_string = True
                    continue
                m = IMPORT.match(line)
                if m:
                    found.setdefault(m.group(1), f"{path}:{number}")
                    if path.endswith(".swift"):
                        swift.setdefault(m.group(1), f"{path}:{number}")
                elif line.startswith(("#include <", "#import <")):
                    found.setdefault(line.split("<", 1)[1].split("/", 1)[0].split(".", 1)[0], f"{path}:{number}")
    return found, swift

def declared(target):
    """The modules `target` declares: a target of this package by its name, a
    product by its name (each product used here is one module of that name)."""
    out = {}
    for dependency in target.get("dependencies", []):
        kind, value = next(iter(dependency.items()))
        out[value[0]] = value[1] if kind == "product" else None
    return out

# Each product any target declares, with its package (for the fix we print).
products = {}
for target in targets.values():
    for module, package_name in declared(target).items():
        if module not in targets and package_name:
            products.setdefault(module, package_name)

problems = []
for name, target in targets.items():
    if target["type"] in ("system", "binary", "plugin", "macro"):
        continue
    (used, swift), wanted = imports(target), declared(target)
    for module in sorted(set(wanted) - set(used)):
        if (name, module) not in KEPT:
            problems.append(f"{name}: declares {module}, which none of its files imports")
    for module in sorted((set(used) & set(targets)) - set(wanted) - {name}):
        problems.append(f"{name}: imports {module} of this package without declaring it ({used[module]})")
    for module in sorted(set(swift) - set(targets) - set(wanted) - TOOLCHAIN):
        if module in products:
            problems.append(f"{name}: imports {module} without declaring it ({swift[module]}): "
                            f"add .product(name: \"{module}\", package: \"{products[module]}\") to its dependencies")
        else:
            problems.append(f"{name}: imports {module} ({swift[module]}), which is no target of this package, "
                            f"no product it declares, and not the toolchain'"'"'s (TOOLCHAIN in scripts/check-manifest.sh)")

for line in problems:
    print(f"check-manifest: {line}")
if problems:
    sys.exit(1)
print(f"check-manifest: {len(targets)} targets declare what they import, packages'"'"' products included")
'
