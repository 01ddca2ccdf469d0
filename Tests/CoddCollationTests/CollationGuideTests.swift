import Codd
import CoddICUCollation
import Foundation
import Testing

// The Swift blocks of docs/Codecs.md's Collations section, verbatim, run against SQLite.

@Table
struct Contact: Equatable {
    let id: Int
    @Column(collation: .icu(locale: "fr", strength: .primary)) var name = ""
}

@Suite("docs/Codecs.md: Collations")
struct CollationGuideTests {
    static func fill(_ db: Connection) throws {
        try db.execute(#"CREATE TABLE "contacts" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
        try Contact.insert([
            Contact(id: 1, name: "Élodie"), Contact(id: 2, name: "Bo"), Contact(id: 3, name: "Émile"),
            Contact(id: 4, name: "zoé"),
        ]).execute(db)
    }

    @Test func writtenInSwift() throws {
        let database = try Database.inMemory()
        try database.write { db in try Self.fill(db) }
        let byLength = SQLCollation("byLength") { lhs, rhs in
            if lhs.count != rhs.count { return lhs.count < rhs.count ? .orderedAscending : .orderedDescending }
            return lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
        }
        try database.write { db in try db.add(collation: byLength) }
        let shortestFirst = Contact.order { $0.name.collate(byLength) }.select(\.name)
        // SELECT "name" FROM "contacts" ORDER BY "name" COLLATE "byLength"

        #expect(try shortestFirst.fragment.sql == #"SELECT "name" FROM "contacts" ORDER BY "name" COLLATE "byLength""#)
        #expect(try database.read { db in try shortestFirst.fetchAll(db) } == ["Bo", "zoé", "Émile", "Élodie"])
    }

    @Test func icu() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codd-contacts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        var setup = Configuration()
        setup.add(collation: .icu(locale: "fr", strength: .primary))
        try Database(path: path, configuration: setup).write { db in try Self.fill(db) }

        let french = SQLCollation.icu(locale: "fr", strength: .primary)  // named "icu_fr_primary"
        var configuration = Configuration()
        configuration.add(collation: french)
        let pool = try DatabasePool(path: path, configuration: configuration)
        try pool.write { db in
            try db.execute(#"CREATE INDEX "contacts_name" ON "contacts" ("name" COLLATE "icu_fr_primary")"#)
        }
        let elodie = try pool.read { db in try Contact.where { $0.name == "ELODIE" }.fetchAll(db) }
        // SELECT "id", "name" FROM "contacts" WHERE ("name" COLLATE "icu_fr_primary" = ?)   finds "Élodie"

        #expect(french.name == "icu_fr_primary")
        #expect(elodie == [Contact(id: 1, name: "Élodie")])
        #expect(
            try Contact.where { $0.name == "ELODIE" }.fragment.sql
                == #"SELECT "id", "name" FROM "contacts" WHERE ("name" COLLATE "icu_fr_primary" = ?)"#)

        let sorted = Contact.where { $0.name == "emile" }.order(by: \.name).select(\.name)
        // SELECT "name" FROM "contacts" WHERE ("name" COLLATE "icu_fr_primary" = ?) ORDER BY "name" COLLATE "icu_fr_primary"

        #expect(
            try sorted.fragment.sql == """
                SELECT "name" FROM "contacts" WHERE ("name" COLLATE "icu_fr_primary" = ?) ORDER BY "name" COLLATE "icu_fr_primary"
                """)
        #expect(try pool.read { db in try sorted.fetchAll(db) } == ["Émile"])
        let all = try pool.read { db in try Contact.order(by: \.name).select(\.name).fetchAll(db) }
        #expect(all == ["Bo", "Élodie", "Émile", "zoé"])
    }
}
