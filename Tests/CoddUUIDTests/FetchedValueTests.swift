import Codd
import Foundation
import Testing

@Table
private struct TrackedDevice: Identifiable {
    let id: Int
    @Column(as: UUID.BlobRepresentation.self) var uuid: UUID
    @Column(as: UUID.UppercaseTextRepresentation.self) var owner: UUID?
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var seenAt: Date
}

/// Selecting a column stored through a representation hands back the represented value.
@Suite("Fetches hand back represented values")
struct FetchedValueTests {
    @Test func representationColumnsFetchAsTheirSwiftValues() throws {
        let database = try Database.inMemory()
        let uuid = UUID()
        let seen = Date(timeIntervalSinceReferenceDate: 700_000_000.25)
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "trackedDevices" ("id" INTEGER PRIMARY KEY, "uuid" BLOB, "owner" TEXT, "seenAt" INTEGER)"#
            )
            try TrackedDevice.insert([TrackedDevice(id: 1, uuid: uuid, owner: nil, seenAt: seen)]).execute(db)
        }
        let uuids: [UUID] = try database.read { db in try TrackedDevice.select(\.uuid).fetchAll(db) }
        #expect(uuids == [uuid])
        let row: (UUID, UUID?, Date)? = try database.read { db in
            try TrackedDevice.select { ($0.uuid, $0.owner, $0.seenAt) }.fetchOne(db)
        }
        #expect(row?.0 == uuid)
        #expect(row?.1 == nil)
        #expect(row?.2 == seen)
        let latest: Date?? = try database.read { db in try TrackedDevice.select { $0.seenAt.max() }.fetchOne(db) }
        #expect(latest == .some(seen))
    }
}

@Suite("Type names in errors")
struct TypeNameTests {
    @Test func typesNestedInExtensionsOfFoundationTypesKeepTheirParent() {
        #expect(SQLTypeName.of(UUID.BlobRepresentation.self) == "UUID.BlobRepresentation")
        #expect(SQLTypeName.of(Date.UnixTimeRepresentation?.self) == "Optional<Date.UnixTimeRepresentation>")
        #expect(SQLTypeName.of(UUID.self) == "UUID")
        #expect(SQLTypeName.of(TypeNameTests.self) == "TypeNameTests")
    }

    /// Generic arguments lose their modules too; a type declared in a function is named
    /// after the type around it, without Swift's "(unknown context at $…)".
    @Test func genericArgumentsAndLocalTypes() {
        struct Local {}
        #expect(SQLTypeName.of(TypedID<TypeNameTests, UUID>.self) == "TypedID<TypeNameTests, UUID>")
        #expect(SQLTypeName.of([String: [TypeNameTests?]].self) == "Dictionary<String, Array<Optional<TypeNameTests>>>")
        #expect(SQLTypeName.of((TypeNameTests, Int).self) == "(TypeNameTests, Int)")
        #expect(SQLTypeName.of(Local.self) == "TypeNameTests.Local")
        #expect(SQLTypeName.of(TypedID<Int, String>.Inner.self) == "TypedID<Int, String>.Inner")
        #expect(SQLTypeName.of(Dictionary<String, Int>.Index.self) == "Dictionary<String, Int>.Index")
        #expect(SQLTypeName.of(PrivateOuter.Inner.self) == "PrivateOuter.Inner")
    }
}

private enum PrivateOuter {
    struct Inner {}
}

struct TypedID<Owner, Raw> {
    struct Inner {}
}
