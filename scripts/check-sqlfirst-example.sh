#!/usr/bin/env bash
# Builds and runs Examples/SQLFirstExample: PureSQL's README examples as an app whose Swift
# CoddPlugin generates from SQL during `swift build`, run on a real SQLite file (the app
# exits non-zero when a result is wrong). Then checks the plugin's promise that a query
# file added, changed or removed is picked up by the next `swift build`, without a clean
# build, and that a broken query fails the build with its located error. Everything it
# changes is restored, also on failure.
#
#   bash scripts/check-sqlfirst-example.sh
#
# CODD_SCRATCH_PATH=DIR builds in DIR (an absolute path) instead of the example's own .build:
# CI passes Codd's, so that Codd and swift-syntax are not compiled again (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/../Examples/SQLFirstExample"

scratch=.build
if [ -n "${CODD_SCRATCH_PATH:-}" ]; then
    scratch=$CODD_SCRATCH_PATH
fi
# SwiftPM keeps its build plan in the scratch path and, there, does not notice that another
# package is now the root (it reports "No target named …"): the plan goes, and is made anew.
rm -f "$scratch/debug/description.json" "$scratch/debug/plugin-tools-description.json"
build() { swift build --scratch-path "$scratch" "$@"; }

queries=Sources/SQLFirstExample/Queries
backup="$(mktemp -d)"
cp "$queries/Library.sql" "$backup/Library.sql"
restore() {
    cp "$backup/Library.sql" "$queries/Library.sql"
    rm -f "$queries/AddedByCheck.sql" "$queries/BrokenByCheck.sql"
    rm -rf "$backup"
}
trap restore EXIT

run() {
    build 2>&1 | grep -E "error|warning:|Generating SQL-first|Build complete" || true
    "$scratch/debug/SQLFirstExample" "$backup/db"
}

expect_line() { # expect_line OUTPUT LINE
    if ! grep -qxF -- "$2" <<<"$1"; then
        echo "check-sqlfirst-example: expected the line '$2' in:" >&2
        echo "$1" >&2
        exit 1
    fi
}

echo "== build and run"
output="$(run)"
echo "$output"
expect_line "$output" "version: v1"
expect_line "$output" "query files: expenseQueries, libraryQueries, searchQueries, todoQueries, userQueries"

echo "== a query file added: the next build generates it"
printf -- '-- Added by scripts/check-sqlfirst-example.sh.\nanswer:\nSELECT 42 AS answer;\n' >"$queries/AddedByCheck.sql"
output="$(run)"
expect_line "$output" "query files: addedByCheckQueries, expenseQueries, libraryQueries, searchQueries, todoQueries, userQueries"

echo "== a query changed: the next build regenerates it"
sed -i.bak "s/'v1'/'v2'/" "$queries/Library.sql" && rm -f "$queries/Library.sql.bak"
output="$(run)"
expect_line "$output" "version: v2"

echo "== the file removed, the query restored"
rm "$queries/AddedByCheck.sql"
cp "$backup/Library.sql" "$queries/Library.sql"
output="$(run)"
expect_line "$output" "version: v1"
expect_line "$output" "query files: expenseQueries, libraryQueries, searchQueries, todoQueries, userQueries"

echo "== a broken query fails the build, located"
printf 'broken:\nSELECT nmae FROM todo;\n' >"$queries/BrokenByCheck.sql"
if build="$(build 2>&1)"; then
    echo "check-sqlfirst-example: a query naming an unknown column built" >&2
    exit 1
fi
if ! grep -qF "Queries/BrokenByCheck.sql:2:8: error: no such column: nmae" <<<"$build"; then
    echo "check-sqlfirst-example: the build failed without the located error:" >&2
    echo "$build" >&2
    exit 1
fi
rm "$queries/BrokenByCheck.sql"
build >/dev/null
echo "check-sqlfirst-example: the example runs; added, changed and removed query files are picked up; errors are located"
