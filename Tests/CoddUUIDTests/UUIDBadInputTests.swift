import Codd
import Foundation
import Testing

/// Every malformed value is a `SQLDecodingError` that names the column and the value and
/// says what is wrong: never a crash, never a silently different UUID.
@Suite("UUID bad input")
struct UUIDBadInputTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "devices" ("id" INTEGER PRIMARY KEY, "uuid")"#)
        }
    }

    /// The error reading `stored` (an SQL expression) as `R`.
    func error<R: SQLCustomType>(_ type: R.Type, reading stored: String) throws -> SQLDecodingError {
        try database.write { db in
            try db.execute(#"DELETE FROM "devices""#)
            try db.execute(#"INSERT INTO "devices" ("uuid") VALUES (\#(stored))"#)
        }
        return try decodingError(R.self, #"SELECT "uuid" FROM "devices""#, in: database)
    }

    /// The reason text of the error reading `stored` with both text representations, which
    /// must agree.
    func textReason(_ stored: String) throws -> String? {
        let lower = try error(UUID.self, reading: stored)
        let upper = try error(UUID.UppercaseTextRepresentation.self, reading: stored)
        #expect(lower.reason == upper.reason)
        #expect(lower.type == "UUID")
        #expect(upper.type == "UUID.UppercaseTextRepresentation")
        guard case .invalidValue(let message) = lower.reason else { return nil }
        return message
    }

    @Test func theErrorNamesTableColumnValueAndType() throws {
        let error = try error(UUID.BlobRepresentation.self, reading: "X'010203'")
        #expect(error.type == "UUID.BlobRepresentation")
        #expect(error.table == "devices")
        #expect(error.column == "uuid")
        #expect(error.expected == [.blob])
        #expect(error.actual == .blob)
        #expect(error.valuePreview == "X'010203'")
        #expect(error.reason == .invalidValue("a UUID BLOB has 16 bytes, found 3"))
        #expect(
            error.description.hasPrefix(
                #"Cannot decode UUID.BlobRepresentation from column "devices"."uuid" (index 0): expected BLOB, found BLOB X'010203': a UUID BLOB has 16 bytes, found 3"#
            ))
    }

    @Test func textOfTheWrongLength() throws {
        #expect(
            try textReason("'01234567-89ab-cdef-fedc-ba987654321'")
                == "a UUID text has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 35")
        #expect(
            try textReason("'01234567-89ab-cdef-fedc-ba98765432100'")
                == "a UUID text has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 37")
        // 32 digits and no dashes is a length error too: the dashes are part of the form.
        #expect(
            try textReason("'0123456789abcdeffedcba9876543210'")
                == "a UUID text has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 32")
        // Characters, not bytes: 'é' is two bytes.
        #expect(
            try textReason("'01234567-89ab-cdef-fedc-ba9876543210é'")
                == "a UUID text has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 37")
    }

    @Test func aCharacterThatIsNotHexadecimalIsNamedWithItsPosition() throws {
        #expect(
            try textReason("'01234567-89ab-cdef-fedc-ba987654321g'")
                == "'g' at character 36 is not a hexadecimal digit")
        #expect(
            try textReason("'x1234567-89ab-cdef-fedc-ba9876543210'")
                == "'x' at character 1 is not a hexadecimal digit")
        #expect(
            try textReason("'01234567-89ab-cdef-fedc-ba98 6543210'")
                == "' ' at character 29 is not a hexadecimal digit")
        // 36 characters in 37 bytes: the one that is not ASCII is named, by character.
        #expect(
            try textReason("'01234567-89ab-cdef-fedc-ba987654321é'")
                == "a non-ASCII or control character at character 36 is not a hexadecimal digit")
        #expect(
            try textReason("'01234567-89ab-cdéf-fedc-ba9876543210'")
                == "a non-ASCII or control character at character 17 is not a hexadecimal digit")
        #expect(
            try textReason("'01234567—89ab-cdef-fedc-ba9876543210'")
                == "expected '-' at character 9, found a non-ASCII or control character")
        #expect(
            try textReason("'01234567-89ab-cd' || char(0) || 'f-fedc-ba9876543210'")
                == "a non-ASCII or control character at character 17 is not a hexadecimal digit")
    }

    @Test func dashesInTheWrongPlace() throws {
        #expect(
            try textReason("'0123456-789ab-cdef-fedc-ba9876543210'")
                == "misplaced '-' at character 8: dashes belong at characters 9, 14, 19 and 24")
        #expect(
            try textReason("'012345678-9ab-cdef-fedc-ba9876543210'")
                == "expected '-' at character 9, found '8'")
        #expect(
            try textReason("'01234567-89abc-def-fedc-ba9876543210'")
                == "expected '-' at character 14, found 'c'")
        #expect(
            try textReason("'01234567_89ab_cdef_fedc_ba9876543210'")
                == "expected '-' at character 9, found '_'")
    }

    @Test func bracesAreRejected() throws {
        #expect(
            try textReason("'{01234567-89ab-cdef-fedc-ba9876543210}'")
                == "a UUID text has no braces: write xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx without {…}")
        #expect(
            try textReason("'{01234567-89ab-cdef-fedc-ba98765432}'")
                == "a UUID text has no braces: write xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx without {…}")
    }

    @Test func emptyText() throws {
        #expect(try textReason("''") == "empty text is not a UUID")
    }

    @Test func wrongStorageClassAndNull() throws {
        for type in [UUID.self, UUID.UppercaseTextRepresentation.self] as [any SQLCustomType.Type] {
            func check<R: SQLCustomType>(_ type: R.Type) throws {
                #expect(try error(R.self, reading: "42").reason == .storageMismatch)
                #expect(try error(R.self, reading: "4.5").reason == .storageMismatch)
                let blob = try error(R.self, reading: "X'0123456789ABCDEFFEDCBA9876543210'")
                #expect(blob.reason == .storageMismatch)
                #expect(blob.expected == [.text])
                #expect(blob.actual == .blob)
                let null = try error(R.self, reading: "NULL")
                #expect(null.reason == .unexpectedNull)
                #expect(null.actual == .null)
            }
            try check(type)
        }
        let text = try error(UUID.BlobRepresentation.self, reading: "'01234567-89ab-cdef-fedc-ba9876543210'")
        #expect(text.reason == .storageMismatch)
        #expect(text.expected == [.blob])
        #expect(try error(UUID.BlobRepresentation.self, reading: "42").reason == .storageMismatch)
        #expect(try error(UUID.BlobRepresentation.self, reading: "NULL").reason == .unexpectedNull)
    }

    @Test func blobsOfAnyLengthButSixteen() throws {
        for (literal, count) in [
            ("X'0123456789ABCDEFFEDCBA98765432'", 15),
            ("X'0123456789ABCDEFFEDCBA987654321000'", 17),
            ("X'010203'", 3),
            ("X''", 0),
        ] {
            let error = try error(UUID.BlobRepresentation.self, reading: literal)
            #expect(error.reason == .invalidValue("a UUID BLOB has 16 bytes, found \(count)"), "\(literal)")
            #expect(error.valuePreview == literal)
        }
    }

    @Test func nullInAnOptionalIsNil() throws {
        try database.write { db in try db.execute(#"INSERT INTO "devices" ("uuid") VALUES (NULL)"#) }
        let rows = try database.read { db in try db.fetchAll(UUID?.self, #"SELECT "uuid" FROM "devices""#) }
        #expect(rows == [nil])
    }
}
