import Codd
import Foundation
import Testing

/// Every representation writes what it says and reads back what it wrote, bound and as a
/// literal, for 10,000 random UUIDs and the extremes.
@Suite("UUID round trips")
struct UUIDRoundTripTests {
    @Test func lowercaseTextRoundTripsBoundAndLiteral() throws {
        let database = try makeUUIDDatabase()
        let (bound, literal) = try roundTrip(sampleUUIDs, in: database)
        #expect(bound == sampleUUIDs)
        #expect(literal == sampleUUIDs)
        let stored = try database.read { db in try db.fetchAll(String.self, #"SELECT "v" FROM "uuids" ORDER BY "id""#) }
        let expected = sampleUUIDs.map { $0.uuidString.lowercased() }
        #expect(stored == expected + expected)
    }

    @Test func uppercaseTextRoundTripsBoundAndLiteral() throws {
        let database = try makeUUIDDatabase()
        let values = sampleUUIDs.map(UUID.UppercaseTextRepresentation.init(represented:))
        let (bound, literal) = try roundTrip(values, in: database)
        #expect(bound.map(\.represented) == sampleUUIDs)
        #expect(literal.map(\.represented) == sampleUUIDs)
        let stored = try database.read { db in try db.fetchAll(String.self, #"SELECT "v" FROM "uuids" ORDER BY "id""#) }
        let expected = sampleUUIDs.map(\.uuidString)
        #expect(stored == expected + expected)
    }

    @Test func blobRoundTripsBoundAndLiteral() throws {
        let database = try makeUUIDDatabase()
        let values = sampleUUIDs.map(UUID.BlobRepresentation.init(represented:))
        let (bound, literal) = try roundTrip(values, in: database)
        #expect(bound.map(\.represented) == sampleUUIDs)
        #expect(literal.map(\.represented) == sampleUUIDs)
        // hex() of the BLOB is the UUID's digits without dashes: RFC 4122 byte order.
        let stored = try database.read { db in
            try db.fetchAll(String.self, #"SELECT hex("v") FROM "uuids" ORDER BY "id""#)
        }
        let expected = sampleUUIDs.map { $0.uuidString.replacing("-", with: "") }
        #expect(stored == expected + expected)
    }

    @Test func storedFormsAreExactlyAsSpecified() throws {
        let database = try makeUUIDDatabase()
        let uuid = UUID(
            uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))
        let rows = try database.write { db in
            try db.execute(#"INSERT INTO "uuids" ("v") VALUES (?)"#, uuid)
            try db.execute(
                #"INSERT INTO "uuids" ("v") VALUES (?)"#, UUID.UppercaseTextRepresentation(represented: uuid))
            try db.execute(#"INSERT INTO "uuids" ("v") VALUES (?)"#, UUID.BlobRepresentation(represented: uuid))
            return try db.fetchAll(
                (String, String, Int, String).self,
                #"SELECT typeof("v"), hex("v"), length("v"), quote("v") FROM "uuids" ORDER BY "id""#
            )
        }
        #expect(rows.map(\.0) == ["text", "text", "blob"])
        #expect(rows.map(\.2) == [36, 36, 16])
        #expect(
            rows.map(\.3) == [
                "'01234567-89ab-cdef-fedc-ba9876543210'",
                "'01234567-89AB-CDEF-FEDC-BA9876543210'",
                "X'0123456789ABCDEFFEDCBA9876543210'",
            ])
        #expect(rows[2].1 == "0123456789ABCDEFFEDCBA9876543210")
    }

    @Test func literalsRenderTheStoredForm() throws {
        let uuid = UUID(
            uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))
        func literal(_ value: some SQLCustomType) throws -> String {
            try SQLFragment(mode: .inlineLiterals) { try $0.value(value) }.sql
        }
        #expect(try literal(uuid) == "'01234567-89ab-cdef-fedc-ba9876543210'")
        #expect(
            try literal(UUID.UppercaseTextRepresentation(represented: uuid)) == "'01234567-89AB-CDEF-FEDC-BA9876543210'"
        )
        #expect(try literal(UUID.BlobRepresentation(represented: uuid)) == "X'0123456789ABCDEFFEDCBA9876543210'")
        #expect(try SQLFragment { try $0.value(uuid) }.bindings == [.text("01234567-89ab-cdef-fedc-ba9876543210")])
    }

    @Test func eitherCaseReadsInBothTextRepresentations() throws {
        let database = try makeUUIDDatabase()
        let uuid = UUID(
            uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))
        try database.write { db in
            try db.execute(
                #"""
                INSERT INTO "uuids" ("v") VALUES
                  ('01234567-89ab-cdef-fedc-ba9876543210'),
                  ('01234567-89AB-CDEF-FEDC-BA9876543210'),
                  ('01234567-89aB-CdEf-FeDc-bA9876543210')
                """#)
        }
        let lower = try database.read { db in try db.fetchAll(UUID.self, #"SELECT "v" FROM "uuids""#) }
        let upper = try database.read { db in
            try db.fetchAll(UUID.UppercaseTextRepresentation.self, #"SELECT "v" FROM "uuids""#)
        }
        #expect(lower == [uuid, uuid, uuid])
        #expect(upper.map(\.represented) == [uuid, uuid, uuid])
    }

    @Test func optionalsReadNullAsNil() throws {
        let database = try makeUUIDDatabase()
        let uuid = UUID()
        let rows = try database.write { db in
            try db.execute(
                #"INSERT INTO "uuids" ("v") VALUES (?), (?)"#, UUID.BlobRepresentation?.none,
                UUID.BlobRepresentation(represented: uuid))
            return try db.fetchAll(UUID.BlobRepresentation?.self, #"SELECT "v" FROM "uuids" ORDER BY "id""#)
        }
        #expect(rows.map { $0?.represented } == [nil, uuid])
    }
}
