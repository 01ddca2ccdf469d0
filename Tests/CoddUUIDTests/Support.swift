import Codd
import Foundation
import Testing

/// A fresh in-memory database with a `uuids` table: `id` (the row order) and an untyped `v`.
func makeUUIDDatabase() throws -> Database {
    let database = try Database.inMemory()
    try database.write { db in
        try db.execute(#"CREATE TABLE "uuids" ("id" INTEGER PRIMARY KEY, "v")"#)
    }
    return database
}

/// 10,000 random UUIDs, then the nil UUID and the max UUID.
let sampleUUIDs: [UUID] = makeSampleUUIDs()

/// A loop in a function of its own: ThreadSanitizer's runtime (Swift 6.3) crashes on an
/// `inout` access from a closure, or from the initializer's own closure, while a global is
/// being initialized (docs/Reliability.md, "Sanitizers").
private func makeSampleUUIDs() -> [UUID] {
    var generator = SystemRandomNumberGenerator()
    var uuids: [UUID] = []
    for _ in 0..<10_000 { uuids.append(randomUUID(using: &generator)) }
    uuids.append(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))
    uuids.append(UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255)))
    return uuids
}

/// Any 128 bits, not only version 4: the codecs must not care.
func randomUUID(using generator: inout some RandomNumberGenerator) -> UUID {
    // Two 64-bit draws, spread into bytes.
    let high = generator.next()
    let low = generator.next()
    func byte(_ word: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: word >> (index * 8)) }
    return UUID(
        uuid: (
            byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5), byte(high, 6),
            byte(high, 7),
            byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4), byte(low, 5), byte(low, 6),
            byte(low, 7)
        ))
}

/// Writes `values` to `uuids.v` bound (one statement, one row each) and as literals (rendered
/// multi-row INSERTs), reads both back, and returns (bound, literal) in order.
func roundTrip<R: SQLCustomType>(_ values: [R], in database: Database) throws -> (bound: [R], literal: [R]) {
    try database.write { db in
        try db.execute(#"DELETE FROM "uuids""#)
        for value in values {
            try db.execute(#"INSERT INTO "uuids" ("v") VALUES (?)"#, value)
        }
        for start in stride(from: 0, to: values.count, by: 500) {
            let chunk = values[start..<min(start + 500, values.count)]
            try db.execute(
                SQLFragment(mode: .inlineLiterals) { builder in
                    builder.keyword("INSERT INTO")
                    builder.identifier("uuids")
                    builder.parenthesized { $0.identifier("v") }
                    builder.keyword("VALUES")
                    try builder.list {
                        for value in chunk {
                            try $0.listItem { try $0.parenthesized { try $0.value(value) } }
                        }
                    }
                })
        }
        let all = try db.fetchAll(R.self, #"SELECT "v" FROM "uuids" ORDER BY "id""#)
        return (Array(all[..<values.count]), Array(all[values.count...]))
    }
}

/// The error reading `sql`'s only column as `R` raises.
func decodingError<R: SQLCustomType>(_ type: R.Type, _ sql: String, in database: Database) throws -> SQLDecodingError {
    try database.read { db in
        let error = #expect(throws: SQLDecodingError.self) { try db.fetchAll(R.self, sql) }
        return try #require(error)
    }
}
