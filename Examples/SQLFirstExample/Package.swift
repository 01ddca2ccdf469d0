// swift-tools-version: 6.1
import PackageDescription

// Codd's SQL-first example (docs/SQLFirst.md): PureSQL's README examples as an app. Its
// SQL is in Sources/SQLFirstExample (codd.json, Migrations/, Queries/); CoddPlugin
// generates the Swift during `swift build`. scripts/check-sqlfirst-example.sh builds and
// runs it, then adds and changes a query file and checks the next build picks it up.
let package = Package(
    name: "SQLFirstExample",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Codd", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "SQLFirstExample",
            dependencies: [.product(name: "CoddSQLFirst", package: "Codd")],
            exclude: ["codd.json", "Migrations", "Queries"],
            // The generated code compiles without a warning.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "CoddPlugin", package: "Codd")]
        )
    ],
    swiftLanguageModes: [.v6]
)
