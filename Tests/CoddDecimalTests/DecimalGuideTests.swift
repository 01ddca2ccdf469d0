import Codd
import Foundation
import Testing

// The Swift blocks of docs/Codecs.md's Decimal section, verbatim, run against SQLite.

@Table
struct Invoice: Equatable {
    let id: Int
    var amount: Decimal
    var discount: Decimal?
}

@Suite("docs/Codecs.md: Decimal")
struct DecimalGuideTests {
    @Test func comparisonsAndOrder() throws {
        let large = Invoice.where { $0.amount > Decimal(100) }.order(by: \.amount).select(\.id)
        // SELECT "id" FROM "invoices" WHERE ("amount" COLLATE "codd_decimal" > ? COLLATE "codd_decimal")
        // ORDER BY "amount" COLLATE "codd_decimal"
        let extremes = Invoice.select { ($0.amount.min(), $0.amount.max()) }
        // SELECT min("amount" COLLATE "codd_decimal"), max("amount" COLLATE "codd_decimal") FROM "invoices"

        #expect(
            try large.fragment.sql == """
                SELECT "id" FROM "invoices" WHERE ("amount" COLLATE "codd_decimal" > ? COLLATE "codd_decimal") \
                ORDER BY "amount" COLLATE "codd_decimal"
                """)
        #expect(
            try extremes.fragment.sql
                == #"SELECT min("amount" COLLATE "codd_decimal"), max("amount" COLLATE "codd_decimal") FROM "invoices""#
        )
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "invoices" ("id" INTEGER PRIMARY KEY, "amount" TEXT NOT NULL, "discount" TEXT)"#)
            try db.execute(
                #"INSERT INTO "invoices" ("id", "amount") VALUES (1, '9'), (2, '100.5'), (3, '1000'), (4, '100')"#)
        }
        #expect(try database.read { db in try large.fetchAll(db) } == [2, 3])
        let found = try database.read { db in try extremes.fetchOne(db) }
        #expect(found?.0 == 9)
        #expect(found?.1 == 1000)
    }

    @Test func anIndexNeedsTheCollationOnEveryConnection() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "codd-decimal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        try Database(path: path).write { db in
            try db.execute(
                #"CREATE TABLE "invoices" ("id" INTEGER PRIMARY KEY, "amount" TEXT NOT NULL, "discount" TEXT)"#)
        }

        var configuration = Configuration()
        configuration.add(collation: .decimal)
        let database = try Database(path: path, configuration: configuration)
        try database.write { db in
            try db.execute(#"CREATE INDEX "invoices_amount" ON "invoices" ("amount" COLLATE "codd_decimal")"#)
        }

        try database.write { db in
            try Invoice.insert([Invoice(id: 1, amount: 9, discount: nil), Invoice(id: 2, amount: 10, discount: nil)])
                .execute(db)
        }
        let plan = try database.read { db in
            try db.fetchAll(
                (Int, Int, Int, String).self,
                try Invoice.order(by: \.amount).select(\.id).fragment.sql.replacingOccurrences(
                    of: "SELECT", with: "EXPLAIN QUERY PLAN SELECT"))
        }
        #expect(plan.contains { $0.3.contains("invoices_amount") })
        let ids = try database.read { db in try Invoice.order(by: \.amount).select(\.id).fetchAll(db) }
        #expect(ids == [1, 2])

        let total = try database.read { db in try Invoice.select(\.amount).fetchAll(db) }.reduce(0, +)
        #expect(total == 19)
    }
}
