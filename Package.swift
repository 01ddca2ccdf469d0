// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

// The umbrella and every module it re-exports. A target (or product) that reaches Codd lists
// them all: SwiftPM gives a target's compile step only its declared dependencies'
// .swiftmodule files as inputs, and Codd.swiftmodule is not rewritten when only a module it
// re-exports changes, so a target that reached CoddQuery through Codd alone was not
// recompiled after CoddQuery changed (stale objects: undefined symbols at link time, or
// worse). scripts/check-layers.py holds every target and product to this.
let umbrella = ["Codd", "CoddCore", "CoddSQLite", "CoddQuery", "CoddUUID", "CoddDate", "CoddDecimal", "CoddJSON", "CoddJSONQuery"]
let umbrellaDependencies: [Target.Dependency] = umbrella.map { .target(name: $0) }

// PostgreSQL is opt-in, a package trait: an app that uses SQLite alone never resolves or
// builds postgres-nio, swift-nio or swift-crypto. An app that wants it asks for it:
//
//     .package(url: "https://github.com/…/Codd", from: "…", traits: ["PostgreSQL"])
//
// This repository's own runs (CI, the benchmarks, `scripts/with-postgres.sh`) turn it on by
// default with CODD_POSTGRES=1, so that every command of one run builds the same modules.
let postgreSQLByDefault = Context.environment["CODD_POSTGRES"] == "1"
let postgreSQL: TargetDependencyCondition? = .when(traits: ["PostgreSQL"])

