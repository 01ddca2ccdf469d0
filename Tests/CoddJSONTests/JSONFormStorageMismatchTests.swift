import Codd
import CoddTesting
import Foundation
import Testing

/// A row whose columns' JSON forms compute: a date of whole milliseconds and one of REAL
/// seconds (`strftime(…)`), a `Double` (`printf(…)`), a BLOB (`hex(…)`), a UUID of 16
/// bytes (its text form, from `hex(…)`).
@Table("stamps")
struct StampRow: Equatable {
    let id: Int
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var createdAt: Date
    @Column(as: Date.UnixTimeRealRepresentation.self) var seenAt: Date?
    var score: Double
    var payload: Data
    var bytes: [UInt8]
    @Column(as: UUID.BlobRepresentation.self) var token: UUID
}

/// A column holding a storage class its type does not read is the same typed error read
/// directly and read through its JSON form (`jsonGroupArray()`, `jsonObject()`), never a
/// value the form computed from it: `strftime` of TEXT is 1970, `printf` of TEXT is 0.0,
/// `hex` of TEXT is its bytes.
@Suite("JSON forms refuse a storage class their column refuses")
struct JSONFormStorageMismatchTests {
    static func database() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            // Not STRICT: SQLite keeps what other software wrote.
            try db.execute(
                #"CREATE TABLE "stamps" ("id" INTEGER PRIMARY KEY, "createdAt", "seenAt", "score", "payload", "bytes", "token")"#
            )
            try db.execute(
                #"INSERT INTO "stamps" VALUES (1, 1767225600000, 1767225600.25, 2.5, X'00FF', X'01', X'6BA7B8109DAD11D180B400C04FD430C8'), (2, 1767225600000.0, 3, 3, X'', X'', X'00112233445566778899AABBCCDDEEFF')"#
            )
        }
        return database
    }

    /// A hostile text, an emoji, a BLOB, a fraction of a millisecond: per column, the value
    /// written over a valid row, the storage class the error names, and its preview.
    static let cases: [(column: String, sql: String, actual: SQLStorage, preview: String)] = [
        ("createdAt", "'yesterday-ish'", .text, "'yesterday-ish'"),
        ("createdAt", "'it''s -- 😀'", .text, "'it''s -- 😀'"),
        ("createdAt", "X'00'", .blob, "X'00'"),
        ("seenAt", "'soon'", .text, "'soon'"),
        ("seenAt", "X'0102'", .blob, "X'0102'"),
        ("score", "'high'", .text, "'high'"),
        ("score", "X'3F'", .blob, "X'3F'"),
        ("payload", "'text, not bytes'", .text, "'text, not bytes'"),
        ("payload", "42", .integer, "42"),
        ("bytes", "'0102'", .text, "'0102'"),
        // A UUID written as text into a BLOB column: the mix of representations a migration
        // leaves behind. Its hex digits would have read as a malformed UUID.
        ("token", "'6ba7b810-9dad-11d1-80b4-00c04fd430c8'", .text, "'6ba7b810-9dad-11d1-80b4-00c04fd430c8'"),
        ("token", "7", .integer, "7"),
        // Previews as the direct read's: a long text cut with its closing quote, a NUL shown
        // (SQLite's `quote` stops at it), a long BLOB cut.
        ("score", "'" + String(repeating: "x", count: 80) + "'", .text, "'" + String(repeating: "x", count: 61) + "…'"),
        ("createdAt", "'a' || char(0) || 'b'", .text, #"'a\0b'"#),
        // A REAL in a BLOB column: all its digits, and an infinity, which as a JSON number
        // would make the whole array invalid JSON.
        ("payload", "0.1 + 0.2", .real, "0.30000000000000004"),
        ("payload", "9e999", .real, "inf"),
        ("bytes", "-9e999", .real, "-inf"),
        (
            "score", "X'" + String(repeating: "AB", count: 40) + "'", .blob,
            "X'" + String(repeating: "AB", count: 30) + "…'"
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func aStorageMismatchIsTheSameErrorThroughJSON(index: Int) throws {
        let (column, sql, actual, preview) = Self.cases[index]
        let database = try Self.database()
        try database.write { db in try db.execute(#"UPDATE "stamps" SET "\#(column)" = \#(sql) WHERE "id" = 1"#) }

        let direct = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try StampRow.find(1).fetchOne(db) }
        }
        #expect(direct?.actual == actual)
        #expect(direct?.reason == .storageMismatch)

        let array = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try StampRow.order(by: \.id).select { $0.jsonGroupArray() }.fetchOne(db) }
        }
        #expect(array?.actual == actual, "\(column) = \(sql): \(String(describing: array))")
        #expect(array?.expected == direct?.expected)
        #expect(array?.reason == .storageMismatch)
        #expect(array?.valuePreview == preview)
        #expect(array?.valuePreview == direct?.valuePreview)
        #expect(array?.jsonPath == "$[0].\(column)")

        let object = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try StampRow.where { $0.id.eq(1) }.select { $0.jsonObject() }.fetchOne(db) }
        }
        #expect(object?.actual == actual)
        #expect(object?.jsonPath == "$.\(column)")

        // The other row still reads, directly and through JSON.
        let second = try database.read { db in try StampRow.find(2).fetchOne(db) }
        let secondThroughJSON = try database.read { db in
            try StampRow.where { $0.id.eq(2) }.select { $0.jsonGroupArray() }.fetchOne(db)
        }
        #expect(secondThroughJSON == second.map { [$0] })
    }

    /// What the column reads, its JSON form reads the same: an INTEGER in a REAL column, a
    /// whole REAL in a column of whole milliseconds, NULL in an optional one; a REAL with a
    /// fraction of a millisecond is the reader's own error both ways.
    @Test func whatAColumnReadsItsJSONFormReads() throws {
        let database = try Self.database()
        try database.write { db in try db.execute(#"UPDATE "stamps" SET "seenAt" = NULL WHERE "id" = 2"#) }
        let direct = try database.read { db in try StampRow.order(by: \.id).fetchAll(db) }
        let throughJSON = try database.read { db in
            try StampRow.order(by: \.id).select { $0.jsonGroupArray() }.fetchOne(db)
        }
        #expect(throughJSON == direct)
        #expect(direct.map(\.score) == [2.5, 3])
        #expect(
            direct.map(\.createdAt) == [Date(timeIntervalSince1970: 1_767_225_600)] + [
                Date(timeIntervalSince1970: 1_767_225_600)
            ])
        #expect(direct.map(\.seenAt) == [Date(timeIntervalSince1970: 1_767_225_600.25), nil])

        // A fraction of a millisecond, and one SQLite's JSON would print away (15 digits:
        // 1767225600000): refused both ways, never read as a whole millisecond through JSON.
        for fraction in ["1767225600000.5", "1767225600000.0002"] {
            try database.write { db in
                try db.execute(#"UPDATE "stamps" SET "createdAt" = \#(fraction) WHERE "id" = 1"#)
            }
            let direct = #expect(throws: SQLDecodingError.self) {
                try database.read { db in try StampRow.find(1).fetchOne(db) }
            }
            let throughJSON = #expect(throws: SQLDecodingError.self) {
                try database.read { db in try StampRow.order(by: \.id).select { $0.jsonGroupArray() }.fetchOne(db) }
            }
            #expect(direct?.reason == .invalidValue("REAL is not a whole number of milliseconds"), "\(fraction)")
            #expect(throughJSON?.reason == direct?.reason, "\(fraction)")
            #expect(throughJSON?.jsonPath == "$[0].createdAt")
        }
    }

    /// A UUID BLOB of another length than 16 is the column's own error through JSON too
    /// (its hex digits read back as the bytes), never one about text; 16 bytes read back.
    @Test(arguments: ["X''", "X'0102AB'", "X'6BA7B8109DAD11D180B400C04FD430C8FF'"])
    func aUUIDBLOBOfAnotherLengthIsTheColumnsError(sql: String) throws {
        let database = try Self.database()
        try database.write { db in try db.execute(#"UPDATE "stamps" SET "token" = \#(sql) WHERE "id" = 1"#) }
        let direct = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try StampRow.find(1).fetchOne(db) }
        }
        let throughJSON = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try StampRow.order(by: \.id).select { $0.jsonGroupArray() }.fetchOne(db) }
        }
        let count = (sql.count - 3) / 2
        #expect(direct?.reason == .invalidValue("a UUID BLOB has 16 bytes, found \(count)"), "\(sql)")
        #expect(throughJSON?.reason == direct?.reason, "\(sql): \(String(describing: throughJSON))")
        #expect(throughJSON?.actual == .blob)
        #expect(throughJSON?.jsonPath == "$[0].token")

        let tokens = try database.read { db in
            try StampRow.where { $0.id.eq(2) }.select { $0.token.jsonGroupArray() }.fetchOne(db)
        }
        #expect(tokens == UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF").map { [$0] })
    }

    /// The SQL of a computed form, exactly.
    @Test func theFormRendersTheStorageCheck() throws {
        let query = StampRow.select { $0.createdAt.jsonGroupArray() }
        #expect(
            try query.fragment.sql
                == #"SELECT json_group_array(CASE WHEN typeof("createdAt") IN ('integer') THEN strftime('%Y-%m-%d %H:%M:%f', "createdAt" / 1000.0, 'unixepoch') WHEN typeof("createdAt") IN ('real') THEN iif(abs("createdAt") < 9e999, json(printf('%!.18g', "createdAt")), printf('%!.18g', "createdAt")) WHEN "createdAt" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("createdAt"), iif(typeof("createdAt") = 'blob', hex("createdAt"), "createdAt"))) END) FROM "stamps""#
        )
    }
}
