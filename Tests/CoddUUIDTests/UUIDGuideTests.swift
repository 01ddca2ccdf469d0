import Codd
import Foundation
import Testing

// The UUID section of docs/Codecs.md, verbatim (CoddDocsTests checks every block stands here).

@Table
struct Device: Identifiable, Equatable {
    @Column(as: UUID.BlobRepresentation.self) let id: UUID  // 16 bytes
    var name = ""
    var ownerID: UUID?  // lowercase TEXT, the default
    @Column(as: UUID.UppercaseTextRepresentation.self) var vendorID: UUID
}

@Suite("docs/Codecs.md: UUID")
struct UUIDGuideTests {
    @Test func representationsInATable() throws {
        let phoneID = UUID(
            uuid: (0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10))
        let vendorID = UUID(
            uuid: (0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xAB, 0xAC, 0xAD, 0xAE, 0xAF))

        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "devices" ("id" BLOB PRIMARY KEY, "name" TEXT NOT NULL, "ownerID" TEXT, "vendorID" TEXT NOT NULL)"#
            )
            try Device.insert { Device(id: phoneID, name: "phone", ownerID: nil, vendorID: vendorID) }.execute(db)
        }
        let query = Device.where { $0.id.eq(phoneID) }
        let phone = try database.read { db in try query.fetchOne(db) }
        // try query.fragment.sql:      SELECT "id", "name", "ownerID", "vendorID" FROM "devices" WHERE ("id" = ?)
        // try query.fragment.bindings:
        //   [.blob([0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10])]
        // query.description:           … WHERE ("id" = X'0123456789ABCDEFFEDCBA9876543210')

        #expect(phone == Device(id: phoneID, name: "phone", ownerID: nil, vendorID: vendorID))
        #expect(
            try query.fragment.sql == #"SELECT "id", "name", "ownerID", "vendorID" FROM "devices" WHERE ("id" = ?)"#)
        #expect(
            try query.fragment.bindings
                == [
                    .blob([
                        0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFE, 0xDC, 0xBA, 0x98, 0x76, 0x54, 0x32, 0x10,
                    ])
                ])
        #expect(query.description.hasSuffix(#"WHERE ("id" = X'0123456789ABCDEFFEDCBA9876543210')"#))
        let stored = try database.read { db in
            try db.fetchOne((String, String, String?).self, #"SELECT hex("id"), "vendorID", "ownerID" FROM "devices""#)
        }
        #expect(stored?.0 == "0123456789ABCDEFFEDCBA9876543210")
        #expect(stored?.1 == "A0A1A2A3-A4A5-A6A7-A8A9-AAABACADAEAF")
        #expect(stored?.2 == nil)
    }

    @Test func rawSQLBindsThroughTheRepresentationYouPass() throws {
        let database = try Database.inMemory()
        let id = UUID()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "devices" ("id" BLOB PRIMARY KEY, "name" TEXT NOT NULL, "ownerID" TEXT, "vendorID" TEXT NOT NULL)"#
            )
            try db.execute(
                #"INSERT INTO "devices" VALUES (?, 'tablet', NULL, ?)"#, UUID.BlobRepresentation(represented: id), id)
        }
        let name = try database.read { db in
            try db.fetchOne(
                String.self, #"SELECT "name" FROM "devices" WHERE "id" = ?"#, UUID.BlobRepresentation(represented: id))
        }
        let back = try database.read { db in
            try db.fetchOne(UUID.BlobRepresentation.self, #"SELECT "id" FROM "devices""#)?.represented
        }

        #expect(name == "tablet")
        #expect(back == id)
    }
}
