import Codd
import Foundation
import Testing
import CoddDocSupport

// MARK: - The guide's declarations, verbatim

/// A UUID stored as lowercase TEXT: a representation whose decoded value is `UUID`.
struct UUIDString: SQLRepresentation, SQLEquatable {
    var represented: UUID

    init(represented: UUID) {
        self.represented = represented
    }

    static var storage: SQLStorage { .text }

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let text = try reader.read(String.self, at: index, for: UUIDString.self)
        guard let uuid = UUID(uuidString: text) else {
            throw reader.decodingError(
                at: index, for: UUIDString.self, expected: [.text],
                reason: .invalidValue("not a UUID")
            )
        }
        represented = uuid
    }

    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(represented.uuidString.lowercased())
    }
}

/// A date stored as TEXT `YYYY-MM-DD HH:MM:SSZ` (whole seconds, UTC), compared as a
/// julian day so that every text format SQLite understands compares by instant.
struct TimestampText: SQLCustomType, SQLComparable {
    var represented: Date

    init(represented: Date) {
        self.represented = represented
    }

    static var storage: SQLStorage { .text }

    static let style = Date.ISO8601FormatStyle(dateTimeSeparator: .space, timeZone: .gmt)

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let text = try reader.read(String.self, at: index, for: TimestampText.self)
        guard let date = try? Self.style.parse(text) else {
            throw reader.decodingError(
                at: index, for: TimestampText.self, expected: [.text],
                reason: .invalidValue("not a YYYY-MM-DD HH:MM:SSZ timestamp")
            )
        }
        represented = date
    }

    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(Self.style.format(represented))
    }

    // Every expression of this type, column or value, is compared as julianday(…).
    static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
        try builder.function("julianday") { try $0.listItem(expression) }
    }

    // min and max compare julian days: the one they pick, back as this type's text.
    static func unwrapSQL(into builder: inout SQLBuilder, _ comparisonForm: (inout SQLBuilder) throws -> Void) throws {
        try builder.function("strftime") {
            $0.listItem { $0.text("%Y-%m-%d %H:%M:%SZ") }
            try $0.listItem(comparisonForm)
        }
    }
}

@Table("guideHires")
struct GuideHire {
    let id: String
    @Column(as: TimestampText.self)
    var hiredAt: Date
}

/// The seed's `MyUUID`: the same `UUID`, stored as a 16-byte BLOB.
struct UUIDBytes: SQLRepresentation, SQLEquatable {
    var represented: UUID

    init(represented: UUID) {
        self.represented = represented
    }

    static var storage: SQLStorage { .blob }

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.blob, at: index, for: UUIDBytes.self)
        let uuid = reader.withUnsafeBlobBytes(at: index) { bytes -> UUID? in
            guard bytes.count == 16 else { return nil }
            var uuid = UUID().uuid
            withUnsafeMutableBytes(of: &uuid) { $0.copyMemory(from: bytes) }
            return UUID(uuid: uuid)
        }
        guard let uuid else {
            throw reader.decodingError(
                at: index, for: UUIDBytes.self, expected: [.blob],
                reason: .invalidValue("a UUID BLOB has 16 bytes")
            )
        }
        represented = uuid
    }

    func bind(into context: inout some SQLBindingContext) throws {
        var uuid = represented.uuid
        try withUnsafeBytes(of: &uuid) { try context.bindBlob($0) }
    }
}

/// A tagged identifier: a distinct type for reminder ids, stored as INTEGER, and
/// An enum stored as its raw TEXT value, beside it.
struct ReminderID: RawRepresentable, Hashable, SQLCustomType, SQLComparable {
    var rawValue: Int
}

enum Status: String, SQLCustomType, SQLEquatable {
    case todo, doing, done
}

// MARK: - The guide's examples, run

/// A device whose external identity is stored as 16 bytes through the guide's `UUIDBytes`.
@Table
struct OwnedDevice {
    let id: Int
    @Column(as: UUIDBytes.self) var externalID: UUID
}

