#!/usr/bin/env bash
# Compile-fail tests for the query DSL: each Tests/CompileFail/*.swift fixture must FAIL
# to type-check, with every `// expected-error: <substring>` it declares found in the
# compiler's diagnostics; Tests/CompileFail/Control.swift must type-check. Every file is
# checked together with Tests/CompileFail/Support/*.swift (the shared schema), against
# the debug build's modules and macro plugin. See Tests/CompileFail/README.md.
#
# Usage: bash scripts/check-compile-fail.sh   (from any directory)
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

# The modules and the macro plugin come from the package's debug build (a no-op when
# CI has already built it).
build_log="$(mktemp)"
trap 'rm -f "$build_log"' EXIT
if ! swift build >"$build_log" 2>&1; then
    cat "$build_log"
    echo "FAIL build: swift build failed"
    exit 1
fi
bin="$(swift build --show-bin-path)"
plugin="$bin/CoddMacros-tool"
modulemap="$root/Sources/CSQLite/module.modulemap"
for required in "$bin/Modules/Codd.swiftmodule" "$plugin" "$modulemap"; do
    if [ ! -e "$required" ]; then
        echo "FAIL setup: missing $required"
        exit 1
    fi
done

flags=(
    -typecheck
    -swift-version 6
    -I "$bin/Modules"
    -Xcc "-fmodule-map-file=$modulemap"
    -load-plugin-executable "$plugin#CoddMacros"
    -module-cache-path "$bin/ModuleCache"
    -diagnostic-style llvm
    -no-color-diagnostics
)

dir="$root/Tests/CompileFail"
support=("$dir"/Support/*.swift)
control="$dir/Control.swift"

passed=0
failed=0
pass() { echo "ok $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }

# Diagnostic lines only (`file:line:col: error: …`), never the echoed source, so an
# expected substring cannot match the fixture's own comment.
diagnostics() { grep -E '(^|: )(error|warning|note): ' <<<"$1" || true; }
# The compiler's errors, indented, to explain a failure.
show_errors() { diagnostics "$1" | grep -E '(^|: )error: ' | head -n 20 | sed 's/^/    /' || true; }

# The control: proves the flags, the modules, the plugin and the schema work.
if [ ! -f "$control" ]; then
    fail Control "missing $control"
elif output="$(swiftc "${flags[@]}" "${support[@]}" "$control" 2>&1)"; then
    pass Control
else
    fail Control "must compile but does not (broken setup or schema)"
    show_errors "$output"
fi

for fixture in "$dir"/*.swift; do
    [ "$fixture" = "$control" ] && continue
    name="$(basename "$fixture" .swift)"

    expected=()
    while IFS= read -r line; do
        expected+=("$line")
    done < <(sed -n 's/^[[:space:]]*\/\/[[:space:]]*expected-error:[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1/p' "$fixture")
    if [ ${#expected[@]} -eq 0 ]; then
        fail "$name" "no '// expected-error: <substring>' comment"
        continue
    fi

    status=0
    output="$(swiftc "${flags[@]}" "${support[@]}" "$fixture" 2>&1)" || status=$?
    if [ "$status" -eq 0 ]; then
        fail "$name" "compiled, but must not"
        continue
    fi
    if [ "$status" -ne 1 ]; then
        fail "$name" "swiftc exited with status $status (a crash, not a type error)"
        show_errors "$output"
        continue
    fi

    found="$(diagnostics "$output")"
    missing=""
    for substring in "${expected[@]}"; do
        if ! grep -qF -- "$substring" <<<"$found"; then
            missing="$substring"
            break
        fi
    done
    if [ -n "$missing" ]; then
        fail "$name" "no diagnostic contains \"$missing\""
        show_errors "$output"
    else
        pass "$name"
    fi
done

# Without Codd's PostgreSQL trait, CoddPostgres is empty but for names that say to turn
# the trait on: its sources compiled as the trait-less build compiles them (no
# `-D PostgreSQL`), then each fixture of WithoutPostgreSQLTrait/ type-checked against them.
traitless="$(mktemp -d)"
trap 'rm -f "$build_log"; rm -rf "$traitless"' EXIT
if output="$(swiftc -emit-module -parse-as-library -swift-version 6 -module-name CoddPostgres \
    -emit-module-path "$traitless/CoddPostgres.swiftmodule" "$root"/Sources/CoddPostgres/*.swift 2>&1)"; then
    for fixture in "$dir"/WithoutPostgreSQLTrait/*.swift; do
        name="WithoutPostgreSQLTrait/$(basename "$fixture" .swift)"
        expected="$(sed -n 's/^[[:space:]]*\/\/[[:space:]]*expected-error:[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1/p' "$fixture")"
        status=0
        output="$(swiftc -typecheck -swift-version 6 -I "$traitless" -diagnostic-style llvm -no-color-diagnostics \
            "$fixture" 2>&1)" || status=$?
        if [ -z "$expected" ]; then
            fail "$name" "no '// expected-error: <substring>' comment"
        elif [ "$status" -ne 1 ]; then
            fail "$name" "swiftc exited with status $status, where a type error was expected"
            show_errors "$output"
        elif ! diagnostics "$output" | grep -qF -- "$expected"; then
            fail "$name" "no diagnostic contains \"$expected\""
            show_errors "$output"
        else
            pass "$name"
        fi
    done
else
    fail WithoutPostgreSQLTrait "CoddPostgres without the trait does not compile"
    show_errors "$output"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
