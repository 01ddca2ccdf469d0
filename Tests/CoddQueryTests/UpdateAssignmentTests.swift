import Codd
import Foundation
import Testing

/// A bookmark with a column of every representation, as an app declares one.
@Table("bookmarks")
struct Bookmark: Equatable {
    let id: Int
    var title = ""
    var isFlagged = false
    var visits = 0
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var addedAt: Date
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var lastVisitedAt: Date?
    @Column(as: Date.UnixTimeRepresentation.self) var checkedAt: Date?
    @Column(as: Date.UnixTimeRealRepresentation.self) var sharedAt: Date?
    @Column(as: Date.JulianDayRepresentation.self) var archivedAt: Date?
    @Column(as: Date.ISO8601Representation.self) var publishedAt: Date?
    var readAt: Date?
    @Column(as: UUID.BlobRepresentation.self) var token: UUID
    @Column(as: UUID.BlobRepresentation.self) var parentToken: UUID?
    @Column(as: UUID.UppercaseTextRepresentation.self) var externalID: UUID?
    var folderID: UUID?
    @Column(as: [String].JSONRepresentation.self) var tags: [String] = []
    @Column(as: [String: Int].JSONRepresentation.self) var counts: [String: Int]?
    var note: String?
}

/// A chore's state: an enum stored as its raw text.
enum ChoreState: String, SQLCustomType, SQLEquatable {
    case todo, doing, done
}

