import Codd
@testable import CoddSQLite
import Testing

/// The statement cache files statements under a hash of their SQL bytes and matches every
/// byte: statements whose hashes collide are still told apart.
@Suite("The statement cache matches SQL byte for byte")
struct StatementCacheTests {
    @Test func statementsWhoseHashesCollideAreToldApart() throws {
        let database = try makeDatabase(column: "INTEGER")
        try database.read { db in
            let first = try db.makeStatement("SELECT 1")
            let second = try db.makeStatement("SELECT 2")
            let prefix = try db.makeStatement("SELECT 22")
            var cache = StatementCache()
            // Every statement under the same hash, as if the hashes collided.
            for statement in [first, second, prefix] { cache.insert(statement, hash: 7) }
            for (sql, expected) in [("SELECT 1", first), ("SELECT 2", second), ("SELECT 22", prefix)] {
                let found = Array(sql.utf8).withUnsafeBytes { cache.statement(for: $0, hash: 7) }
                #expect(found === expected)
            }
            let missing = Array("SELECT 3".utf8).withUnsafeBytes { cache.statement(for: $0, hash: 7) }
            #expect(missing == nil)
            let otherHash = Array("SELECT 1".utf8).withUnsafeBytes { cache.statement(for: $0, hash: 8) }
            #expect(otherHash == nil)
            #expect(cache.count == 3)
        }
    }

    @Test func theHashReadsEveryByte() {
        let texts = [
            "", "S", "SELECT 1", "SELECT 12", "SELECT 1234567", "SELECT 12345678", "SELECT 123456789",
            "SELECT 123456780", "SELECT 023456789",
        ]
        let hashes = texts.map { text in Array(text.utf8).withUnsafeBytes { StatementCache.hash($0) } }
        #expect(Set(hashes).count == texts.count)
    }

    @Test func evictionKeepsStatementsInUse() throws {
        let database = try makeDatabase(column: "INTEGER")
        try database.read { db in
            var cache = StatementCache()
            let statements = try (0..<6).map { try db.makeStatement("SELECT \($0)") }
            for (index, statement) in statements.enumerated() {
                statement.isInUse = index.isMultiple(of: 2)
                cache.insert(statement, hash: index % 2)
            }
            cache.removeAllIdle()
            #expect(cache.count == 3)
            for (index, statement) in statements.enumerated() {
                let found = statement.sqlUTF8.withUnsafeBytes { cache.statement(for: $0, hash: index % 2) }
                #expect((found != nil) == index.isMultiple(of: 2))
            }
        }
    }
}
