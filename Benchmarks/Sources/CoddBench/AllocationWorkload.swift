import CAllocationCounter
import Codd
import Foundation

/// Heap allocations per decoded row, and the peak growth of live heap bytes while a cursor
/// walks many rows, counted by the benchmark's malloc interposer (`CAllocationCounter`).
struct AllocationResult: Codable {
    let measurement: String
    let rows: Int
    let allocationsPerRow: Double
    let bytesPerRow: Double
    let peakLiveBytes: Int
}

/// The numeric columns of the items table: nothing in them needs the heap.
@Table("items")
struct NumericItem {
    let id: Int
    var uuid: UUID
    var created: Date
    var score: Double
}

/// A generated row: `(x, x * 0.5, 'row ' || x)`; the text fits a small string.
@Table("n")
struct GeneratedRow {
    var x: Int
    var half: Double
    var text: String
}

enum AllocationWorkload {
    static var isAvailable: Bool { codd_allocation_counting_available() }

    /// Runs `body` once to warm caches (statement cache, lazily built metadata), then once
    /// counted.
    static func count(_ measurement: String, rows: Int, _ body: () throws -> Void) throws -> AllocationResult {
        try body()
        codd_allocation_counting_start()
        let outcome = Swift.Result { try body() }
        let counts = codd_allocation_counting_stop()
        try outcome.get()
        return AllocationResult(
            measurement: measurement, rows: rows,
            allocationsPerRow: Double(counts.allocations) / Double(rows),
            bytesPerRow: Double(counts.bytes) / Double(rows),
            peakLiveBytes: Int(counts.peakLiveBytes)
        )
    }

    /// A million generated rows (no table), walked with a cursor: memory must not grow with
    /// the row count.
    static func generated(_ count: Int) -> String {
        """
        WITH RECURSIVE "n"("x") AS (SELECT 1 UNION ALL SELECT "x" + 1 FROM "n" LIMIT \(count))
        SELECT "x", "x" * 0.5, 'row ' || "x" FROM "n"
        """
    }

    static func measure(_ codd: CoddSide, rows: Int, cursorRows: Int) throws -> [AllocationResult] {
        let database = codd.database
        var results: [AllocationResult] = []
        results.append(
            try count("cursor, INTEGER + UUID + Date + REAL per row", rows: rows) {
                try database.read { db in
                    var sum = 0
                    try NumericItem.all.fetchCursor(db).forEach { sum &+= $0.id &+ Int($0.uuid.uuid.0) }
                    guard sum != 0 else { throw BenchmarkError("no rows read") }
                }
            })
        results.append(
            try count("cursor, full @Table row (+ String title, JSON [String] tags)", rows: rows) {
                try database.read { db in
                    var sum = 0
                    try CoddItem.all.fetchCursor(db).forEach { sum &+= $0.id &+ $0.title.utf8.count }
                    guard sum != 0 else { throw BenchmarkError("no rows read") }
                }
            })
        results.append(
            try count("fetchAll, full @Table row (the array included)", rows: rows) {
                let items = try database.read { db in try CoddItem.all.fetchAll(db) }
                guard items.count == rows else { throw BenchmarkError("fetchAll read \(items.count) rows") }
            })
        for count in [cursorRows / 100, cursorRows] {
            results.append(
                try Self.count("cursor over \(count) generated rows (INTEGER, REAL, short TEXT)", rows: count) {
                    try database.read { db in
                        var sum = 0
                        try db.cursor(GeneratedRow.self, SQLFragment(sql: generated(count))).forEach { row in
                            sum &+= row.x &+ row.text.utf8.count
                        }
                        guard sum != 0 else { throw BenchmarkError("no rows read") }
                    }
                })
        }
        return results
    }

    static func markdown(_ results: [AllocationResult]) -> String {
        var lines = [
            "| measurement | rows | allocations/row | bytes/row | peak live heap growth |",
            "| --- | ---: | ---: | ---: | ---: |",
        ]
        for result in results {
            lines.append(
                String(
                    format: "| %@ | %d | %.2f | %.1f | %d KiB |",
                    result.measurement, result.rows, result.allocationsPerRow, result.bytesPerRow,
                    result.peakLiveBytes / 1024
                ))
        }
        return lines.joined(separator: "\n")
    }
}
