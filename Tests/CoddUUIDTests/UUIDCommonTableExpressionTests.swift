import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A CTE's row with a 16-byte UUID column, as `BlobDevice`'s.
@Table @Selection
struct OwnedDevice: Equatable {
    @Column(as: UUID.BlobRepresentation.self) let id: UUID
    let name: String
}

/// A UUID column of a CTE binds, compares and decodes through its representation, as the
/// table's column does: 16 bytes, never text that no BLOB would equal.
@Suite("UUID in common table expressions")
struct UUIDCommonTableExpressionTests {
    let database: Database
    let phone = UUID(
        uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))
    let laptop = UUID(
        uuid: (0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF))

    init() throws {
        database = try Database.inMemory()
        try database.write { [phone, laptop] db in
            try db.execute(#"CREATE TABLE "blobDevices" ("id" BLOB PRIMARY KEY, "name" TEXT NOT NULL, "ownerID" BLOB)"#)
            try BlobDevice.insert([
                BlobDevice(id: phone, name: "phone", ownerID: laptop),
                BlobDevice(id: laptop, name: "laptop", ownerID: nil),
            ]).execute(db)
        }
    }

    /// Selected from the table into the CTE, then compared with a UUID: 16 bytes bound.
    @Test func aCTEColumnComparedWithAUUIDBindsSixteenBytes() throws {
        let query = With {
            BlobDevice.where { $0.ownerID.isNot(nil) }.select { OwnedDevice.Columns(id: $0.id, name: $0.name) }
        } query: {
            OwnedDevice.where { $0.id.eq(phone) }
        }
        #expect(try query.fragment.bindings == [.blob(Array(phone.uuidBytes))])
        assertQuery(query, in: database) {
            """
            WITH "ownedDevices" AS (SELECT "blobDevices"."id" AS "id", "blobDevices"."name" AS "name" FROM "blobDevices" WHERE ("blobDevices"."ownerID" IS NOT NULL)) SELECT "ownedDevices"."id", "ownedDevices"."name" FROM "ownedDevices" WHERE ("ownedDevices"."id" = ?)
            """
        } results: {
            """
            ┌───────────────────────────────────────────────────┐
            │ OwnedDevice(                                      │
            │   id: UUID(01234567-89AB-CDEF-FEDC-BA9876543210), │
            │   name: "phone"                                   │
            │ )                                                 │
            └───────────────────────────────────────────────────┘
            """
        }
    }

    /// A row value binds its UUID as the column stores it, so it joins the table's BLOBs.
    @Test func aSeedRowBindsTheBlobAndJoinsTheTable() throws {
        let query = With {
            OwnedDevice(id: laptop, name: "seed")
        } query: {
            BlobDevice.join(OwnedDevice.all) { $0.id.eq($1.id) }.select { device, _ in device.name }
        }
        #expect(try query.fragment.bindings == [.blob(Array(laptop.uuidBytes)), .text("seed")])
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            WITH "ownedDevices" AS (SELECT X'A0A1A2A3A4A5A6A7A8A9AAABACADAEAF' AS "id", 'seed' AS "name") SELECT "blobDevices"."name" FROM "blobDevices" JOIN "ownedDevices" ON "blobDevices"."id" = "ownedDevices"."id"
            """
        } results: {
            """
            ┌──────────┐
            │ "laptop" │
            └──────────┘
            """
        }
    }
}

extension UUID {
    /// The 16 bytes, in order.
    fileprivate var uuidBytes: [UInt8] {
        withUnsafeBytes(of: uuid) { Array($0) }
    }
}
