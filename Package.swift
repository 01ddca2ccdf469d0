// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Codd",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Codd", targets: ["Codd"]),
        .library(name: "CoddCore", targets: ["CoddCore"]),
        .library(name: "CoddSQLite", targets: ["CoddSQLite"]),
        .library(name: "CoddQuery", targets: ["CoddQuery"]),
        .library(name: "CoddTesting", targets: ["CoddTesting"]),
        .library(name: "CoddUUID", targets: ["CoddUUID"]),
        .library(name: "CoddDate", targets: ["CoddDate"]),
        .library(name: "CoddJSON", targets: ["CoddJSON"]),
        .library(name: "CoddFTS5", targets: ["CoddFTS5"]),
        .library(name: "CoddFTS5SQLite", targets: ["CoddFTS5SQLite"]),
        .executable(name: "codd-example", targets: ["CoddExample"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // Documentation only: `swift package generate-documentation` (scripts/check-docs.sh).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Core: the custom-type protocol family. Imports no SQLite.
        .target(name: "CoddCore", path: "Sources/CoddCore"),

        // Driver: the system libsqlite3 and a thin Swift layer over it.
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "CoddSQLite", dependencies: ["CoddCore", "CSQLite"], path: "Sources/CoddSQLite"),

        // Query renderer: the typed DSL and its macros. Renders SQL through CoddCore; its
        // JSON aggregates decode through the JSON codec.
        .target(name: "CoddQuery", dependencies: ["CoddCore", "CoddJSON", "CoddMacros"], path: "Sources/CoddQuery"),
        .macro(
            name: "CoddMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: "Sources/CoddMacros"
        ),

        // Codecs: representations of Foundation types, each importing CoddCore only.
        .target(name: "CoddUUID", dependencies: ["CoddCore"], path: "Codecs/UUID"),
        .target(name: "CoddDate", dependencies: ["CoddCore"], path: "Codecs/Date"),
        .target(name: "CoddJSON", dependencies: ["CoddCore"], path: "Codecs/JSON"),
        // FTS5: virtual tables, tokenizer configs, sync triggers, search patterns and ranking.
        // Renders SQL through CoddCore and CoddQuery; no driver.
        .target(name: "CoddFTS5", dependencies: ["CoddCore", "CoddQuery"], path: "Codecs/FTS5"),
        // FTS5 on the driver: SQLite version checks, commands, tokenizers written in Swift
        // (registered through fts5_api), the ICU word-break tokenizer.
        .target(
            name: "CoddFTS5SQLite",
            dependencies: ["CoddFTS5", "CoddSQLite", "CSQLite", "CICUWordBreak"],
            path: "Sources/CoddFTS5SQLite"
        ),
        // ICU word breaking in C: <unicode/…> is included only by the .c file, so no Swift
        // module sees the system ICU headers (they clash with Foundation's _FoundationICU).
        .target(
            name: "CICUWordBreak",
            path: "Sources/CICUWordBreak",
            linkerSettings: [.linkedLibrary("icuuc", .when(platforms: [.linux]))]
        ),

        // Umbrella: what an app imports, and the glue that executes queries on the driver.
        .target(
            name: "Codd",
            dependencies: ["CoddCore", "CoddSQLite", "CoddQuery", "CoddUUID", "CoddDate", "CoddJSON"],
            path: "Sources/Codd"
        ),

        // The round-trip kit users test their own codecs with.
        .target(name: "CoddTesting", dependencies: ["Codd"], path: "Sources/CoddTesting"),

        // The newcomer's main job.
        .executableTarget(name: "CoddExample", dependencies: ["Codd", "CoddFTS5SQLite"], path: "Sources/CoddExample"),

        .testTarget(name: "CoddCoreTests", dependencies: ["CoddCore"], path: "Tests/CoddCoreTests"),
        .testTarget(name: "CoddSQLiteTests", dependencies: ["Codd"], path: "Tests/CoddSQLiteTests"),
        // Guides: every Swift block of docs/ and the README is compiled and run by these.
        .target(name: "CoddDocSupport", path: "Tests/CoddDocSupport"),
        .testTarget(name: "CoddDocsTests", dependencies: ["Codd", "CoddDocSupport"], path: "Tests/CoddDocsTests"),
        .testTarget(
            name: "CoddFTS5Tests",
            dependencies: ["Codd", "CoddFTS5", "CoddFTS5SQLite", "CoddDocSupport"],
            path: "Tests/CoddFTS5Tests"
        ),
        .testTarget(name: "CoddReadmeTests", dependencies: ["Codd", "CoddDocSupport"], path: "Tests/CoddReadmeTests"),
        .testTarget(name: "CoddQueryTests", dependencies: ["Codd"], path: "Tests/CoddQueryTests"),
        .testTarget(name: "CoddTestingTests", dependencies: ["CoddTesting"], path: "Tests/CoddTestingTests"),
        .testTarget(name: "CoddUUIDTests", dependencies: ["CoddUUID", "Codd", "CoddTesting"], path: "Tests/CoddUUIDTests"),
        .testTarget(name: "CoddJSONTests", dependencies: ["CoddJSON", "Codd", "CoddTesting"], path: "Tests/CoddJSONTests"),
        .testTarget(name: "CoddDateTests", dependencies: ["CoddDate", "Codd", "CoddTesting"], path: "Tests/CoddDateTests"),
        .testTarget(
            name: "CoddMacrosTests",
            dependencies: [
                "CoddMacros",
                "CoddQuery",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            path: "Tests/CoddMacrosTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
