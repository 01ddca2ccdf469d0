import Codd
import Foundation

/// A fresh in-memory database with a `values` table of the given column type.
func makeDatabase(column declaredType: String = "") throws -> Database {
    let database = try Database.inMemory()
    try database.write { db in
        try db.execute(#"CREATE TABLE "values" ("id" INTEGER PRIMARY KEY, "v" \#(declaredType))"#)
    }
    return database
}

/// A path in a fresh temporary directory.
func temporaryDatabasePath(_ name: String = "test.sqlite") throws -> String {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("codd-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}

/// `value` written to a `v` column as a bound parameter and as a rendered literal, and
/// read back: both results, in that order, plus what `SELECT ?` and `SELECT <literal>`
/// give without a table.
struct RoundTrip<T> {
    var bound: T
    var literal: T
    var selectedBound: T
    var selectedLiteral: T
    var storedTypes: [String]

    var all: [T] { [bound, literal, selectedBound, selectedLiteral] }
}

func roundTrip<T: SQLCustomType>(_ value: T, column declaredType: String = "") throws -> RoundTrip<T> {
    let database = try makeDatabase(column: declaredType)
    return try database.write { db in
        try db.execute(#"INSERT INTO "values" ("v") VALUES (?)"#, value)
        try db.execute(
            SQLFragment(mode: .inlineLiterals) {
                $0.keyword("INSERT INTO")
                $0.identifier("values")
                $0.parenthesized { $0.identifier("v") }
                $0.keyword("VALUES")
                try $0.parenthesized { try $0.value(value) }
            })
        let stored = try db.fetchAll(T.self, #"SELECT "v" FROM "values" ORDER BY "id""#)
        let types = try db.fetchAll(String.self, #"SELECT typeof("v") FROM "values" ORDER BY "id""#)
        let selectedBound = try db.fetchOne(T.self, "SELECT ?", value)
        let selectedLiteral = try db.fetchOne(
            T.self,
            SQLFragment(mode: .inlineLiterals) {
                $0.keyword("SELECT")
                try $0.value(value)
            })
        guard stored.count == 2, let selectedBound, let selectedLiteral else {
            throw RoundTripFailure()
        }
        return RoundTrip(
            bound: stored[0], literal: stored[1],
            selectedBound: selectedBound, selectedLiteral: selectedLiteral,
            storedTypes: types
        )
    }
}

struct RoundTripFailure: Error {}