@Suite("docs/CustomTypes.md")
struct CustomTypesGuideTests {
    @Test func everySwiftBlockIsCompiledHere() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/CustomTypes.md", by: ["CoddDocsTests/CustomTypesGuideTests.swift"])
    }

    @Test func storingAndQueryingByRepresentation() throws {
        let database = try Database.inMemory()
        let id = UUID()
        let hiredAt = Date(timeIntervalSince1970: 1_700_000_000)

        try database.write { db in
            try db.execute(
                #"CREATE TABLE "employees" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL, "hiredAt" TEXT NOT NULL)"#)
            try db.execute(
                #"INSERT INTO "employees" VALUES (?, ?, ?)"#,
                UUIDString(represented: id), "Ada", TimestampText(represented: hiredAt)
            )
        }
        let employee = try database.read { db in
            try db.fetchOne(
                (UUIDString, String, TimestampText).self,
                #"SELECT "id", "name", "hiredAt" FROM "employees" WHERE "id" = ?"#,
                UUIDString(represented: id)
            )
        }
        // employee?.0.represented == id, employee?.2.represented == hiredAt

        #expect(employee?.0.represented == id)
        #expect(employee?.1 == "Ada")
        #expect(employee?.2.represented == hiredAt)
        let stored = try database.read { db in
            try db.fetchOne(String.self, #"SELECT "id" || ' ' || "hiredAt" FROM "employees""#)
        }
        #expect(stored == "\(id.uuidString.lowercased()) 2023-11-14 22:13:20Z")
    }

    @Test func wrapSQLComparesInstantsAcrossFormats() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "employees" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL, "hiredAt" TEXT NOT NULL)"#)
            // Three instants in three text formats: as strings they sort the wrong way.
            try db.execute(#"INSERT INTO "employees" VALUES ('a', 'Ada', '2024-01-01 09:00:00Z')"#)
            try db.execute(#"INSERT INTO "employees" VALUES ('b', 'Bob', '2024-01-01T10:30:00+02:00')"#)
            try db.execute(#"INSERT INTO "employees" VALUES ('c', 'Cy', '2024-01-01 08:45:00')"#)
        }
        let cutoff = try Date("2024-01-01T08:50:00Z", strategy: .iso8601)

        let query = try SQLFragment {
            $0.keyword("SELECT")
            $0.identifier("name")
            $0.keyword("FROM")
            $0.identifier("employees")
            $0.keyword("WHERE")
            TimestampText.wrapSQL(into: &$0) { $0.identifier("employees", "hiredAt") }
            $0.keyword("<")
            try $0.wrappedValue(TimestampText(represented: cutoff))
        }
        // SELECT "name" FROM "employees" WHERE julianday("employees"."hiredAt") < julianday(?)

        #expect(query.sql == #"SELECT "name" FROM "employees" WHERE julianday("employees"."hiredAt") < julianday(?)"#)
        let names = try database.read { db in try db.fetchAll(String.self, query) }
        // Bob's 10:30 at +02:00 is 08:30 UTC; a string comparison would have missed him.
        #expect(names.sorted() == ["Bob", "Cy"])
        let unwrapped = try database.read { db in
            try db.fetchAll(
                String.self, #"SELECT "name" FROM "employees" WHERE "hiredAt" < ?"#, TimestampText(represented: cutoff))
        }
        #expect(unwrapped.sorted() == ["Cy"])
    }

    /// The guide's `unwrapSQL`: `max` picks Ada's 09:00 by instant, and reads back as the
    /// type's text; without the inverse, `max` would be an error.
    @Test func minAndMaxPickByTheWrapAndUnwrap() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "guideHires" ("id" TEXT PRIMARY KEY, "hiredAt" TEXT NOT NULL)"#)
            try db.execute(
                """
                INSERT INTO "guideHires" VALUES ('a', '2024-01-01 09:00:00Z'), ('b', '2024-01-01T10:30:00+02:00'),
                  ('c', '2024-01-01 08:45:00')
                """)
        }
        let query = GuideHire.select { ($0.hiredAt.max(), $0.hiredAt.min()) }
        #expect(
            try query.fragment.sql == """
                SELECT strftime('%Y-%m-%d %H:%M:%SZ', max(julianday("hiredAt"))), \
                strftime('%Y-%m-%d %H:%M:%SZ', min(julianday("hiredAt"))) FROM "guideHires"
                """)
        let picked = try #require(try database.read { db in try query.fetchOne(db) })
        #expect(picked.0?.represented == (try Date("2024-01-01T09:00:00Z", strategy: .iso8601)))
        #expect(picked.1?.represented == (try Date("2024-01-01T08:30:00Z", strategy: .iso8601)))
    }

    @Test func oneUUIDTwoRepresentations() throws {
        let database = try Database.inMemory()
        let id = UUID()
        try database.write { db in
            try db.execute(#"CREATE TABLE "devices" ("id" BLOB PRIMARY KEY, "name" TEXT)"#)
            try db.execute(#"INSERT INTO "devices" VALUES (?, ?)"#, UUIDBytes(represented: id), "phone")
        }
        let found = try database.read { db in
            try db.fetchOne(String.self, #"SELECT "name" FROM "devices" WHERE "id" = ?"#, UUIDBytes(represented: id))
        }
        // The same UUID bound as TEXT finds nothing in a BLOB column: pick the column's representation.
        let notFound = try database.read { db in
            try db.fetchOne(String.self, #"SELECT "name" FROM "devices" WHERE "id" = ?"#, UUIDString(represented: id))
        }

        #expect(found == "phone")
        #expect(notFound == nil)
        let length = try database.read { db in try db.fetchOne(Int.self, #"SELECT length("id") FROM "devices""#) }
        #expect(length == 16)
        let back = try database.read { db in try db.fetchOne(UUIDBytes.self, #"SELECT "id" FROM "devices""#) }
        #expect(back?.represented == id)
    }

    /// A `SQLRepresentation` column takes the value it wraps in an update.
    @Test func anUpdateAssignsTheWrappedValue() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "ownedDevices" ("id" INTEGER PRIMARY KEY, "externalID" BLOB NOT NULL)"#)
            try db.execute(#"INSERT INTO "ownedDevices" VALUES (1, ?)"#, UUIDBytes(represented: UUID()))
        }
        let replacement = UUID()
        try database.write { db in
            try OwnedDevice.find(1).update { $0.externalID = replacement }.execute(db)
        }
        #expect(try database.read { db in try OwnedDevice.find(1).fetchOne(db) }?.externalID == replacement)
        #expect(
            try database.read { db in try db.fetchOne(Int.self, #"SELECT length("externalID") FROM "ownedDevices""#) }
                == 16)
    }

    @Test func taggedIDsAndEnums() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "reminders" ("id" INTEGER PRIMARY KEY, "status" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "reminders" VALUES (?, ?)"#, ReminderID(rawValue: 1), Status.doing)
        }
        let rows = try database.read { db in
            try db.fetchAll((ReminderID, Status).self, #"SELECT "id", "status" FROM "reminders""#)
        }

        #expect(rows.map(\.0) == [ReminderID(rawValue: 1)])
        #expect(rows.map(\.1) == [.doing])
    }

    @Test func malformedValuesAreTypedErrors() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "t" ("uuid" TEXT, "bytes" BLOB, "at" TEXT, "status" TEXT)"#)
            try db.execute(#"INSERT INTO "t" VALUES ('not-a-uuid', X'010203', 'yesterday', 'archived')"#)
        }
        func error<T: SQLCustomType>(_ type: T.Type, _ column: String) throws -> SQLDecodingError? {
            try database.read { db in
                #expect(throws: SQLDecodingError.self) { try db.fetchAll(T.self, #"SELECT "\#(column)" FROM "t""#) }
            }
        }
        #expect(try error(UUIDString.self, "uuid")?.reason == .invalidValue("not a UUID"))
        let bytes = try error(UUIDBytes.self, "bytes")
        #expect(bytes?.reason == .invalidValue("a UUID BLOB has 16 bytes"))
        #expect(bytes?.valuePreview == "X'010203'")
        #expect(try error(TimestampText.self, "at")?.valuePreview == "'yesterday'")
        #expect(try error(Status.self, "status")?.reason == .unknownRawValue)
        #expect(try error(UUIDBytes.self, "uuid")?.reason == .storageMismatch)
        // The stored form's own errors name the custom type, not String.
        let null = try database.read { db in
            #expect(throws: SQLDecodingError.self) { try db.fetchOne(UUIDString.self, "SELECT NULL AS \"uuid\"") }
        }
        #expect(null?.type == "UUIDString")
        #expect(null?.reason == .unexpectedNull)
        let blob = try error(TimestampText.self, "bytes")
        #expect(blob?.type == "TimestampText")
        #expect(blob?.reason == .storageMismatch)
    }
}
