#!/usr/bin/env bash
# Runs a libFuzzer target of Fuzz/ (docs/Reliability.md) for SECONDS on top of its
# checked-in corpus:
#
#   scripts/fuzz.sh FuzzDate 60          one target
#   scripts/fuzz.sh all 30               every target, one after the other
#   scripts/fuzz.sh FuzzDate 0 FILE…     replay inputs (a crash file) without fuzzing
#
# Builds Fuzz/ with `-sanitize=fuzzer,address`. New inputs libFuzzer finds go to a temporary
# directory (copy the interesting ones to Fuzz/Corpus/TARGET/ by hand); a crash or a
# property failure stops the run, leaves the input in Fuzz/Findings/ and exits non-zero.
# Extra arguments go to libFuzzer (-jobs, -max_len, …).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: scripts/fuzz.sh TARGET|all SECONDS [libFuzzer arguments or input files…]" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2

targets=()
if [ "$target" = all ]; then
    for directory in Fuzz/Sources/Fuzz*/; do
        name=$(basename "$directory")
        [ "$name" = FuzzSupport ] || targets+=("$name")
    done
else
    targets=("$target")
fi

# Swift's backtracer would catch the abort first and hide libFuzzer's report and input.
export SWIFT_BACKTRACE=enable=no

# GNU gold (Swift's default linker on Linux) crashed linking an instrumented macro plugin
# ("internal error in format_file_lineno") when FuzzFTS5 still needed the DSL. No target
# needs the plugin now; the shim (clang finds `ld.gold` on PATH, and this one runs the
# toolchain's lld) stays so that one which does still links.
lld="$(dirname "$(readlink -f "$(command -v swift)")")/ld.lld"
if [ -x "$lld" ]; then
    shim="$(mktemp -d)"
    printf '#!/bin/sh\nexec "%s" "$@"\n' "$lld" >"$shim/ld.gold"
    chmod +x "$shim/ld.gold"
    export PATH="$shim:$PATH"
fi

flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g)
for name in "${targets[@]}"; do
    echo "== building $name"
    swift build --package-path Fuzz "${flags[@]}" --product "$name" 2>&1 | grep -E "error|warning: unre|Compiling Fuzz|Build complete" || true
done
bin="$(swift build --package-path Fuzz "${flags[@]}" --show-bin-path)"
mkdir -p Fuzz/Findings

status=0
for name in "${targets[@]}"; do
    if [ ! -x "$bin/$name" ]; then
        echo "$name did not build" >&2
        exit 1
    fi
    echo "== fuzzing $name for ${seconds}s"
    if [ "$seconds" = 0 ]; then
        # Replay: the given files, or the whole corpus.
        inputs=("$@")
        [ ${#inputs[@]} -gt 0 ] || inputs=("Fuzz/Corpus/$name")
        "$bin/$name" -runs=0 "${inputs[@]}" || status=1
        continue
    fi
    work="$(mktemp -d)"
    log="$work.log"
    code=0
    "$bin/$name" "$work" "Fuzz/Corpus/$name" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=4096 \
        -artifact_prefix="Fuzz/Findings/$name-" -print_final_stats=1 "$@" >"$log" 2>&1 || code=$?
    # The progress lines (#N NEW/REDUCE/pulse) are many; the last ones and the stats tell.
    grep -vE "^#[0-9]+" "$log" | tail -40
    grep -E "^#[0-9]+" "$log" | tail -2
    if [ $code -ne 0 ]; then
        echo "== $name FAILED (exit $code): input in Fuzz/Findings/, full log $log" >&2
        status=1
    fi
    echo "== $name: $(find "$work" -type f | wc -l) new inputs in $work"
done
exit $status
