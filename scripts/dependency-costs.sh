#!/bin/bash
# What each dependency costs: for each, a tiny executable that uses it is
# built cold in release, in a scratch folder of its own, with the Swift
# runtime linked statically as controlpad links it; prints the build's wall
# and CPU time and the stripped binary's size (docs/BENCHMARKS.md, "What
# each dependency costs"). async-http-client, which the pad no longer uses,
# is measured for comparison. Minutes on 2 cores; CPU time is the steadier
# figure on a busy machine.
#
#   scripts/dependency-costs.sh [NAME ...]   # default: all
set -euo pipefail
work=$(mktemp -d /tmp/cp-depcost.XXXXXX)
trap 'rm -rf "$work"' EXIT

# name | package lines | products | main.swift
probes=(
"runtime||(none)|import FoundationEssentials
print(Data([1, 2]).count)"
"foundation||(none)|import Foundation
let format = DateFormatter()
format.dateStyle = .long
print(format.string(from: Date()), String(format: \"%05.1f\", 2.5))"
"swift-log|.package(url: \"https://github.com/apple/swift-log\", from: \"1.16.2\")|Logging:swift-log|import Logging
Logger(label: \"p\").info(\"x\")"
"argument-parser|.package(url: \"https://github.com/apple/swift-argument-parser\", from: \"1.8.2\")|ArgumentParser:swift-argument-parser|import ArgumentParser
struct P: ParsableCommand { @Option var x = 1; func run() { print(x) } }
P.main()"
"TOMLKit|.package(url: \"https://github.com/LebJe/TOMLKit\", from: \"0.6.0\")|TOMLKit:TOMLKit|import TOMLKit
print(try! TOMLTable(string: \"a = 1\"))"
"swift-nio|.package(url: \"https://github.com/apple/swift-nio\", from: \"2.101.2\")|NIOPosix:swift-nio NIOHTTP1:swift-nio|import NIOPosix
import NIOHTTP1
print(MultiThreadedEventLoopGroup.singleton.next(), HTTPMethod.GET)"
"async-http-client|.package(url: \"https://github.com/swift-server/async-http-client\", from: \"1.37.0\")|AsyncHTTPClient:async-http-client|import AsyncHTTPClient
print(HTTPClient.Configuration().timeout)"
)

libraries='"swiftCore", "swift_Concurrency", "swift_StringProcessing", "swift_RegexParser", "swiftSynchronization", "swiftGlibc", "BlocksRuntime", "dispatch", "swiftDispatch", "_FoundationICU", "CoreFoundation", "Foundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationCShims", "_FoundationCollections"'

printf '%-18s %10s %10s %12s\n' dependency "wall s" "CPU s" "stripped MB"
for probe in "${probes[@]}"; do
    name=${probe%%|*}; rest=${probe#*|}
    package=${rest%%|*}; rest=${rest#*|}
    products=${rest%%|*}; source=${rest#*|}
    if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
    dir=$work/probe-$name  # not the dependency's own name: that is the root package's identity
    mkdir -p "$dir/Sources/P"
    deps=""
    if [ "$products" != "(none)" ]; then
        for p in $products; do deps+=".product(name: \"${p%%:*}\", package: \"${p##*:}\"), "; done
    fi
    cat >"$dir/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription
let group = ["-Xlinker", "--start-group"] + [$libraries].flatMap { ["-Xlinker", "-l\(\$0)"] } + ["-Xlinker", "--end-group"]
let package = Package(name: "P", dependencies: [$package],
    targets: [.executableTarget(name: "P", dependencies: [$deps], linkerSettings: [.unsafeFlags(["-static-stdlib"] + group)])])
EOF
    printf '%s\n' "$source" >"$dir/Sources/P/main.swift"
    (cd "$dir" && swift package resolve >/dev/null 2>&1)
    /usr/bin/time -f '%e %U %S' -o "$dir/time" swift build -c release --package-path "$dir" >"$dir/log" 2>&1 \
        || { echo "$name: build failed (see $dir/log)" >&2; tail -5 "$dir/log" >&2; continue; }
    read -r wall user sys <"$dir/time"
    strip -o "$dir/stripped" "$dir/.build/release/P"
    size=$(stat -c %s "$dir/stripped")
    printf '%-18s %10.0f %10.0f %12.1f\n' "$name" "$wall" "$(echo "$user + $sys" | bc)" "$(echo "scale=1; $size / 1048576" | bc)"
done
