#!/usr/bin/env bash
# Builds the DocC documentation of every library target and fails if DocC warns (an
# unresolved symbol link, an ambiguous one, a missing article). The guides are copied into
# the catalogs first (scripts/sync-doc-articles.sh): docs/*.md stay their single source.
# The archives are left in .build/plugins/Swift-DocC/outputs/.
set -euo pipefail
cd "$(dirname "$0")/.."
# CoddPostgres documents its API only with Codd's PostgreSQL trait on (Package.swift).
export CODD_POSTGRES="${CODD_POSTGRES:-1}"

# Every library product (each is one target of the same name), read from Package.swift so a
# new product is checked too; each must have a catalog.
read -r -a targets <<<"$(sed -nE 's/.*\.library\(name: "([^"]+)".*/\1/p' Package.swift | tr '\n' ' ')"
for target in "${targets[@]}"; do
    if [ -z "$(find Sources Codecs -type d -name "$target.docc" -print -quit)" ]; then
        echo "check-docs: the library $target has no $target.docc catalog under Sources/ or Codecs/" >&2
        exit 1
    fi
done

bash scripts/sync-doc-articles.sh

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
arguments=()
for target in "${targets[@]}"; do
    arguments+=(--target "$target")
done
status=0
swift package generate-documentation "${arguments[@]}" >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
    cat "$log"
    echo "check-docs: generate-documentation failed (exit $status)" >&2
    exit "$status"
fi

# A warning is printed with its source excerpt after it; print each once with 4 lines.
if grep -q "warning:" "$log"; then
    grep -A4 "warning:" "$log" | awk '/warning:/ { if (seen[$0]++) { skip = 4; next } } skip > 0 { skip--; next } { print }'
    echo "check-docs: $(grep "warning:" "$log" | sort -u | wc -l | tr -d ' ') distinct DocC warning(s)" >&2
    exit 1
fi
echo "check-docs: ${#targets[@]} targets documented, no warnings"