/// A level ordered in Swift (`Comparable`) and in SQL (by its raw `Int`).
enum Level: Int, Comparable, SQLCustomType, SQLComparable {
    case low = 1, medium, high
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

@Table("levelled")
struct Levelled: Equatable {
    let id: Int
    var level: Level
    var above = false
    var below = false
}

/// Optional enum columns, one ordered, compared with a case inside `update { }`.
@Table("graded")
struct Graded: Equatable {
    let id: Int
    var level: Level?
    var state: ChoreState?
    var isDone: Bool?
    var isOpen: Bool?
    var isHigh: Bool?
    var isLow: Bool?
    var wasDone = false
}

/// An identifier that is its raw `Int` and is written as a literal too.
struct OwnerID: RawRepresentable, Hashable, ExpressibleByIntegerLiteral, SQLCustomType, SQLEquatable {
    var rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
    init(integerLiteral value: Int) { rawValue = value }
}

/// A table whose columns are enums, one optional: `$0.state = .done` must compile, and a
/// literal must still assign a literal-expressible raw-value type.
@Table("chores")
struct Chore: Equatable {
    let id: Int
    var state: ChoreState = .todo
    var previous: ChoreState?
    var priority: Priority?
    var ownerID: OwnerID = 0
    var isDone = false
}

/// Assignments in `update { … }`: the represented Swift value of every representation,
/// `nil` for an optional column, `.now()` and date arithmetic, and the column's own
/// expression type, as in `where`.
@Suite("update assignments")
struct UpdateAssignmentTests {
    static let added = Date(timeIntervalSinceReferenceDate: Double(1_764_000_000_123 - 978_307_200_000) / 1000)
    static let token = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!

    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "bookmarks" (
                  "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "isFlagged" INTEGER NOT NULL, "visits" INTEGER NOT NULL,
                  "addedAt" INTEGER NOT NULL, "lastVisitedAt" INTEGER, "checkedAt" INTEGER, "sharedAt" REAL,
                  "archivedAt" REAL, "publishedAt" TEXT, "readAt" TEXT, "token" BLOB NOT NULL, "parentToken" BLOB,
                  "externalID" TEXT, "folderID" TEXT, "tags" TEXT NOT NULL, "counts" TEXT, "note" TEXT
                ) STRICT
                """)
            try Bookmark.insert {
                Bookmark(
                    id: 1, title: "Codd", addedAt: Self.added, lastVisitedAt: nil, checkedAt: nil, sharedAt: nil,
                    archivedAt: nil, publishedAt: nil, readAt: nil, token: Self.token, parentToken: nil,
                    externalID: nil, folderID: nil, counts: nil, note: nil
                )
            }.execute(db)
        }
    }

    func bookmark() throws -> Bookmark {
        try #require(try database.read { db in try Bookmark.find(1).fetchOne(db) })
    }

    @Test func representedValuesBindThroughTheColumnsRepresentation() throws {
        // Milliseconds from the reference date, as the codecs compute them, so they compare
        // equal after a round trip.
        let visited = Date(timeIntervalSinceReferenceDate: Double(1_764_100_000_456 - 978_307_200_000) / 1000)
        let second = Date(timeIntervalSince1970: 1_764_100_000)
        let other = UUID(uuidString: "FFEEDDCC-BBAA-9988-7766-554433221100")!
        let update = Bookmark.find(1).update {
            $0.lastVisitedAt = visited
            $0.checkedAt = second
            $0.sharedAt = visited
            $0.archivedAt = second
            $0.publishedAt = visited
            $0.readAt = visited
            $0.token = other
            $0.parentToken = Self.token
            $0.externalID = other
            $0.folderID = other
            $0.tags = ["a", "it's", "--", "🎉"]
            $0.counts = ["a": 1]
            $0.note = "O'Brien"
        }
        #expect(
            try update.fragment.sql == """
                UPDATE "bookmarks" SET "lastVisitedAt" = ?, "checkedAt" = ?, "sharedAt" = ?, "archivedAt" = ?, \
                "publishedAt" = ?, "readAt" = ?, "token" = ?, "parentToken" = ?, "externalID" = ?, "folderID" = ?, \
                "tags" = ?, "counts" = ?, "note" = ? WHERE ("id" = ?)
                """)
        let bindings = try update.fragment.bindings
        let dates: [SQLValue] = [.integer(1_764_100_000_456), .integer(1_764_100_000), .real(1_764_100_000.456)]
        #expect(Array(bindings.prefix(3)) == dates)
        let otherBytes: [UInt8] = [
            0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA, 0x99, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22, 0x11, 0x00,
        ]
        let tokenBytes: [UInt8] = [
            0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF,
        ]
        let textsAndUUIDs: [SQLValue] = [
            .text("2025-11-25T19:46:40.456Z"), .text("2025-11-25 19:46:40.456"), .blob(otherBytes), .blob(tokenBytes),
            .text("FFEEDDCC-BBAA-9988-7766-554433221100"), .text("ffeeddcc-bbaa-9988-7766-554433221100"),
        ]
        #expect(Array(bindings[4...9]) == textsAndUUIDs)
        if case .real(let julianDay) = bindings[3] {
            let expectedDay: Double = 2_440_587.5 + 1_764_100_000 / 86_400
            #expect(abs(julianDay - expectedDay) < 1e-6)
        } else {
            Issue.record("the julian day is bound as \(bindings[3])")
        }
        let rest: [SQLValue] = [.text(#"["a","it's","--","🎉"]"#), .text(#"{"a":1}"#), .text("O'Brien"), .integer(1)]
        #expect(Array(bindings[10...]) == rest)
        try database.write { db in try update.execute(db) }
        let row = try bookmark()
        #expect(row.lastVisitedAt == visited)
        #expect(row.checkedAt == second)
        #expect(row.sharedAt.map { abs($0.timeIntervalSince(visited)) < 0.001 } == true)
        #expect(row.archivedAt.map { abs($0.timeIntervalSince(second)) < 0.001 } == true)
        #expect(row.publishedAt == visited)
        #expect(row.readAt == visited)
        #expect(row.token == other)
        #expect(row.parentToken == Self.token)
        #expect(row.externalID == other)
        #expect(row.folderID == other)
        #expect(row.tags == ["a", "it's", "--", "🎉"])
        #expect(row.counts == ["a": 1])
        #expect(row.note == "O'Brien")
        // The stored forms are the representations': milliseconds, 16 bytes, uppercase text.
        let stored = try database.read { db in
            try db.fetchOne(
                (String, String, String).self,
                #"SELECT typeof("lastVisitedAt"), typeof("parentToken"), "externalID" FROM "bookmarks""#
            )
        }
        #expect(stored?.0 == "integer")
        #expect(stored?.1 == "blob")
        #expect(stored?.2 == "FFEEDDCC-BBAA-9988-7766-554433221100")
    }

    /// A leading dot names a value of the column's own type, as in `where`: an enum case
    /// for an enum column, optional or not.
    @Test func leadingDotCasesOfTheColumnsOwnType() throws {
        func check(_ db: Connection) throws {
            try db.execute(
                #"CREATE TABLE "chores" ("id" INTEGER PRIMARY KEY, "state" TEXT NOT NULL, "previous" TEXT, "priority" INTEGER, "ownerID" INTEGER NOT NULL, "isDone" INTEGER NOT NULL) STRICT"#
            )
            try Chore.insert { Chore(id: 1) }.execute(db)
            let update = Chore.find(1).update {
                $0.state = .done
                $0.previous = .doing
                $0.priority = .high
                $0.ownerID = 7
            }
            #expect(
                try update.fragment.sql
                    == #"UPDATE "chores" SET "state" = ?, "previous" = ?, "priority" = ?, "ownerID" = ? WHERE ("id" = ?)"#
            )
            let bindings: [SQLValue] = [.text("done"), .text("doing"), .integer(3), .integer(7), .integer(1)]
            #expect(try update.fragment.bindings == bindings)
            try update.execute(db)
            let expected = Chore(id: 1, state: .done, previous: .doing, priority: .high, ownerID: 7)
            #expect(try Chore.find(1).fetchOne(db) == expected)
            // Reading the column still gives its expression: compared with a case, assigned
            // to another column, in a where-filtered update.
            let second = Chore.where { $0.state == .done }.update {
                $0.previous = $0.state
                $0.isDone = $0.state == .done
                $0.isDone = $0.isDone && $0.state != .doing
                $0.state = .todo
                $0.priority = nil
                $0.ownerID = OwnerID(rawValue: 8)
            }
            #expect(
                try second.fragment.sql == """
                    UPDATE "chores" SET "previous" = "state", "isDone" = ("state" = ?) AND ("state" <> ?), \
                    "state" = ?, "priority" = ?, "ownerID" = ? WHERE ("state" = ?)
                    """)
            try second.execute(db)
            let updated = Chore(id: 1, state: .todo, previous: .done, priority: nil, ownerID: 8, isDone: true)
            #expect(try Chore.find(1).fetchOne(db) == updated)
        }
        try database.write(check)
    }

    /// An enum that is Swift-`Comparable` as well as ordered in SQL: inside `update { }` a
    /// comparison with a case is SQL, not Swift's `<` on the enum (which the case-assigning
    /// subscript would otherwise offer, and whose getter is unavailable).
    @Test func orderingAComparableEnumColumnWithACase() throws {
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "levelled" ("id" INTEGER PRIMARY KEY, "level" INTEGER NOT NULL, "above" INTEGER NOT NULL, "below" INTEGER NOT NULL) STRICT"#
            )
            try Levelled.insert {
                Levelled(id: 1, level: .low)
                Levelled(id: 2, level: .medium)
                Levelled(id: 3, level: .high)
            }.execute(db)
            let update = Levelled.all.update {
                $0.above = $0.level > .low && $0.level >= .medium
                $0.below = $0.level < .high || $0.level <= .low
            }
            #expect(
                try update.fragment.sql == """
                    UPDATE "levelled" SET "above" = ("level" > ?) AND ("level" >= ?), \
                    "below" = ("level" < ?) OR ("level" <= ?)
                    """)
            let bindings: [SQLValue] = [.integer(1), .integer(2), .integer(3), .integer(1)]
            #expect(try update.fragment.bindings == bindings)
            try update.execute(db)
            let rows = try Levelled.order(by: \.id).fetchAll(db)
            #expect(
                rows == [
                    Levelled(id: 1, level: .low, above: false, below: true),
                    Levelled(id: 2, level: .medium, above: true, below: true),
                    Levelled(id: 3, level: .high, above: true, below: false),
                ])
        }
    }

    /// `==`, `!=` and the orderings with a case on an optional enum column are SQL, as on a
    /// non-optional one (Swift's operators on the optional do not win), assigned to an
    /// optional column or to a non-optional one; a NULL column compares as NULL.
    @Test func comparingAnOptionalEnumColumnWithACase() throws {
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "graded" ("id" INTEGER PRIMARY KEY, "level" INTEGER, "state" TEXT, "isDone" INTEGER, \
                "isOpen" INTEGER, "isHigh" INTEGER, "isLow" INTEGER, "wasDone" INTEGER NOT NULL) STRICT
                """
            )
            try Graded.insert {
                Graded(id: 1, level: .low, state: .done)
                Graded(id: 2, level: .high, state: .doing)
                Graded(id: 3, level: nil, state: nil)
            }.execute(db)
            let update = Graded.all.update {
                $0.isDone = $0.state == .done
                $0.isOpen = $0.state != .done
                $0.isHigh = $0.level > .medium && $0.level >= .high
                $0.isLow = $0.level < .medium || $0.level <= .low
            }
            let sql = try update.fragment.sql
            #expect(
                sql == """
                    UPDATE "graded" SET "isDone" = "state" = ?, "isOpen" = "state" <> ?, \
                    "isHigh" = ("level" > ?) AND ("level" >= ?), "isLow" = ("level" < ?) OR ("level" <= ?)
                    """)
            let bindings: [SQLValue] = [
                .text("done"), .text("done"), .integer(2), .integer(3), .integer(2), .integer(1),
            ]
            #expect(try update.fragment.bindings == bindings)
            try update.execute(db)
            // A non-optional target, where the column is not NULL.
            let nonOptional = Graded.where { $0.state.isNot(nil) }.update { $0.wasDone = $0.state == .done }
            let nonOptionalSQL = try nonOptional.fragment.sql
            #expect(
                nonOptionalSQL
                    == #"UPDATE "graded" SET "wasDone" = "state" = ? WHERE ("state" IS NOT NULL)"#)
            try nonOptional.execute(db)
            let rows = try Graded.order(by: \.id).fetchAll(db)
            #expect(
                rows == [
                    Graded(
                        id: 1, level: .low, state: .done, isDone: true, isOpen: false, isHigh: false, isLow: true,
                        wasDone: true),
                    Graded(id: 2, level: .high, state: .doing, isDone: false, isOpen: true, isHigh: true, isLow: false),
                    Graded(id: 3, level: nil, state: nil),
                ])
        }
    }

    @Test func nilIsNullForEveryOptionalColumn() throws {
        try database.write { db in
            try Bookmark.find(1).update {
                $0.lastVisitedAt = Date()
                $0.parentToken = UUID()
                $0.counts = [:]
                $0.note = "x"
            }.execute(db)
        }
        let update = Bookmark.find(1).update {
            $0.lastVisitedAt = nil
            $0.checkedAt = nil
            $0.parentToken = nil
            $0.externalID = nil
            $0.folderID = nil
            $0.counts = nil
            $0.note = nil
        }
        #expect(
            update.description == """
                UPDATE "bookmarks" SET "lastVisitedAt" = NULL, "checkedAt" = NULL, "parentToken" = NULL, \
                "externalID" = NULL, "folderID" = NULL, "counts" = NULL, "note" = NULL WHERE ("id" = 1)
                """)
        try database.write { db in try update.execute(db) }
        let row = try bookmark()
        #expect(row.lastVisitedAt == nil && row.parentToken == nil && row.counts == nil && row.note == nil)
    }

    @Test func nowAndDateArithmeticInEveryRepresentation() throws {
        let update = Bookmark.find(1).update {
            $0.addedAt = .now()
            $0.lastVisitedAt = .now()
            $0.checkedAt = .now() + .days(1)
            $0.readAt = .now()
            $0.publishedAt = .now()
            $0.archivedAt += .days(1)
            $0.sharedAt = .now() - .hours(1)
            $0.lastVisitedAt += .hours(1)
        }
        #expect(
            update.description == """
                UPDATE "bookmarks" SET "addedAt" = CAST(round((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER), \
                "lastVisitedAt" = CAST(round((julianday('now', '+1 hours') - 2440587.5) * 86400000.0) AS INTEGER), \
                "checkedAt" = CAST(strftime('%s', 'now', '+1 days', '+0.5 seconds') AS INTEGER), \
                "readAt" = strftime('%Y-%m-%d %H:%M:%f', 'now'), "publishedAt" = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), \
                "archivedAt" = julianday("archivedAt", '+1 days'), \
                "sharedAt" = (round((julianday('now', '-1 hours') - 2440587.5) * 86400000.0) / 1000.0) \
                WHERE ("id" = 1)
                """)
        let before = Date()
        try database.write { db in try update.execute(db) }
        let row = try bookmark()
        #expect(abs(row.addedAt.timeIntervalSince(before)) < 60)
        #expect(abs((row.lastVisitedAt ?? .distantPast).timeIntervalSince(before) - 3600) < 60)
        #expect(abs((row.checkedAt ?? .distantPast).timeIntervalSince(before) - 86_400) < 60)
        #expect(row.archivedAt == nil)  // NULL moved is NULL
        #expect(
            abs((row.lastVisitedAt ?? .distantPast).timeIntervalSince(row.sharedAt ?? .distantFuture) - 7200) < 0.001)
    }

    @Test func theColumnIsItsExpressionType() throws {
        let update = Bookmark.find(1).update {
            $0.isFlagged = !$0.isFlagged
            $0.title = $0.title.upper()
            $0.title += "!"
            $0.visits += 2
            $0.note = #sql("'flagged'", as: String?.self)
            $0.isFlagged = $0.readAt.is(nil) && $0.isFlagged
        }
        #expect(
            update.description == """
                UPDATE "bookmarks" SET "isFlagged" = ("readAt" IS NULL) AND (NOT "isFlagged"), \
                "title" = upper("title") || '!', "visits" = "visits" + 2, "note" = 'flagged' WHERE ("id" = 1)
                """)
        try database.write { db in try update.execute(db) }
        let row = try bookmark()
        #expect(row.isFlagged)
        #expect(row.title == "CODD!")
        #expect(row.visits == 2)
        #expect(row.note == "flagged")
    }
}
