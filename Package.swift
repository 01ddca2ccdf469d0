// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Codd",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Codd", targets: ["Codd"]),
        .library(name: "CoddCore", targets: ["CoddCore"]),
        .library(name: "CoddSQLite", targets: ["CoddSQLite"]),
        .executable(name: "codd-example", targets: ["CoddExample"]),
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

        // Umbrella: what an app imports.
        .target(name: "Codd", dependencies: ["CoddCore", "CoddSQLite"], path: "Sources/Codd"),

        // The newcomer's main job.
        .executableTarget(name: "CoddExample", dependencies: ["Codd"], path: "Sources/CoddExample"),

        .testTarget(name: "CoddCoreTests", dependencies: ["CoddCore"], path: "Tests/CoddCoreTests"),
        .testTarget(name: "CoddSQLiteTests", dependencies: ["Codd"], path: "Tests/CoddSQLiteTests"),
        .testTarget(name: "CoddDocsTests", dependencies: ["Codd"], path: "Tests/CoddDocsTests"),
    ],
    swiftLanguageModes: [.v6]
)
