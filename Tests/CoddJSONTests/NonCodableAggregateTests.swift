import Codd
import Foundation
import Testing

/// A table whose row type is not `Codable`: its JSON form is read by generated code, so
/// `jsonObject()` and `jsonGroupArray()` need no `Codable`.
@Table("plainLists")
struct PlainList: Equatable {
    let id: Int
    var title = ""
}

@Table("plainItems")
struct PlainItem: Equatable {
    let id: Int
    var title = ""
    @Column(as: UUID.BlobRepresentation.self) var token: UUID
    var listID: Int
}

@Selection
struct PlainListWithItems: Equatable {
    let list: PlainList
    @Column(as: [PlainItem].JSONRepresentation.self)
    let items: [PlainItem]
}

@Suite("JSON aggregates of rows that are not Codable")
struct NonCodableAggregateTests {
    let database: Database
    let token = UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "plainLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
                CREATE TABLE "plainItems" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "token" BLOB NOT NULL, "listID" INTEGER NOT NULL);
                INSERT INTO "plainLists" VALUES (1, 'Home'), (2, 'Empty');
                """)
            try PlainItem.insert([PlainItem(id: 1, title: "it's", token: token, listID: 1)]).execute(db)
        }
    }

    @Test func jsonObjectAndJsonGroupArray() throws {
        let objects = try database.read { db in try PlainItem.select { $0.jsonObject() }.fetchAll(db) }
        let expected: [PlainItem] = [PlainItem(id: 1, title: "it's", token: token, listID: 1)]
        #expect(objects == expected)
        let query =
            PlainList
            .group(by: \.id)
            .leftJoin(PlainItem.all) { $0.id.eq($1.listID) }
            .select { PlainListWithItems.Columns(list: $0, items: $1.jsonGroupArray()) }
            .order { list, _ in list.id }
        let lists = try database.read { db in try query.fetchAll(db) }
        #expect(
            lists == [
                PlainListWithItems(
                    list: PlainList(id: 1, title: "Home"),
                    items: [PlainItem(id: 1, title: "it's", token: token, listID: 1)]),
                PlainListWithItems(list: PlainList(id: 2, title: "Empty"), items: []),
            ])
    }

    /// Read, not written: binding a value that is not `Encodable` as JSON is a typed error.
    @Test func writingARowThatIsNotEncodableIsATypedError() throws {
        let document = [PlainItem].JSONRepresentation(represented: [
            PlainItem(id: 2, title: "x", token: token, listID: 1)
        ])
        let error = #expect(throws: SQLEncodingError.self) {
            try database.write { db in try db.execute("SELECT ?", document) }
        }
        #expect(
            error?.description.contains("is not Encodable, so it cannot be written as JSON; declare it Codable") == true
        )
    }
}
