// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets for Codd's parsers (docs/Reliability.md). A package of its own, built
// only with the fuzzer and address sanitizer (`scripts/fuzz.sh TARGET SECONDS`): every
// target exports `LLVMFuzzerTestOneInput` and has no `main` (libFuzzer brings it).
//
// No target depends on the umbrella `Codd` or the query DSL, so none builds the macro
// plugin (swift-syntax, optimized and instrumented, would be most of the build): FuzzFTS5
// takes the patterns from CoddFTS5, which has no DSL.
//
// Adding a target: a folder `Sources/FuzzName/` with one file, its seeds in
// `Corpus/FuzzName/`, and one line below naming the Codd products it needs.
let targets: [(name: String, products: [String])] = [
    ("FuzzDate", ["CoddDate", "CoddSQLite"]),
    ("FuzzUUID", ["CoddUUID", "CoddSQLite"]),
    ("FuzzJSON", ["CoddJSON", "CoddDate", "CoddUUID", "CoddSQLite"]),
    ("FuzzFTS5", ["CoddFTS5", "CoddSQLite"]),
    ("FuzzSchema", ["CoddSchema", "CoddDate", "CoddUUID", "CoddSQLite"]),
    // SQL-first (#27): the analyzer (its product holds CoddSchema and the codecs it reads).
    ("FuzzAnalysis", ["CoddAnalysis", "CoddSchema", "CoddDate", "CoddUUID", "CoddSQLite"]),
]

let package = Package(
    name: "CoddFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Codd", path: "..")
    ],
    targets: [
        // Property checks that stop the run with the failing input, and a real in-memory database.
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "CoddCore", package: "Codd"), .product(name: "CoddSQLite", package: "Codd")],
            path: "Sources/FuzzSupport"
        )
    ]
        + targets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["FuzzSupport"]
                    + ["CoddCore"].union(target.products).map { .product(name: $0, package: "Codd") },
                path: "Sources/\(target.name)",
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            )
        },
    swiftLanguageModes: [.v6]
)

extension Array where Element == String {
    /// The products in order, each once.
    func union(_ other: [String]) -> [String] {
        self + other.filter { !contains($0) }
    }
}
