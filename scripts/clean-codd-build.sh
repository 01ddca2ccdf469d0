#!/usr/bin/env bash
# Removes Codd's own build products (not the dependencies') and SwiftPM's build plan.
# SwiftPM 6.3 sometimes links test modules against stale objects of a module whose public
# API changed (seen with macro-expanded files); this forces them to rebuild without
# rebuilding swift-syntax.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(swift build --show-bin-path)"
rm -rf "$bin"/Codd*.build "$bin"/Modules/Codd* "$bin"/CSQLite* "$bin"/codd-* "$bin"/description.json .build/debug.yaml .build/*.yaml
