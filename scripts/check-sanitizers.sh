#!/usr/bin/env bash
# Runs the test suite under a sanitizer (docs/Reliability.md, "Sanitizers"):
#
#   scripts/check-sanitizers.sh address     the suite under ASan (+ LeakSanitizer)
#   scripts/check-sanitizers.sh thread      the suite under TSan
#
# Codd's own targets are compiled with the sanitizer, its dependencies are not (below).
# Each builds in a scratch directory of its own (.build-asan, .build-tsan) unless
# CODD_SANITIZER_SCRATCH names one (CI: its normal .build, whose dependencies are built
# already; Codd's modules in it are then sanitized). What is left out is decided HERE,
# each with its reason, and listed in docs/Reliability.md: the macro expansion tests
# (CODD_SANITIZER_BUILD=1 below, read by Package.swift); the wall-clock tests run after the
# rest, alone.
# Extra arguments go to `swift test` (`--filter Pool`, say).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 1 ]; then
    echo "usage: scripts/check-sanitizers.sh address|thread [swift test arguments…]" >&2
    exit 2
fi
sanitizer=$1
shift

# Tests whose assertion is a wall-clock bound (an operation within N seconds). A sanitizer
# slows the code 2-15x, and run among the 600 others in parallel on a small machine they
# miss their bound: they run afterwards, alone, not skipped.
timed=(
    "oneMegabyteMigration"                  # parses 1 MB of SQL in under 5 s
    "aCancelledStatementIsInterrupted"      # a cancelled statement stops within 60 s
    "aCancelledWaiterLeavesTheQueue"        # waits at most 60 s for the waiter to queue
    "cancellingTheConsumerUnregisters"      # waits at most 60 s for the observer to go
    # A task must queue behind a write a thread holds for at most 20 s: under ASan among the
    # others, the cooperative pool started it too late (CI, 2026-11-26); alone, 0.1 s.
    "aCancelledAsyncWriteBehindASynchronousWriteReturnsAtOnce"
    "tasksWaitingBehindAThreadBlockNoThread"
)
# Left out of the ThreadSanitizer run only: the analyzer's bad-input suite (SQL-first). Its
# 1,000-level expressions and chains build syntax trees whose release, one recursive free
# per node, did not finish in ten minutes under TSan (its runtime's FreeRange for each
# block); the analyzer is single-threaded, and the suite runs under AddressSanitizer, in the
# normal run and in FuzzAnalysis.
thread_skips=(
    "BadInputTests"
)
case "$sanitizer" in
address)
    scratch=${CODD_SANITIZER_SCRATCH:-.build-asan}
    # LeakSanitizer runs at exit: XCTest's own leftovers are suppressed, nothing of Codd's.
    export LSAN_OPTIONS="suppressions=$(pwd)/scripts/lsan-suppressions.txt:print_suppressions=0"
    ;;
thread)
    scratch=${CODD_SANITIZER_SCRATCH:-.build-tsan}
    ;;
*)
    echo "unknown sanitizer $sanitizer (address or thread)" >&2
    exit 2
    ;;
esac

# Package.swift leaves out the macro expansion tests (CoddMacrosTests and
# CoddSQLFirstMacroPluginTests) for this build: they test code that runs in the compiler
# (host code on swift-syntax), not the library.
export CODD_SANITIZER_BUILD=1
# The type-check budget (Package.swift) is the normal test build's check: the same sources
# need not pass it again here.
unset CODD_TYPECHECK_BUDGET
# Swift's backtracer would catch a sanitizer's abort first and hide its report.
export SWIFT_BACKTRACE=enable=no
# Inline snapshots are never written here: a missing or different one fails.
export SNAPSHOT_TESTING_RECORD=never

# Codd's own targets are compiled and linked with the sanitizer (Package.swift), not the
# packages it depends on: `--sanitize` would compile swift-syntax, swift-nio and BoringSSL
# again, instrumented, for each sanitizer. So the build may share a scratch path whose
# dependencies are built already: CI passes its normal `.build` as CODD_SANITIZER_SCRATCH
# (only Codd's modules are compiled again, with the sanitizer); by default each sanitizer
# has a folder of its own and the normal `.build` is left as it is.
# (A relative CODD_SANITIZER_SCRATCH is read from the repository's root.)
# On macOS, SwiftPM's `--sanitize` is kept: `swift test` loads the sanitizer's runtime into
# the test bundle only when it is given (DYLD_INSERT_LIBRARIES), and the check of the test
# binary below reads a Linux executable.
if [ "$(uname)" = Darwin ]; then
    build=(--sanitize="$sanitizer" --scratch-path "$scratch")
else
    export CODD_SANITIZER="$sanitizer"
    # Another root package (the benchmarks, the GRDB bridge) may have planned that scratch
    # path last: SwiftPM keeps its plan there and would not notice, so it is made anew.
    rm -f "$scratch/debug/description.json" "$scratch/debug/plugin-tools-description.json"
    # (The index store stays: `--disable-index-store` fails a test build on Linux, whose
    # test discovery reads it. CI frees each build folder once its step is done instead.)
    build=(--scratch-path "$scratch")
fi

log="$(mktemp)"
if ! swift build --build-tests "${build[@]}" >"$log" 2>&1; then
    # `|| true`: head closing the pipe early must not make the report a SIGPIPE exit (141).
    grep -E "error" "$log" | head -40 || true
    echo "FAIL: the $sanitizer-sanitized build failed (log: $log)" >&2
    exit 1
fi
rm -f "$log"

# The flags are the package's, not SwiftPM's: prove that the test binary carries the
# sanitizer's runtime and that Codd's modules were compiled instrumented (each instrumented
# object's constructor calls the runtime's init), so that a manifest change cannot turn the
# check into a plain run.
if [ "$(uname)" != Darwin ]; then
    case "$sanitizer" in
    address) runtime_symbol=__asan_init ;;
    thread) runtime_symbol=__tsan_init ;;
    esac
    test_binary="$scratch/debug/CoddPackageTests.xctest"
    # (grep reads all of nm's output: `grep -q` would stop early, and nm's SIGPIPE fail the
    # pipe.)
    if ! nm "$test_binary" 2>/dev/null | grep " T $runtime_symbol\$" >/dev/null; then
        echo "FAIL: $test_binary has no $runtime_symbol: it was not linked with the $sanitizer sanitizer" >&2
        exit 1
    fi
    for module in CoddCore CoddSQLite CoddQuery CoddJSON CoddJSONQuery Codd; do
        if ! nm "$scratch/debug/$module.build/"*.o 2>/dev/null | grep " U $runtime_symbol\$" >/dev/null; then
            echo "FAIL: $module was not compiled with the $sanitizer sanitizer (no call to $runtime_symbol)" >&2
            exit 1
        fi
    done
fi

if [ $# -gt 0 ]; then
    swift test --skip-build "${build[@]}" "$@"
    exit
fi
arguments=()
filters=()
for test in "${timed[@]}"; do
    arguments+=(--skip "$test")
    filters+=(--filter "$test")
done
if [ "$sanitizer" = thread ]; then
    for test in "${thread_skips[@]}"; do
        arguments+=(--skip "$test")
    done
fi
status=0
swift test --skip-build "${build[@]}" "${arguments[@]}" || status=1
echo "== the wall-clock tests, alone"
swift test --skip-build "${build[@]}" "${filters[@]}" || status=1
exit $status
