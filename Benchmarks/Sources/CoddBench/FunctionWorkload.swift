import Codd
import Foundation

// Workload: a Swift scalar function over every row, against the same computation as a
// built-in SQL expression. Both sum `score * 2 + length(title)` over the items table:
// the difference is the cost of calling into Swift per row (arguments read through the
// codecs, the result bound through `sqlite3_result_double`).

@DatabaseFunction(isDeterministic: true)
func benchWeight(score: Double, title: String) -> Double {
    score * 2 + Double(title.unicodeScalars.count)
}

enum FunctionWorkload {
    static let builtIn = #"SELECT sum(("score" * 2) + length("title")) FROM "items""#
    static let swift = #"SELECT sum("benchWeight"("score", "title")) FROM "items""#

    static func workload(_ database: Codd.Database, rows: Int) throws -> Workload {
        try database.write { db in try db.add(function: $benchWeight) }
        func run(_ sql: String) throws -> Int {
            try database.read { db in Int(try db.fetchOne(Double.self, sql) ?? -1) }
        }
        guard try run(builtIn) == run(swift) else {
            throw BenchmarkError("the Swift function and the SQL expression disagree")
        }
        print("Verified: the Swift function and the SQL expression give the same sum.")
        return Workload(
            name: "scalar function over \(rows) rows", rows: rows, floor: "built-in SQL expression", grdb: nil,
            contenders: [
                Contender(name: "built-in SQL expression") { try run(builtIn) },
                Contender(name: "Swift function (@DatabaseFunction)") { try run(swift) },
            ]
        )
    }
}
