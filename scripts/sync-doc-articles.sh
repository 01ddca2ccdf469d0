#!/usr/bin/env bash
# Copies the guides (docs/*.md, the single source: tests compile their Swift blocks there)
# into the DocC catalogs as articles, in a git-ignored `Guides/` folder of each catalog.
# Run before `swift package generate-documentation`; scripts/check-docs.sh does.
#
# A guide's links to other guides (`[Codecs](Codecs.md)`, which GitHub follows) become
# DocC links (`<doc:Codecs>`) when the linked guide is in the same catalog, and plain text
# naming the Codd documentation otherwise: each catalog is its own archive, so a link
# out of it would not resolve. The umbrella `Codd` holds every guide, so all of its links
# resolve.
set -euo pipefail
cd "$(dirname "$0")/.."

# catalog: the guides it holds (file names in docs/, without .md).
catalogs=(
    "Codd: Architecture CustomTypes Queries CommonTableExpressions Codecs FullTextSearch DatabaseFunctions Testing Performance BenchmarkResults Schema TriggersAndViews Concurrency Observation Reliability PostgreSQL GRDB SQLFirst"
    "CoddCore: Architecture CustomTypes"
    "CoddQuery: Queries CommonTableExpressions Testing TriggersAndViews"
    "CoddUUID: Codecs"
    "CoddDate: Codecs"
    "CoddDecimal: Codecs"
    "CoddICUCollation: Codecs"
    "CoddJSON: Codecs"
    "CoddJSONQuery: Codecs"
    "CoddFTS5Query: FullTextSearch"
    # Schema and migrations (#12).
    "CoddSchema: Schema"
    "CoddMigrations: Schema"
    "CoddPostgres: PostgreSQL"
    # SQL-first (#27).
    "CoddSQLFirst: SQLFirst"
    "CoddSQLFirstMacros: SQLFirst"
    "CoddAnalysis: SQLFirst"
    "CoddGenerator: SQLFirst"
)
guides=(Architecture CustomTypes Queries CommonTableExpressions Codecs FullTextSearch DatabaseFunctions Testing Performance TriggersAndViews)
guides+=(Schema)
guides+=(Concurrency Observation)
guides+=(Reliability)
guides+=(PostgreSQL)
# The GRDB bridge (#13): its snippets compile in Integrations/CoddGRDB's tests.
guides+=(GRDB)
guides+=(SQLFirst)

# The source of an article: docs/<name>.md, or the benchmark report.
source_of() {
    case "$1" in
        BenchmarkResults) echo "docs/benchmarks/results.md" ;;
        *) echo "docs/$1.md" ;;
    esac
}

for entry in "${catalogs[@]}"; do
    module="${entry%%:*}"
    read -r -a held <<<"${entry#*:}"
    # The catalog is found by name, wherever its target's folder is.
    catalog="$(find Sources Codecs -type d -name "$module.docc" -print -quit)"
    if [ -z "$catalog" ]; then
        echo "sync-doc-articles: no $module.docc under Sources/ or Codecs/" >&2
        exit 1
    fi
    rm -rf "$catalog/Guides"
    mkdir -p "$catalog/Guides"

    # One sed program per catalog: links to held guides become <doc:> links, others text.
    program=()
    for guide in "${guides[@]}"; do
        if [[ " ${held[*]} " == *" $guide "* ]]; then
            program+=(-e "s|\[([^]]*)\]\($guide\.md\)|[\1](<doc:$guide>)|g")
        else
            program+=(-e "s|\[([^]]*)\]\($guide\.md\)|*\1* (an article of the Codd documentation)|g")
        fi
    done
    if [[ " ${held[*]} " == *" BenchmarkResults "* ]]; then
        program+=(-e "s|\[([^]]*)\]\(benchmarks/results\.md\)|[\1](<doc:BenchmarkResults>)|g")
    else
        program+=(-e "s|\[([^]]*)\]\(benchmarks/results\.md\)|\`docs/benchmarks/results.md\`|g")
    fi
    program+=(-e "s|\[([^]]*)\]\(benchmarks/results\.png\)|\`docs/benchmarks/results.png\`|g")

    for article in "${held[@]}"; do
        sed -E "${program[@]}" "$(source_of "$article")" >"$catalog/Guides/$article.md"
    done
done
