import Codd
import CoddICUCollation
import Foundation

// Workloads of issue #29 (codec depth), each beside its floor on the same data:
// - a typed JSON path filter against the same SQL written by hand (target ≤ 1.05×);
// - a Decimal column ordered through the codd_decimal collation against a REAL column
//   ordered natively (the values are those a REAL holds exactly, so both orders agree);
// - ORDER BY through the ICU collation against SQLite's NOCASE.

@JSONPaths
struct BenchSettings: Codable, Sendable {
    var theme: String
    var fontSize: Int
}

@Table("benchDocs")
struct BenchDoc {
    let id: Int
    @Column(as: BenchSettings.JSONRepresentation.self) var settings: BenchSettings
}

@Table("benchAmounts")
struct BenchAmount {
    let id: Int
    var amount: Decimal
    var real: Double
}

@Table("benchNames")
struct BenchName {
    let id: Int
    var name: String
}

enum CodecDepthWorkload {
    static func workloads(directory: URL, rows: Int) throws -> [Workload] {
        var configuration = Configuration()
        let french = SQLCollation.icu(locale: "fr", strength: .primary)
        configuration.add(collation: french)
        let database = try Codd.Database(
            path: directory.appendingPathComponent("depth.sqlite").path, configuration: configuration)
        try database.write { db in
            try db.execute(#"CREATE TABLE "benchDocs" ("id" INTEGER PRIMARY KEY, "settings" TEXT NOT NULL)"#)
            try db.execute(
                #"CREATE TABLE "benchAmounts" ("id" INTEGER PRIMARY KEY, "amount" TEXT NOT NULL, "real" REAL NOT NULL)"#
            )
            try db.execute(#"CREATE TABLE "benchNames" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)"#)
            let themes = ["dark", "light", "sepia", "solarized"]
            let words = [
                "élan", "Eclair", "cote", "côte", "zèbre", "Apple", "œuvre", "être", "Zoo", "déjà", "fête", "ça",
            ]
            var docs: [BenchDoc] = []
            var amounts: [BenchAmount] = []
            var names: [BenchName] = []
            for id in 1...rows {
                docs.append(
                    BenchDoc(id: id, settings: BenchSettings(theme: themes[id % themes.count], fontSize: 8 + id % 17)))
                // Cents from -5,000,000.00 to 5,000,000.00: exact as a REAL too.
                let cents = (id &* 7_919) % 1_000_000_001 - 500_000_000
                amounts.append(BenchAmount(id: id, amount: Decimal(cents) / 100, real: Double(cents) / 100))
                names.append(BenchName(id: id, name: words[id % words.count] + " \(id &* 31 % 1000)"))
            }
            try BenchDoc.insert(docs).execute(db)
            try BenchAmount.insert(amounts).execute(db)
            try BenchName.insert(names).execute(db)
        }

        // 1. JSON path filter: the DSL's SQL is the hand-written SQL (one parenthesized
        // operand aside); both return the same ids.
        let handWritten = #"SELECT "id" FROM "benchDocs" WHERE "settings" ->> '$.theme' = ?"#
        let typed = BenchDoc.where { $0.settings.theme == "dark" }.select(\.id)
        func hand() throws -> Int {
            try database.read { db in try db.fetchAll(Int.self, handWritten, "dark") }.reduce(0, &+)
        }
        func dsl() throws -> Int { try database.read { db in try typed.fetchAll(db) }.reduce(0, &+) }
        guard try hand() == dsl(), try hand() != 0 else {
            throw BenchmarkError("the JSON path filter and the hand-written SQL disagree")
        }

        // 2. Decimal ordering: the same order as the REAL column's.
        let byReal = #"SELECT "id" FROM "benchAmounts" ORDER BY "real""#
        let byDecimal = BenchAmount.order(by: \.amount).select(\.id)
        func orderChecksum(_ ids: [Int]) -> Int { ids.enumerated().reduce(0) { $0 &+ ($1.offset &* $1.element) } }
        func real() throws -> Int { orderChecksum(try database.read { db in try db.fetchAll(Int.self, byReal) }) }
        func decimal() throws -> Int { orderChecksum(try database.read { db in try byDecimal.fetchAll(db) }) }
        guard try real() == decimal() else { throw BenchmarkError("the decimal order and the REAL order disagree") }

        // 3. ORDER BY in the ICU collation, beside NOCASE (different orders: the same rows).
        let byNocase = #"SELECT "id" FROM "benchNames" ORDER BY "name" COLLATE NOCASE"#
        let byICU = BenchName.order { $0.name.collate(french) }.select(\.id)
        func nocase() throws -> Int { try database.read { db in try db.fetchAll(Int.self, byNocase) }.reduce(0, &+) }
        func icu() throws -> Int { try database.read { db in try byICU.fetchAll(db) }.reduce(0, &+) }
        guard try nocase() == icu() else { throw BenchmarkError("the ICU and NOCASE orders returned different rows") }
        print("Verified: the JSON path filter, the decimal order and the ICU order agree with their floors.")

        return [
            Workload(
                name: "JSON path filter over \(rows) rows", rows: rows, floor: "hand-written SQL (->>)", grdb: nil,
                contenders: [
                    Contender(name: "hand-written SQL (->>)") { try hand() },
                    Contender(name: "Codd typed path ($0.settings.theme == \"dark\")") { try dsl() },
                ]
            ),
            Workload(
                name: "order \(rows) decimals", rows: rows, floor: "REAL column, native order", grdb: nil,
                contenders: [
                    Contender(name: "REAL column, native order") { try real() },
                    Contender(name: "Codd Decimal (TEXT, codd_decimal collation)") { try decimal() },
                ]
            ),
            Workload(
                name: "order \(rows) names by collation", rows: rows, floor: "COLLATE NOCASE", grdb: nil,
                contenders: [
                    Contender(name: "COLLATE NOCASE") { try nocase() },
                    Contender(name: "ICU collation (fr, primary)") { try icu() },
                ]
            ),
        ]
    }
}
