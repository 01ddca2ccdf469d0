// swift-tools-version: 6.1
import PackageDescription

// Codd side by side with raw SQLite C calls and GRDB, in one process. A package of its own
// so that Codd itself never depends on GRDB. SwiftPM replans a build when this package's files
// change, not Codd's: after adding or removing a file in Codd, touch this file.
let package = Package(
    name: "CoddBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The PostgreSQL trait: CoddPostgresBench runs Codd on PostgreSQL.
        .package(name: "Codd", path: "..", traits: ["PostgreSQL"]),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        .executableTarget(
            name: "CoddBench",
            dependencies: [
                .product(name: "Codd", package: "Codd"),
                .product(name: "CoddSQLite", package: "Codd"),
                .product(name: "CoddFTS5SQLite", package: "Codd"),
                // Issue #29: the ICU collation's ORDER BY beside NOCASE.
                .product(name: "CoddICUCollation", package: "Codd"),
                .product(name: "GRDB", package: "GRDB.swift"),
                "CAllocationCounter",
                // SQL-first (#27): the generated point query, and the compiler timed.
                .product(name: "CoddSQLFirst", package: "Codd"),
                .product(name: "CoddGenerator", package: "Codd"),
                .product(name: "CoddAnalysis", package: "Codd"),
            ],
            path: "Sources/CoddBench",
            exclude: ["codd.json", "SQLFirst"],
            plugins: [.plugin(name: "CoddPlugin", package: "Codd")]
        ),
        // A malloc interposer linked into the benchmark executable: allocations per row
        // and peak live heap bytes (Linux with glibc; elsewhere it reports nothing).
        .target(name: "CAllocationCounter", path: "Sources/CAllocationCounter"),
        // PostgreSQL (#15): Codd against postgres-nio's own decoding on one server
        // (`bash scripts/with-postgres.sh swift run -c release --package-path Benchmarks CoddPostgresBench`).
        .executableTarget(
            name: "CoddPostgresBench",
            dependencies: [
                .product(name: "Codd", package: "Codd"),
                .product(name: "CoddPostgres", package: "Codd"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            path: "Sources/CoddPostgresBench"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Type-check time (#28), as in Codd's own Package.swift: with CODD_TYPECHECK_BUDGET=1 (CI)
// every expression of the benchmarks, which write the DSL as users do, type-checks in 150 ms
// or the build fails; CODD_TYPECHECK_REPORT_MS=N warns of each one slower than N ms.
let swiftTargets = package.targets.filter { $0.type == .executable }
if Context.environment["CODD_TYPECHECK_BUDGET"] == "1" {
    let flags = ["-Xfrontend", "-warn-long-expression-type-checking=150", "-warnings-as-errors"]
    for target in swiftTargets {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(flags)]
    }
} else if let milliseconds = Context.environment["CODD_TYPECHECK_REPORT_MS"].flatMap({ Int($0) }) {
    let flags = [
        "-Xfrontend", "-warn-long-expression-type-checking=\(milliseconds)",
        "-Xfrontend", "-warn-long-function-bodies=\(milliseconds)",
    ]
    for target in swiftTargets {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(flags)]
    }
}
