// swift-tools-version: 6.1
import PackageDescription

// Codd statements on GRDB's connections (docs/GRDB.md): `try Reminder.where { … }.fetchAll(db)`
// inside `dbQueue.read { db in … }`. A package of its own, so that Codd itself never
// depends on GRDB: only an app that adds this package gets it.
//
// SwiftPM replans a build when this package's files change, not Codd's: after adding or
// removing a file in Codd, touch this file.
let package = Package(
    name: "CoddGRDB",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "CoddGRDB", targets: ["CoddGRDB"])
    ],
    dependencies: [
        .package(name: "Codd", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .target(
            name: "CoddGRDB",
            dependencies: [
                .product(name: "Codd", package: "Codd"),
                .product(name: "CoddFTS5Query", package: "Codd"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            path: "Sources/CoddGRDB"
        ),
        .testTarget(
            name: "CoddGRDBTests",
            dependencies: [
                "CoddGRDB",
                .product(name: "Codd", package: "Codd"),
                .product(name: "CoddFTS5Query", package: "Codd"),
                .product(name: "CoddFTS5SQLite", package: "Codd"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/CoddGRDBTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
