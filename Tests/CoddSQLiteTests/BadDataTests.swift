import Codd
import Foundation
import Testing

/// Bad data is a typed error naming the table, column and value: never a crash, never a
/// silent coercion.
@Suite("Bad data is a typed error")
struct BadDataTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "reminders" (
                  "id" INTEGER PRIMARY KEY,
                  "title" TEXT,
                  "priority" ANY,
                  "data" BLOB
                ) STRICT;
                """)
        }
    }

    func decodingError<T: SQLCustomType>(
        reading type: T.Type, column: String, stored value: some SQLCustomType
    ) throws -> SQLDecodingError {
        try database.write { db in
            try db.execute(#"DELETE FROM "reminders""#)
            try db.execute(#"INSERT INTO "reminders" ("\#(column)") VALUES (?)"#, value)
            let error = #expect(throws: SQLDecodingError.self) {
                try db.fetchAll(T.self, #"SELECT "\#(column)" FROM "reminders""#)
            }
            return try #require(error)
        }
    }

    @Test func textReadAsIntIsAStorageMismatch() throws {
        let error = try decodingError(reading: Int.self, column: "priority", stored: "high")
        #expect(error.table == "reminders")
        #expect(error.column == "priority")
        #expect(error.index == 0)
        #expect(error.expected == [.integer])
        #expect(error.actual == .text)
        #expect(error.valuePreview == "'high'")
        #expect(error.reason == .storageMismatch)
        #expect(error.sql == #"SELECT "priority" FROM "reminders""#)
        #expect(
            error.description.hasPrefix(
                #"Cannot decode Int from column "reminders"."priority" (index 0): expected INTEGER, found TEXT 'high': storage class mismatch"#
            ))
    }

    @Test func numericLookingTextIsNotSilentlyCoerced() throws {
        let error = try decodingError(reading: Int.self, column: "priority", stored: "12abc")
        #expect(error.reason == .storageMismatch)
        let double = try decodingError(reading: Double.self, column: "priority", stored: "1.5")
        #expect(double.reason == .storageMismatch)
    }

    @Test func nullInANonOptionalColumn() throws {
        let error = try decodingError(reading: String.self, column: "title", stored: String?.none)
        #expect(error.reason == .unexpectedNull)
        #expect(error.actual == .null)
        #expect(error.valuePreview == "NULL")
        // The optional reads it as nil.
        let title = try database.read { db in try db.fetchAll(String?.self, #"SELECT "title" FROM "reminders""#) }
        #expect(title == [nil])
    }

    @Test(arguments: [Int64(Int32.max) + 1, Int64(Int32.min) - 1])
    func outOfRangeIntegersAreAnErrorNotAWrap(value: Int64) throws {
        let error = try decodingError(reading: Int32.self, column: "priority", stored: value)
        #expect(error.reason == .outOfRange)
        #expect(error.valuePreview == String(value))
    }

    @Test func negativeIntoUnsignedIsOutOfRange() throws {
        #expect(try decodingError(reading: UInt8.self, column: "priority", stored: -1).reason == .outOfRange)
        #expect(try decodingError(reading: UInt8.self, column: "priority", stored: 256).reason == .outOfRange)
        #expect(try decodingError(reading: UInt64.self, column: "priority", stored: Int64.min).reason == .outOfRange)
    }

    @Test func fractionalRealIsNotAnInteger() throws {
        let error = try decodingError(reading: Int.self, column: "priority", stored: 2.5)
        #expect(error.reason == .invalidValue("REAL is not a whole number"))
        // A whole REAL reads exactly.
        let whole = try database.write { db in
            try db.execute(#"UPDATE "reminders" SET "priority" = 3.0"#)
            return try db.fetchOne(Int.self, #"SELECT "priority" FROM "reminders""#)
        }
        #expect(whole == 3)
    }

    @Test func realBeyondFloatRangeIsOutOfRange() throws {
        let error = try decodingError(reading: Float.self, column: "priority", stored: 1e300)
        #expect(error.reason == .outOfRange)
    }

    @Test func integerWithoutAnExactDoubleIsAnError() throws {
        let error = try decodingError(reading: Double.self, column: "priority", stored: Int64.max - 1)
        #expect(error.reason == .invalidValue("INTEGER has no exact Double"))
    }

    @Test func unknownRawValueNamesIt() throws {
        let error = try decodingError(reading: Priority.self, column: "priority", stored: 42)
        #expect(error.reason == .unknownRawValue)
        #expect(error.valuePreview == "42")
        #expect(error.type == "Priority")
        let status = try decodingError(reading: Status.self, column: "title", stored: "archived")
        #expect(status.reason == .unknownRawValue)
        #expect(status.valuePreview == "'archived'")
        // A raw value of the wrong class names the enum, not its raw type.
        let mismatch = try decodingError(reading: Priority.self, column: "priority", stored: "urgent")
        #expect(mismatch.type == "Priority")
        #expect(mismatch.reason == .storageMismatch)
        #expect(try decodingError(reading: Float.self, column: "priority", stored: "x").type == "Float")
    }

    /// A raw value that cannot be encoded names the type it belongs to, bound or inlined.
    @Test func anUnencodableRawValueNamesItsType() throws {
        struct Counter: RawRepresentable, SQLCustomType, SQLComparable {
            var rawValue: UInt64
        }
        let bound = #expect(throws: SQLEncodingError.self) {
            try database.read { db in try db.fetchOne(Int.self, "SELECT ?", Counter(rawValue: .max)) }
        }
        #expect(bound?.type == "BadDataTests.Counter")
        #expect(bound?.valuePreview == "18446744073709551615")
        var builder = SQLBuilder(mode: .inlineLiterals)
        let inlined = #expect(throws: SQLEncodingError.self) { try builder.value(Counter(rawValue: .max)) }
        #expect(inlined?.type == "BadDataTests.Counter")
    }

    @Test func invalidUTF8TextIsAnErrorNotReplacementCharacters() throws {
        let error = try database.write { db in
            try db.execute(#"INSERT INTO "reminders" ("title") VALUES (CAST(X'6869FF' AS TEXT))"#)
            return #expect(throws: SQLDecodingError.self) {
                try db.fetchAll(String.self, #"SELECT "title" FROM "reminders""#)
            }
        }
        #expect(error?.reason == .invalidUTF8)
        #expect(error?.valuePreview == "'hi\u{FFFD}'")
    }

    @Test func blobIsNotTextAndTextIsNotBlob() throws {
        #expect(
            try decodingError(reading: String.self, column: "priority", stored: Data([1])).reason == .storageMismatch)
        let error = try decodingError(reading: Data.self, column: "priority", stored: "bytes")
        #expect(error.reason == .storageMismatch)
        #expect(try decodingError(reading: [UInt8].self, column: "priority", stored: 7).reason == .storageMismatch)
        #expect(try decodingError(reading: Bool.self, column: "priority", stored: "true").reason == .storageMismatch)
    }

    @Test func hostileValuesArePreviewedSafelyAndShort() throws {
        let hostile = "'; DROP TABLE x; --" + String(repeating: "🎉", count: 100)
        let error = try decodingError(reading: Int.self, column: "priority", stored: hostile)
        #expect(error.valuePreview.count <= 64)
        #expect(error.valuePreview.hasPrefix("'''; DROP TABLE x; --🎉"))
        let blob = try decodingError(reading: Int.self, column: "priority", stored: Data(repeating: 0xAB, count: 100))
        #expect(blob.valuePreview.count <= 64)
        #expect(blob.valuePreview.hasPrefix("X'ABAB"))
    }

    @Test func errorsInsideARowNameTheRightColumn() throws {
        let error = try database.write { db in
            try db.execute(#"INSERT INTO "reminders" ("title", "priority") VALUES ('ok', 'oops')"#)
            return #expect(throws: SQLDecodingError.self) {
                try db.fetchAll((String, Int).self, #"SELECT "title", "priority" FROM "reminders""#)
            }
        }
        #expect(error?.column == "priority")
        #expect(error?.index == 1)
    }

    @Test func expressionColumnsHaveNoTable() throws {
        let error = try database.read { db in
            #expect(throws: SQLDecodingError.self) { try db.fetchOne(Int.self, "SELECT 'x' AS label") }
        }
        #expect(error?.table == nil)
        #expect(error?.column == "label")
    }
}
