import Codd
import Foundation
import Testing

@Table
struct Person: Equatable {
    let id: Int
    var name = ""
    @Column(collation: .nocase) var email = ""
}

/// Collations written in Swift, on real SQLite connections: registered by hand, by a
/// database's configuration on every connection of a pool, and by the statements that name
/// them; and what is refused, with typed errors.
@Suite("Collations written in Swift")
struct SwiftCollationTests {
    /// Longer texts first, then by code point: an order SQLite has no collation for.
    static let longestFirst = SQLCollation("test_longestFirst") { lhs, rhs in
        if lhs.count != rhs.count { return lhs.count > rhs.count ? .orderedAscending : .orderedDescending }
        return lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
    }

    static func people(_ database: Database) throws {
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "persons" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "email" TEXT NOT NULL)"#)
            try Person.insert([
                Person(id: 1, name: "Bo", email: "BO@EXAMPLE.COM"),
                Person(id: 2, name: "Ada", email: "ada@example.com"),
                Person(id: 3, name: "Cy", email: "cy@example.com"),
                Person(id: 4, name: "Dorothea", email: "dorothea@example.com"),
            ]).execute(db)
        }
    }

    @Test func addedByHandOrdersRawSQL() throws {
        let database = try Database.inMemory()
        try Self.people(database)
        let names = try database.write { db in
            try db.add(collation: Self.longestFirst)
            return try db.fetchAll(
                String.self, #"SELECT "name" FROM "persons" ORDER BY "name" COLLATE "test_longestFirst""#)
        }
        #expect(names == ["Dorothea", "Ada", "Bo", "Cy"])
    }

    /// The DSL's `collate(_:)` renders `COLLATE "name"` and registers the Swift collation on
    /// the connection before the statement runs: no setup.
    @Test func aRenderedStatementRegistersItsCollations() throws {
        let database = try Database.inMemory()
        try Self.people(database)
        let query = Person.order { $0.name.collate(Self.longestFirst) }.select(\.name)
        #expect(try query.fragment.sql == #"SELECT "name" FROM "persons" ORDER BY "name" COLLATE "test_longestFirst""#)
        #expect(try query.fragment.collations == [Self.longestFirst])
        #expect(try database.read { db in try query.fetchAll(db) } == ["Dorothea", "Ada", "Bo", "Cy"])
        let long = Person.where { $0.name.collate(Self.longestFirst) < "Abc" }.order(by: \.id).select(\.name)
        #expect(
            try long.fragment.sql
                == #"SELECT "name" FROM "persons" WHERE ("name" COLLATE "test_longestFirst" < ?) ORDER BY "id""#)
        #expect(try database.read { db in try long.fetchAll(db) } == ["Dorothea"])
    }

    /// `@Column(collation:)`: the column compares, orders and groups in its collation; it is
    /// selected bare.
    @Test func aColumnsDefaultCollation() throws {
        let database = try Database.inMemory()
        try Self.people(database)
        let query = Person.where { $0.email == "bo@example.com" }.order(by: \.email).select { ($0.id, $0.email) }
        #expect(
            try query.fragment.sql == """
                SELECT "id", "email" FROM "persons" WHERE ("email" COLLATE "NOCASE" = ?) ORDER BY "email" COLLATE "NOCASE"
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == [1])
        #expect(rows.map(\.1) == ["BO@EXAMPLE.COM"])
        let all = try database.read { db in try Person.order(by: \.email).fetchAll(db) }
        #expect(all.map(\.id) == [2, 1, 3, 4])
        let distinct = try database.read { db in
            try Person.select { $0.email.count(distinct: true) }.fetchOne(db)
        }
        #expect(distinct == 4)
    }

    /// Every connection of a pool has the configuration's collations before its first
    /// statement: raw SQL on a reader, and an index that uses the collation.
    @Test func everyConnectionOfAPool() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codd-collation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let collation = SQLCollation(
            "test_poolLongestFirst",
            compare: { lhs, rhs in
                lhs.count == rhs.count
                    ? (lhs < rhs ? .orderedAscending : lhs == rhs ? .orderedSame : .orderedDescending)
                    : (lhs.count > rhs.count ? .orderedAscending : .orderedDescending)
            })
        var configuration = Configuration()
        configuration.add(collation: collation)
        let pool = try DatabasePool(
            path: directory.appendingPathComponent("db.sqlite").path, configuration: configuration,
            maximumReaderCount: 3)
        try pool.write { db in
            try db.execute(#"CREATE TABLE "words" ("word" TEXT NOT NULL)"#)
            try db.execute(#"CREATE INDEX "words_byLength" ON "words" ("word" COLLATE "test_poolLongestFirst")"#)
            for word in ["b", "ccc", "aa", "dddd"] { try db.execute(#"INSERT INTO "words" VALUES (?)"#, word) }
        }
        // Several readers at once, each running raw SQL first.
        try withThrowingTaskGroupSync(count: 6) {
            let words = try pool.read { db in
                try db.fetchAll(
                    String.self, #"SELECT "word" FROM "words" ORDER BY "word" COLLATE "test_poolLongestFirst""#)
            }
            #expect(words == ["dddd", "ccc", "aa", "b"])
        }
        let plan = try pool.read { db in
            try db.fetchAll(
                (Int, Int, Int, String).self,
                #"EXPLAIN QUERY PLAN SELECT "word" FROM "words" ORDER BY "word" COLLATE "test_poolLongestFirst""#)
        }
        #expect(plan.contains { $0.3.contains("words_byLength") })
    }

    @Test func anUnregisteredCollationIsATypedError() throws {
        let database = try Database.inMemory()
        try Self.people(database)
        let error = #expect(throws: SQLCollationError.self) {
            try database.read { db in
                try db.fetchAll(String.self, #"SELECT "name" FROM "persons" ORDER BY "name" COLLATE "test_nowhere""#)
            }
        }
        #expect(
            error
                == .unregistered(
                    name: "test_nowhere", sql: #"SELECT "name" FROM "persons" ORDER BY "name" COLLATE "test_nowhere""#))
        #expect(
            error?.description.hasPrefix(
                #"No collation "test_nowhere" on this connection: register it with add(collation:)"#) == true)
        // Named by the DSL but known by name only: the same error, from SQLite's prepare.
        let named = Person.order { $0.name.collate(SQLCollation("test_nameOnly")) }
        #expect(throws: SQLCollationError.unregistered(name: "test_nameOnly", sql: try named.fragment.sql)) {
            try database.read { db in try named.fetchAll(db) }
        }
    }

    @Test func refusedRegistrations() throws {
        let database = try Database.inMemory()
        try database.write { db in
            #expect(throws: SQLCollationError.noComparison(name: "NOCASE")) { try db.add(collation: .nocase) }
            #expect(throws: SQLCollationError.invalidName(name: "", reason: "a collation name cannot be empty")) {
                try db.add(collation: SQLCollation("", comparingUTF8: { _, _ in 0 }))
            }
            #expect(throws: SQLCollationError.invalidName(name: "a\u{0}b", reason: "the name contains a NUL byte")) {
                try db.add(collation: SQLCollation("a\u{0}b", comparingUTF8: { _, _ in 0 }))
            }
            struct Broken: Error {}
            let broken = SQLCollation("test_broken", comparison: SQLCollationComparison { throw Broken() })
            #expect(throws: SQLCollationError.unavailable(name: "test_broken", reason: "Broken()")) {
                try db.add(collation: broken)
            }
        }
    }

    /// A hostile name (quotes, a comment marker, emoji) is quoted where it is rendered and
    /// registered as it is.
    @Test func hostileNames() throws {
        let name = #"we"ird -- 🙂'"#
        let collation = SQLCollation(
            name,
            comparingUTF8: { lhs, rhs in
                // Reverse byte order.
                DecimalLikeOrder.bytes(rhs, lhs)
            })
        let database = try Database.inMemory()
        try Self.people(database)
        let query = Person.order { $0.name.collate(collation) }.select(\.name)
        #expect(try query.fragment.sql == #"SELECT "name" FROM "persons" ORDER BY "name" COLLATE "we""ird -- 🙂'""#)
        #expect(try database.read { db in try query.fetchAll(db) } == ["Dorothea", "Cy", "Bo", "Ada"])
    }

    /// Text that is not UTF-8 reaches a `String` comparison with U+FFFD in place of each bad
    /// sequence (as `String(decoding:as:)` reads it): SQLite orders such rows as Swift
    /// orders their decoded texts, and nothing traps.
    @Test func bytesThatAreNotUTF8() throws {
        let database = try Database.inMemory()
        let stored = try database.write { db in
            try db.add(collation: Self.longestFirst)
            try db.execute(#"CREATE TABLE "t" ("x" TEXT)"#)
            try db.execute(
                #"INSERT INTO "t" VALUES (CAST(X'FF' AS TEXT)), ('bb'), (CAST(X'EDA080' AS TEXT)), ('a'), (CAST(X'61FF62' AS TEXT))"#
            )
            return try db.fetchAll(
                [UInt8].self, #"SELECT CAST("x" AS BLOB) FROM "t" ORDER BY "x" COLLATE "test_longestFirst", rowid"#)
        }
        let decoded = stored.map { String(decoding: $0, as: UTF8.self) }
        let expected = decoded.sorted { lhs, rhs in
            lhs.count != rhs.count ? lhs.count > rhs.count : lhs < rhs
        }
        #expect(decoded == expected)
        #expect(stored.count == 5)
    }
}

/// Byte order, for collations in tests.
enum DecimalLikeOrder {
    static func bytes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        for (a, b) in zip(lhs, rhs) where a != b { return a < b ? -1 : 1 }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }
}

/// Runs `body` `count` times on as many threads at once.
func withThrowingTaskGroupSync(count: Int, _ body: @escaping @Sendable () throws -> Void) throws {
    let group = DispatchGroup()
    let errors = ErrorBox()
    for _ in 0..<count {
        DispatchQueue.global().async(group: group) {
            do { try body() } catch { errors.append(error) }
        }
    }
    group.wait()
    if let first = errors.first { throw first }
}

final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [any Error] = []
    func append(_ error: any Error) {
        lock.lock()
        errors.append(error)
        lock.unlock()
    }
    var first: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return errors.first
    }
}
