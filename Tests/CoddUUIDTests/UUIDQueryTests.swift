import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A device whose id is stored as 16 bytes.
@Table
struct BlobDevice: Identifiable, Equatable {
    @Column(as: UUID.BlobRepresentation.self) let id: UUID
    var name = ""
    @Column(as: UUID.BlobRepresentation.self) var ownerID: UUID?
}

/// The same shape with ids stored as lowercase text (UUID's default).
@Table
struct TextDevice: Identifiable, Equatable {
    let id: UUID
    var name = ""
    var ownerID: UUID?
}

/// Ids written in uppercase by other software.
@Table
struct UppercaseDevice: Identifiable, Equatable {
    @Column(as: UUID.UppercaseTextRepresentation.self) let id: UUID
    var name = ""
}

/// A UUID compared with a column binds through the column's representation, so the row is
/// found whatever the storage: the bug of GRDB #821 and sqlite-data #338, where a UUID
/// bound as text never equals a BLOB column.
@Suite("UUID in queries")
struct UUIDQueryTests {
    let database: Database
    let phone = UUID(
        uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))
    let laptop = UUID(
        uuid: (0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF))

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "blobDevices" ("id" BLOB PRIMARY KEY, "name" TEXT NOT NULL, "ownerID" BLOB);
                CREATE TABLE "textDevices" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL, "ownerID" TEXT);
                CREATE TABLE "uppercaseDevices" ("id" TEXT PRIMARY KEY, "name" TEXT NOT NULL);
                """)
            try BlobDevice.insert([
                BlobDevice(id: phone, name: "phone", ownerID: laptop),
                BlobDevice(id: laptop, name: "laptop", ownerID: nil),
            ]).execute(db)
            try TextDevice.insert([
                TextDevice(id: phone, name: "phone", ownerID: laptop),
                TextDevice(id: laptop, name: "laptop", ownerID: nil),
            ]).execute(db)
            try UppercaseDevice.insert { UppercaseDevice(id: phone, name: "phone") }.execute(db)
        }
    }

    @Test func aBlobColumnComparedWithAUUIDBindsSixteenBytesAndFindsTheRow() throws {
        let query = BlobDevice.where { $0.id.eq(phone) }
        let fragment = try query.fragment
        let bytes: [UInt8] = [
            0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10,
        ]
        let expected: [SQLValue] = [.blob(bytes)]
        #expect(fragment.bindings == expected)
        let rows = try database.read { db in try query.fetchAll(db) }
        assertQuery(query, in: database) {
            """
            SELECT "id", "name", "ownerID" FROM "blobDevices" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───────────────────────────────────────────────────────┐
            │ BlobDevice(                                           │
            │   id: UUID(01234567-89AB-CDEF-FEDC-BA9876543210),     │
            │   name: "phone",                                      │
            │   ownerID: UUID(A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF) │
            │ )                                                     │
            └───────────────────────────────────────────────────────┘
            """
        }
        assertSQL(query, rendering: .inlineLiterals) {
            """
            SELECT "id", "name", "ownerID" FROM "blobDevices" WHERE ("id" = X'0123456789ABCDEFFEDCBA9876543210')
            """
        }
        // The literal form finds it too.
        let literalRows = try database.read { db in
            try db.fetchAll(BlobDevice.self, SQLFragment(sql: query.description))
        }
        #expect(literalRows == rows)
    }

    @Test func aTextColumnComparedWithAUUIDBindsTextAndFindsTheRow() throws {
        let query = TextDevice.where { $0.id == phone }
        let fragment = try query.fragment
        #expect(fragment.bindings == [.text("01234567-89ab-cdef-fedc-ba9876543210")])
        assertQuery(query, in: database) {
            """
            SELECT "id", "name", "ownerID" FROM "textDevices" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───────────────────────────────────────────────────────┐
            │ TextDevice(                                           │
            │   id: UUID(01234567-89AB-CDEF-FEDC-BA9876543210),     │
            │   name: "phone",                                      │
            │   ownerID: UUID(A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF) │
            │ )                                                     │
            └───────────────────────────────────────────────────────┘
            """
        }
    }

    @Test func anUppercaseColumnBindsUppercaseAndFindsTheRow() throws {
        let query = UppercaseDevice.where { $0.id.eq(phone) }
        #expect(try query.fragment.bindings == [.text("01234567-89AB-CDEF-FEDC-BA9876543210")])
        assertQuery(query, in: database) {
            """
            SELECT "id", "name" FROM "uppercaseDevices" WHERE ("id" = ?)
            """
        } results: {
            """
            ┌───────────────────────────────────────────────────┐
            │ UppercaseDevice(                                  │
            │   id: UUID(01234567-89AB-CDEF-FEDC-BA9876543210), │
            │   name: "phone"                                   │
            │ )                                                 │
            └───────────────────────────────────────────────────┘
            """
        }
        let stored = try database.read { db in try db.fetchOne(String.self, #"SELECT "id" FROM "uppercaseDevices""#) }
        #expect(stored == "01234567-89AB-CDEF-FEDC-BA9876543210")
    }

    @Test func theStoredFormsAreWhatTheRepresentationsSay() throws {
        let blob = try database.read { db in
            try db.fetchAll(
                (String, String, Int).self,
                #"SELECT typeof("id"), hex("id"), length("id") FROM "blobDevices" ORDER BY "name" DESC"#)
        }
        #expect(blob.map(\.0) == ["blob", "blob"])
        #expect(blob.map(\.1) == ["0123456789ABCDEFFEDCBA9876543210", "A0A1A2A3A4A5A6A7A8A9AAABACADAEAF"])
        #expect(blob.map(\.2) == [16, 16])
        let text = try database.read { db in
            try db.fetchAll(
                (String, String, Int).self,
                #"SELECT typeof("id"), "id", length("id") FROM "textDevices" ORDER BY "name" DESC"#)
        }
        #expect(text.map(\.0) == ["text", "text"])
        #expect(text.map(\.1) == ["01234567-89ab-cdef-fedc-ba9876543210", "a0a1a2a3-a4a5-a6a7-a8a9-aaabacadaeaf"])
        #expect(text.map(\.2) == [36, 36])
    }

    @Test func inListsNullableColumnsAndFindUseTheRepresentation() throws {
        let inList = BlobDevice.where { $0.id.in([phone, laptop]) }.order(by: \.name)
        #expect(try inList.fragment.bindings.map(\.storage) == [.blob, .blob])
        assertQuery(inList, in: database) {
            """
            SELECT "id", "name", "ownerID" FROM "blobDevices" WHERE ("id" IN (?, ?)) ORDER BY "name"
            """
        } results: {
            """
            ┌───────────────────────────────────────────────────────┐
            │ BlobDevice(                                           │
            │   id: UUID(A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF),     │
            │   name: "laptop",                                     │
            │   ownerID: nil                                        │
            │ )                                                     │
            ├───────────────────────────────────────────────────────┤
            │ BlobDevice(                                           │
            │   id: UUID(01234567-89AB-CDEF-FEDC-BA9876543210),     │
            │   name: "phone",                                      │
            │   ownerID: UUID(A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF) │
            │ )                                                     │
            └───────────────────────────────────────────────────────┘
            """
        }

        let owned = BlobDevice.where { $0.ownerID.eq(laptop) }.select(\.name)
        #expect(try owned.fragment.bindings == [.blob(Array(withUnsafeBytes(of: laptop.uuid) { Array($0) }))])
        assertQuery(owned, in: database) {
            """
            SELECT "name" FROM "blobDevices" WHERE ("ownerID" = ?)
            """
        } results: {
            """
            ┌─────────┐
            │ "phone" │
            └─────────┘
            """
        }

        let unowned = BlobDevice.where { $0.ownerID.eq(nil) }.select(\.name)
        assertQuery(unowned, in: database) {
            """
            SELECT "name" FROM "blobDevices" WHERE ("ownerID" IS NULL)
            """
        } results: {
            """
            ┌──────────┐
            │ "laptop" │
            └──────────┘
            """
        }

        let found = try database.read { db in try BlobDevice.find(laptop).fetchOne(db) }
        #expect(found?.name == "laptop")
    }

    @Test func theWrongRepresentationFindsNothing() throws {
        // What the bug looked like: the 16-byte column compared with text.
        let rows = try database.read { db in
            try db.fetchAll(String.self, #"SELECT "name" FROM "blobDevices" WHERE "id" = ?"#, phone)
        }
        #expect(rows.isEmpty)
    }
}
