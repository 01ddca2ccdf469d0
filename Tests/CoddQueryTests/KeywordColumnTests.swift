import Codd
import Foundation
import Testing

/// Columns named as Swift keywords, as a table another program made (or SQL-first reads
/// from a migration) has them: `self`, `default`, `Type`. The draft's initializer takes
/// `self:` as a label with another name inside (a parameter named `self` hid `self`, and
/// the generated code did not compile).
@Table("order")
struct KeywordOrder: Equatable {
    let id: Int
    var `default`: String
    var `self`: String?
    var `Type`: Int = 0
}

@Suite("columns named as Swift keywords")
struct KeywordColumnTests {
    @Test func aDraftWithASelfColumnInsertsAndReads() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "order" ("id" INTEGER PRIMARY KEY, "default" TEXT NOT NULL, "self" TEXT, "Type" INTEGER NOT NULL)"#
            )
        }
        let insert = KeywordOrder.insert { KeywordOrder.Draft(default: "it's -- 😀", self: "me", Type: 2) }
        #expect(
            try insert.fragment.sql
                == #"INSERT INTO "order" ("default", "self", "Type") VALUES (?, ?, ?)"#)
        try database.write { db in
            try insert.execute(db)
            try KeywordOrder.insert { KeywordOrder.Draft(default: "plain") }.execute(db)
        }
        let rows = try database.read { db in
            try KeywordOrder.where { $0.`self`.is(nil) || $0.`self`.eq("me") }.order(by: \.id).fetchAll(db)
        }
        #expect(
            rows == [
                KeywordOrder(id: 1, default: "it's -- 😀", self: "me", Type: 2),
                KeywordOrder(id: 2, default: "plain", self: nil, Type: 0),
            ])
    }
}

/// A `self` column beside one named `self_`: the draft's parameter for `self` takes a name
/// neither has. A `@Selection` with a `self` field builds its columns the same way.
@Table("selves")
struct Selves: Equatable {
    let id: Int
    var `self`: String
    var self_: String
}

@Selection
struct SelfAndID: Equatable {
    var id: Int
    var `self`: String
}

extension KeywordColumnTests {
    @Test func selfBesideSelfUnderscoreAndInASelection() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "selves" ("id" INTEGER PRIMARY KEY, "self" TEXT NOT NULL, "self_" TEXT NOT NULL)"#)
            try Selves.insert { Selves.Draft(self: "a", self_: "b") }.execute(db)
        }
        #expect(try database.read { db in try Selves.all.fetchAll(db) } == [Selves(id: 1, self: "a", self_: "b")])
        let selection = Selves.select { SelfAndID.Columns(id: $0.id, self: $0.`self`) }
        #expect(try selection.fragment.sql == #"SELECT "id" AS "id", "self" AS "self" FROM "selves""#)
        #expect(try database.read { db in try selection.fetchAll(db) } == [SelfAndID(id: 1, self: "a")])
    }
}