let package = Package(
    name: "Codd",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Codd", targets: umbrella),
        .library(name: "CoddCore", targets: ["CoddCore"]),
        .library(name: "CoddSQLite", targets: ["CoddSQLite"]),
        .library(name: "CoddQuery", targets: ["CoddQuery"]),
        .library(name: "CoddTesting", targets: ["CoddTesting"] + umbrella),
        .library(name: "CoddUUID", targets: ["CoddUUID"]),
        .library(name: "CoddDate", targets: ["CoddDate"]),
        .library(name: "CoddDecimal", targets: ["CoddDecimal"]),
        // Collations (#29): a locale's order by the system ICU, registered on connections.
        .library(name: "CoddICUCollation", targets: ["CoddICUCollation", "CICUCollation"]),
        .library(name: "CoddJSON", targets: ["CoddJSON"]),
        .library(name: "CoddJSONQuery", targets: ["CoddJSONQuery"]),
        .library(name: "CoddFTS5", targets: ["CoddFTS5"]),
        .library(name: "CoddFTS5Query", targets: ["CoddFTS5Query", "CoddFTS5"]),
        .library(name: "CoddFTS5SQLite", targets: ["CoddFTS5SQLite", "CoddFTS5Query", "CoddFTS5"]),
        // Schema and migrations (#12): annotated SQL and its schema model; the migrator.
        .library(name: "CoddSchema", targets: ["CoddSchema"]),
        .library(name: "CoddMigrations", targets: ["CoddMigrations", "CoddSchema"] + umbrella),
        // PostgreSQL (#15): the driver over postgres-nio.
        .library(name: "CoddPostgres", targets: ["CoddPostgres"]),
        .library(
            name: "CoddPostgresMigrations",
            targets: ["CoddPostgresMigrations", "CoddPostgres", "CoddMigrations", "CoddSchema"] + umbrella
        ),
        .executable(name: "codd-example", targets: ["CoddExample"]),
    ],
    traits: [
        .trait(
            name: "PostgreSQL",
            description: "CoddPostgres and CoddPostgresMigrations: the same statements and codecs on PostgreSQL, through postgres-nio."
        ),
        .default(enabledTraits: postgreSQLByDefault ? ["PostgreSQL"] : []),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // Test-only: inline snapshots of queries (SQL + rows) and macro expansions.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        // Documentation only: `swift package generate-documentation` (scripts/check-docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // PostgreSQL driver (CoddPostgres, the PostgreSQL trait): the wire protocol and the pool.
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
    ],
    targets: [
        // Layers point one way; scripts/check-layers.py holds every target to this rule
        // (docs/Architecture.md explains it).
        //   CoddCore                  imports nothing of Codd
        //   CoddSQLite (driver)       CoddCore, CSQLite
        //   CoddQuery (renderer)      CoddCore, CoddMacros
        //   codec modules             CoddCore
        //   a codec's DSL module      CoddCore, CoddQuery, its own codec module
        //   a codec's driver module   those, and CoddSQLite (+ CSQLite, its C target)
        //   Codd (umbrella)           what it re-exports
        //   CoddTesting               Codd

        // Core: the custom-type protocol family, the SQL builder, the codec registry.
        // Imports no SQLite and nothing else of Codd.
        .target(name: "CoddCore", path: "Sources/CoddCore"),

        // Driver: the system libsqlite3 and a thin Swift layer over it.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "CoddSQLite", dependencies: ["CoddCore", "CSQLite"], path: "Sources/CoddSQLite"),

        // Query renderer: the typed DSL and its macros. Renders SQL through CoddCore only; a
        // codec that adds DSL extends it from its own module.
        .target(name: "CoddQuery", dependencies: ["CoddCore", "CoddMacros", "CoddNaming"], path: "Sources/CoddQuery"),
        // The compiler plugin is only its entry point; the expansions are a library, so that
        // the expansion tests depend on a library and not on a macro target. (A test target
        // that depends on a macro target makes SwiftPM build the whole test product, and every
        // module under it, a second time for the host: twice the cold `swift test`.)
        .macro(
            name: "CoddMacros",
            dependencies: [
                "CoddMacroExpansions",
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            path: "Sources/CoddMacros"
        ),
        // @Table, @Column, @Selection, #sql, @DatabaseFunction, @JSONPaths: the expansions.
        .target(
            name: "CoddMacroExpansions",
            dependencies: [
                "CoddNaming",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: "Sources/CoddMacroExpansions"
        ),

        // The naming rules the macros and the runtime share (standard library only).
        .target(name: "CoddNaming", path: "Sources/CoddNaming"),

        // Codecs: one folder each under Codecs/. A codec module (representations of
        // Foundation types) imports CoddCore only.
        .target(name: "CoddUUID", dependencies: ["CoddCore"], path: "Codecs/UUID"),
        .target(name: "CoddDate", dependencies: ["CoddCore"], path: "Codecs/Date"),
        .target(name: "CoddDecimal", dependencies: ["CoddCore"], path: "Codecs/Decimal"),
        // The ICU collation: an SQLCollation whose comparator is ICU's (ucol_*), through the
        // C target below; any driver that registers Swift collations registers it.
        .target(name: "CoddICUCollation", dependencies: ["CoddCore", "CICUCollation"], path: "Codecs/ICUCollation/Codec"),
        // ICU collators in C: only the .c file includes <unicode/…> (see CICUWordBreak).
        .target(
            name: "CICUCollation",
            path: "Codecs/ICUCollation/ICU",
            linkerSettings: [.linkedLibrary("icui18n", .when(platforms: [.linux])), .linkedLibrary("icuuc", .when(platforms: [.linux]))]
        ),
        .target(name: "CoddJSON", dependencies: ["CoddCore"], path: "Codecs/JSON/Codec"),
        // JSON's DSL: jsonGroupArray() and jsonObject(), decoded through CoddJSON.
        .target(name: "CoddJSONQuery", dependencies: ["CoddCore", "CoddQuery", "CoddJSON"], path: "Codecs/JSON/Query"),
        // FTS5's DSL: virtual tables, tokenizer configs, sync triggers, search patterns and
        // ranking. Renders SQL through CoddCore and CoddQuery; no driver.
        .target(name: "CoddFTS5Query", dependencies: ["CoddCore", "CoddQuery", "CoddFTS5"], path: "Codecs/FTS5/Query"),
        // FTS5's search patterns (built from typed text, or raw and validated): plain values
        // that bind as TEXT, no DSL, so raw SQL, SQL-first's generated code and the fuzzer use
        // them without the macro plugin.
        .target(name: "CoddFTS5", dependencies: ["CoddCore"], path: "Codecs/FTS5/Codec"),
        // FTS5 on the driver: SQLite version checks, commands, tokenizers written in Swift
        // (registered through fts5_api), the ICU word-break tokenizer.
        .target(
            name: "CoddFTS5SQLite",
            dependencies: ["CoddFTS5Query", "CoddFTS5", "CoddSQLite", "CoddCore", "CSQLite", "CICUWordBreak"],
            path: "Codecs/FTS5/Driver"
        ),
        // ICU word breaking in C: <unicode/…> is included only by the .c file, so no Swift
        // module sees the system ICU headers (they clash with Foundation's _FoundationICU).
        .target(
            name: "CICUWordBreak",
            path: "Codecs/FTS5/ICUWordBreak",
            linkerSettings: [.linkedLibrary("icuuc", .when(platforms: [.linux]))]
        ),

        // Umbrella: what an app imports, and the glue that executes queries on the driver.
        // Re-exports everything but FTS5 (import CoddFTS5SQLite for it).
        .target(
            name: "Codd",
            dependencies: ["CoddCore", "CoddSQLite", "CoddQuery", "CoddUUID", "CoddDate", "CoddDecimal", "CoddJSON", "CoddJSONQuery"],
            path: "Sources/Codd"
        ),

        // PostgreSQL driver: the same statements and codecs on a PostgreSQL server, through
        // postgres-nio's pool. Not re-exported by Codd: import CoddPostgres for it.
        // Without the PostgreSQL trait its sources compile to nothing.
        .target(
            name: "CoddPostgres",
            dependencies: ["CoddCore", "CoddQuery", .product(name: "PostgresNIO", package: "postgres-nio", condition: postgreSQL)],
            path: "Sources/CoddPostgres"
        ),
        // The migrator's SQL migrations on PostgreSQL (annotated types as PostgreSQL types).
        .target(
            name: "CoddPostgresMigrations",
            dependencies: umbrellaDependencies + ["CoddPostgres", "CoddSchema", "CoddMigrations"],
            path: "Sources/CoddPostgresMigrations"
        ),

        // The round-trip kit users test their own codecs with.
        .target(name: "CoddTesting", dependencies: umbrellaDependencies, path: "Sources/CoddTesting"),

        // Schema and migrations (#12). Annotated SQL (`TEXT AS UUID`), stripped for SQLite and
        // resolved through the codec registry into a schema model: CoddCore only, so another
        // driver or a code generator reuses it. The migrator and the validation of @Table
        // types against the live schema: on the umbrella.
        .target(name: "CoddSchema", dependencies: ["CoddCore"], path: "Sources/CoddSchema"),
        .target(name: "CoddMigrations", dependencies: umbrellaDependencies + ["CoddSchema"], path: "Sources/CoddMigrations"),
        .testTarget(
            name: "CoddSchemaTests",
            dependencies: umbrellaDependencies + ["CoddSchema", "CoddMigrations", "CoddFTS5Query", "CoddFTS5", "CoddFTS5SQLite"],
            path: "Tests/CoddSchemaTests"
        ),

        // The newcomer's main job.
        .executableTarget(
            name: "CoddExample",
            dependencies: umbrellaDependencies + ["CoddFTS5SQLite", "CoddFTS5Query", "CoddFTS5", "CoddSchema", "CoddMigrations"],
            path: "Sources/CoddExample",
            resources: [.copy("Migrations")]
        ),

        .testTarget(name: "CoddCoreTests", dependencies: ["CoddCore"], path: "Tests/CoddCoreTests"),
        .testTarget(name: "CoddSQLiteTests", dependencies: umbrellaDependencies + ["CSQLite"], path: "Tests/CoddSQLiteTests"),
        // Guides: every Swift block of docs/ and the README is compiled and run by these.
        .target(name: "CoddDocSupport", path: "Tests/CoddDocSupport"),
        .testTarget(name: "CoddDocsTests", dependencies: umbrellaDependencies + ["CoddDocSupport"], path: "Tests/CoddDocsTests"),
        .testTarget(
            name: "CoddFTS5Tests",
            dependencies: umbrellaDependencies + ["CoddFTS5Query", "CoddFTS5", "CoddFTS5SQLite", "CoddDocSupport"],
            path: "Tests/CoddFTS5Tests"
        ),
        .testTarget(name: "CoddReadmeTests", dependencies: umbrellaDependencies + ["CoddDocSupport"], path: "Tests/CoddReadmeTests"),
        // Test support: `assertQuery` snapshots a query's SQL and its rows inline.
        .target(
            name: "CoddQueryAssertions",
            dependencies: umbrellaDependencies + [
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            path: "Tests/CoddQueryAssertions"
        ),
        .testTarget(
            name: "CoddQueryTests",
            dependencies: umbrellaDependencies + [
                "CoddQueryAssertions", "CSQLite", .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            path: "Tests/CoddQueryTests"
        ),
        .testTarget(name: "CoddTestingTests", dependencies: umbrellaDependencies + ["CoddTesting"], path: "Tests/CoddTestingTests"),
        .testTarget(
            name: "CoddUUIDTests",
            dependencies: umbrellaDependencies + ["CoddTesting", "CoddQueryAssertions"],
            path: "Tests/CoddUUIDTests"
        ),
        .testTarget(
            name: "CoddJSONTests",
            dependencies: umbrellaDependencies + ["CoddTesting", "CoddQueryAssertions"],
            path: "Tests/CoddJSONTests",
            // Read by path (JSONBTests): not a resource to bundle.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CoddDecimalTests",
            dependencies: umbrellaDependencies + ["CoddTesting", "CoddDocSupport"],
            path: "Tests/CoddDecimalTests"
        ),
        .testTarget(
            name: "CoddCollationTests",
            dependencies: umbrellaDependencies + ["CoddICUCollation", "CICUCollation", "CoddDocSupport"],
            path: "Tests/CoddCollationTests"
        ),
        .testTarget(
            name: "CoddDateTests",
            dependencies: umbrellaDependencies + ["CoddTesting", "CoddQueryAssertions"],
            path: "Tests/CoddDateTests"
        ),
        // PostgreSQL: the shared behaviour cases on both engines, against a real server
        // (scripts/with-postgres.sh starts one; skipped with the reason when none is configured).
        .testTarget(
            name: "CoddPostgresTests",
            dependencies: umbrellaDependencies + [
                "CoddPostgres", "CoddTesting", "CoddSchema", "CoddMigrations", "CoddPostgresMigrations",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: postgreSQL),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            path: "Tests/CoddPostgresTests"
        ),
        .testTarget(
            name: "CoddMacrosTests",
            dependencies: [
                "CoddMacroExpansions",
                "CoddNaming",
                "CoddQuery",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "MacroTesting", package: "swift-macro-testing"),
                .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            path: "Tests/CoddMacrosTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Reliability (docs/Reliability.md): the crash-safety test's child process, a SQLite VFS that
// injects I/O faults, and their tests. The fuzz targets are a package of their own (Fuzz/).
package.products += [
    .executable(name: "codd-crash-writer", targets: ["CoddCrashWriter"]),
]
package.targets += [
    .executableTarget(name: "CoddCrashWriter", dependencies: umbrellaDependencies, path: "Tests/CoddCrashWriter"),
    .target(name: "CFaultVFS", dependencies: ["CSQLite"], path: "Tests/CFaultVFS"),
    .testTarget(
        name: "CoddReliabilityTests",
        dependencies: umbrellaDependencies + ["CSQLite", "CFaultVFS", "CoddCrashWriter"],
        path: "Tests/CoddReliabilityTests"
    ),
]

// Sanitizer runs (scripts/check-sanitizers.sh sets CODD_SANITIZER_BUILD): the macro
// expansion tests are left out. They test code that runs in the compiler (host code on
// swift-syntax, not the library).
if Context.environment["CODD_SANITIZER_BUILD"] == "1" {
    package.targets.removeAll { $0.name == "CoddMacrosTests" }
}

// SQL-first (#27, docs/SQLFirst.md): plain SQL migrations and query files compiled into
// typed Swift. The analyzer is pure Swift (no SQLite), so the `@Database` macro runs it
// too; the generator adds SQLite's own check and writes the Swift; `codd` is the command
// line tool and CoddPlugin the build tool plugin; generated code imports CoddSQLFirst,
// which re-exports FTS5's search patterns (a MATCH parameter is an FTS5Pattern).
// The macro form is a product of its own, so an app that uses the plugin (or no SQL-first
// at all) never builds the analyzer into a compiler plugin.
let sqlFirstRuntime = umbrella + ["CoddSchema", "CoddMigrations", "CoddFTS5", "CoddSQLFirst"]
let analysisModules = ["CoddCore", "CoddSchema", "CoddDate", "CoddUUID", "CoddDecimal", "CoddAnalysis"]
package.dependencies += [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
]
package.products += [
    .library(name: "CoddSQLFirst", targets: sqlFirstRuntime),
    .library(name: "CoddSQLFirstMacros", targets: sqlFirstRuntime + ["CoddSQLFirstMacros"]),
    .library(name: "CoddAnalysis", targets: analysisModules),
    // The compiler as a library (the benchmarks time it).
    .library(name: "CoddGenerator", targets: analysisModules + ["CoddCodegen", "CoddGenerator"]),
    .executable(name: "codd", targets: ["CoddCLI"]),
    .plugin(name: "CoddPlugin", targets: ["CoddPlugin"]),
]
package.targets += [
    // The analyzer: query files, name and type resolution, nullability, cardinality,
    // parameters, dynamic filters, diagnostics. No SQLite.
    .target(name: "CoddAnalysis", dependencies: ["CoddCore", "CoddSchema", "CoddDate", "CoddUUID", "CoddDecimal", "CoddNaming"], path: "Sources/CoddAnalysis"),
    // The Swift an analysis becomes (files for the plugin and the CLI, members for the
    // macro). Pure Swift, no SQLite.
    .target(name: "CoddCodegen", dependencies: analysisModules.map { .target(name: $0) }, path: "Sources/CoddCodegen"),
    // SQLite's check of every query (against the migrated schema in memory), a project's
    // configuration and folders, and a run of the compiler.
    .target(
        name: "CoddGenerator",
        dependencies: analysisModules.map { .target(name: $0) } + ["CoddCodegen", "CSQLite"],
        path: "Sources/CoddGenerator"
    ),
    // `codd`'s commands, a library so that the tests import it (an executable's module
    // imported by tests failed a cold `swift test`), and the executable that runs them.
    .target(
        name: "CoddCommandLine",
        dependencies: analysisModules.map { .target(name: $0) } + [
            "CoddCodegen", "CoddGenerator", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Sources/CoddCommandLine"
    ),
    .executableTarget(name: "CoddCLI", dependencies: ["CoddCommandLine"], path: "Sources/CoddCLI"),
    .plugin(name: "CoddPlugin", capability: .buildTool(), dependencies: ["CoddCLI"], path: "Plugins/CoddPlugin"),
    // What generated code imports: the runtime (Codd, the migrator), FTS5's search
    // patterns, and its helpers.
    .target(
        name: "CoddSQLFirst",
        dependencies: umbrellaDependencies + ["CoddSchema", "CoddMigrations", "CoddFTS5"],
        path: "Sources/CoddSQLFirst"
    ),
    // @Database / @Query: the analyzer in a compiler plugin (no SQLite check there).
    // Its entry point only; the expansions are a library the tests depend on (see CoddMacros).
    .macro(
        name: "CoddSQLFirstMacroPlugin",
        dependencies: [
            "CoddSQLFirstMacroExpansions",
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        ],
        path: "Sources/CoddSQLFirstMacroPlugin"
    ),
    .target(
        name: "CoddSQLFirstMacroExpansions",
        dependencies: analysisModules.map { .target(name: $0) } + ["CoddCodegen",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
            .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        ],
        path: "Sources/CoddSQLFirstMacroExpansions"
    ),
    .target(
        name: "CoddSQLFirstMacros",
        dependencies: sqlFirstRuntime.map { .target(name: $0) } + ["CoddSQLFirstMacroPlugin"],
        path: "Sources/CoddSQLFirstMacros"
    ),
    .testTarget(
        name: "CoddAnalysisTests",
        dependencies: analysisModules.map { .target(name: $0) },
        path: "Tests/CoddAnalysisTests",
        exclude: ["Fixtures"]
    ),
    // Generated code, checked in (regenerated and compared by CoddSQLFirstTests), compiled
    // with warnings as errors in Swift 6 mode.
    .target(
        name: "CoddSQLFirstFixtures",
        dependencies: sqlFirstRuntime.map { .target(name: $0) },
        path: "Tests/CoddSQLFirstFixtures",
        exclude: ["Migrations", "Queries", "codd.json"],
        swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]
    ),
    .testTarget(
        name: "CoddSQLFirstTests",
        dependencies: (sqlFirstRuntime + analysisModules).uniqued.map { .target(name: $0) } + [
            "CoddCodegen", "CoddGenerator", "CoddSQLFirstFixtures", "CSQLite", "CoddDocSupport", "CoddCommandLine",
            // Imported by the command-line tests: declared, not only reached through
            // CoddCommandLine (a cold build failed with "no such module 'ArgumentParser'").
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ],
        path: "Tests/CoddSQLFirstTests"
    ),
    .testTarget(
        name: "CoddSQLFirstMacroTests",
        dependencies: sqlFirstRuntime.map { .target(name: $0) } + ["CoddSQLFirstMacros"],
        path: "Tests/CoddSQLFirstMacroTests"
    ),
    // The macro's diagnostics, expanded in process (host code on swift-syntax).
    .testTarget(
        name: "CoddSQLFirstMacroPluginTests",
        dependencies: analysisModules.map { .target(name: $0) } + [
            "CoddCodegen", "CoddSQLFirstMacroExpansions",
            .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ],
        path: "Tests/CoddSQLFirstMacroPluginTests"
    ),
]
if Context.environment["CODD_SANITIZER_BUILD"] == "1" {
    package.targets.removeAll { $0.name == "CoddSQLFirstMacroPluginTests" }
}

extension Array where Element == String {
    /// The names in order, each once.
    var uniqued: [String] {
        var seen: Set<String> = []
        return filter { seen.insert($0).inserted }
    }
}

// Type-check time (#28): with CODD_TYPECHECK_BUDGET=1 (CI), every expression of the test
// targets (the DSL's tests and the guides' code) must type-check in 150 ms, or the build
// fails: operators multiply overloads, and a DSL whose expressions time the compiler out is
// no DSL. CODD_TYPECHECK_REPORT_MS=N instead warns of each expression and function body
// slower than N ms (how docs/Performance.md finds the slowest). Test targets only: the flags
// are unsafe, which a package that depends on Codd may not use.
if Context.environment["CODD_TYPECHECK_BUDGET"] == "1" {
    let flags = ["-Xfrontend", "-warn-long-expression-type-checking=150", "-warnings-as-errors"]
    for target in package.targets where target.type == .test {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(flags)]
    }
} else if let milliseconds = Context.environment["CODD_TYPECHECK_REPORT_MS"].flatMap({ Int($0) }) {
    let flags = [
        "-Xfrontend", "-warn-long-expression-type-checking=\(milliseconds)",
        "-Xfrontend", "-warn-long-function-bodies=\(milliseconds)",
    ]
    for target in package.targets where target.type == .test {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(flags)]
    }
}

// Sanitizers (scripts/check-sanitizers.sh sets CODD_SANITIZER=thread or address): Codd's own
// targets, the library, its tests, tools and macros, are compiled and linked with the
// sanitizer; the packages it depends on (swift-syntax, swift-nio, BoringSSL) are not, as in a
// normal build. A sanitized build can then reuse their objects from the normal `.build` (CI
// does), where `swift build --sanitize=…` compiled all of them again, instrumented, for each
// sanitizer: 17 to 20 minutes a step in CI, against about 6 for Codd's modules (2026-11-28).
// What the sanitizers check is Codd's code; the locks and tasks of the code that is not
// instrumented are still seen (pthread calls are intercepted, Swift's concurrency runtime
// reports its own). The flags are unsafe, which a package that depends on Codd may not use:
// only this repository's script sets the variable.
if let sanitizer = Context.environment["CODD_SANITIZER"], ["thread", "address"].contains(sanitizer) {
    for target in package.targets where [.regular, .executable, .test, .macro].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=\(sanitizer)"])]
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=\(sanitizer)"])]
    }
}
