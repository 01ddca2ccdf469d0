import Codd
import CoddICUCollation
import Foundation
import Testing

@Table("words")
struct Word: Equatable {
    let id: Int
    @Column(collation: .icu(locale: "fr", strength: .primary)) var text = ""
}

/// The ICU collation against Foundation's own locale-aware comparison of the same strings
/// (`compare(_:options:range:locale:)`), and in SQLite: ORDER BY, `=`, an index.
@Suite("ICU collation")
struct ICUCollationTests {
    /// The words sorted by SQLite through the collation.
    static func sortedInSQL(_ words: [String], _ collation: SQLCollation) throws -> [String] {
        let database = try Database.inMemory()
        return try database.write { db in
            try db.execute(#"CREATE TABLE "w" ("word" TEXT NOT NULL)"#)
            for word in words { try db.execute(#"INSERT INTO "w" VALUES (?)"#, word) }
            try db.add(collation: collation)
            return try db.fetchAll(
                String.self,
                SQLFragment {
                    $0.keyword("SELECT")
                    $0.identifier("word")
                    $0.keyword("FROM")
                    $0.identifier("w")
                    $0.keyword("ORDER BY")
                    $0.identifier("word")
                    $0.collate(collation)
                })
        }
    }

    /// The words sorted by Foundation in `locale`.
    static func sortedByFoundation(_ words: [String], locale: String, options: String.CompareOptions = []) -> [String] {
        let locale = Locale(identifier: locale)
        return words.sorted { $0.compare($1, options: options, range: nil, locale: locale) == .orderedAscending }
    }

    static let frenchWords = [
        "cote", "côte", "coté", "côté", "Cote", "être", "etre", "zèbre", "apple", "Zoo", "élan", "eclair", "Éclair",
        "ecu", "œuvre", "oeil", "ça", "cab", "déjà", "dejeuner", "Émile", "emile", "fête", "feter",
    ]

    /// `é` sorts with `e` in French: the same order as Foundation's, for every word.
    @Test func frenchOrderMatchesFoundation() throws {
        let sql = try Self.sortedInSQL(Self.frenchWords, .icu(locale: "fr"))
        #expect(sql == Self.sortedByFoundation(Self.frenchWords, locale: "fr"))
        #expect(sql.firstIndex(of: "élan")! < sql.firstIndex(of: "etre")!)
        #expect(sql.firstIndex(of: "etre")! < sql.firstIndex(of: "fête")!)
        // Byte order would put every accented word after z.
        #expect(sql != Self.frenchWords.sorted())
    }

    /// `ä` after `z` in Swedish, with Foundation; in German, `ä` sorts with `a`.
    @Test func swedishOrderMatchesFoundation() throws {
        let words = ["z", "ä", "a", "ö", "å", "o", "Ärlig", "zebra", "apa", "ödla", "åka", "öl", "ål"]
        let swedish = try Self.sortedInSQL(words, .icu(locale: "sv"))
        #expect(swedish == Self.sortedByFoundation(words, locale: "sv"))
        #expect(swedish.firstIndex(of: "zebra")! < swedish.firstIndex(of: "ä")!)
        #expect(swedish.firstIndex(of: "å")! < swedish.firstIndex(of: "ä")!)
        let german = try Self.sortedInSQL(words, .icu(locale: "de"))
        #expect(german == Self.sortedByFoundation(words, locale: "de"))
        #expect(german.firstIndex(of: "ä")! < german.firstIndex(of: "z")!)
    }

    /// At primary strength case and accents are ignored and `ß` equals `ss`, as Foundation
    /// compares case- and diacritic-insensitively; at tertiary strength they differ.
    @Test func primaryStrengthEquality() throws {
        let pairs = [
            ("Straße", "STRASSE"), ("côte", "COTE"), ("Émile", "emile"), ("résumé", "Resume"), ("a", "b"), ("ß", "s"),
        ]
        let database = try Database.inMemory()
        try database.write { db in
            for (name, collation) in [
                ("primary", SQLCollation.icu(locale: "de", strength: .primary)), ("tertiary", .icu(locale: "de")),
            ] {
                try db.add(collation: collation)
                for (lhs, rhs) in pairs {
                    let equal = try db.fetchOne(
                        Bool.self,
                        SQLFragment {
                            $0.keyword("SELECT")
                            try $0.value(lhs)
                            $0.collate(collation)
                            $0.keyword("=")
                            try $0.value(rhs)
                        })
                    let foundation =
                        lhs.compare(
                            rhs, options: name == "primary" ? [.caseInsensitive, .diacriticInsensitive] : [],
                            range: nil, locale: Locale(identifier: "de")
                        ) == .orderedSame
                    #expect(equal == foundation, "\(lhs) = \(rhs) at \(name) strength")
                }
            }
        }
        let primary = try database.read { db in
            try db.fetchOne(Bool.self, #"SELECT 'Straße' = 'strasse' COLLATE "icu_de_primary""#)
        }
        #expect(primary == true)
    }

    /// A column's ICU default: compared and ordered through it; usable in an index that the
    /// comparison uses; registered on every connection by the configuration.
    @Test func aColumnAndAnIndex() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codd-icu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = Configuration()
        configuration.add(collation: .icu(locale: "fr", strength: .primary))
        let pool = try DatabasePool(
            path: directory.appendingPathComponent("db.sqlite").path, configuration: configuration)
        try pool.write { db in
            try db.execute(#"CREATE TABLE "words" ("id" INTEGER PRIMARY KEY, "text" TEXT NOT NULL)"#)
            try db.execute(#"CREATE INDEX "words_text" ON "words" ("text" COLLATE "icu_fr_primary")"#)
            try Word.insert(Self.frenchWords.enumerated().map { Word(id: $0.offset + 1, text: $0.element) }).execute(db)
        }
        let query = Word.where { $0.text == "COTE" }.order(by: \.id).select(\.text)
        #expect(
            try query.fragment.sql
                == #"SELECT "text" FROM "words" WHERE ("text" COLLATE "icu_fr_primary" = ?) ORDER BY "id""#)
        #expect(try pool.read { db in try query.fetchAll(db) } == ["cote", "côte", "coté", "côté", "Cote"])
        let plan = try pool.read { db in
            try db.fetchAll(
                (Int, Int, Int, String).self,
                #"EXPLAIN QUERY PLAN SELECT "id" FROM "words" WHERE "text" COLLATE "icu_fr_primary" = 'ete'"#)
        }
        #expect(plan.contains { $0.3.contains("INDEX words_text") })
        let ordered = try pool.read { db in try Word.order(by: \.text).select(\.text).fetchAll(db) }
        let foundation = Self.sortedByFoundation(
            Self.frenchWords, locale: "fr", options: [.caseInsensitive, .diacriticInsensitive])
        // Ties (equal at primary strength) keep no particular order: compare as groups.
        func folded(_ text: String) -> String {
            text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        }
        #expect(ordered.map(folded) == foundation.map(folded))
    }

    @Test func names() {
        #expect(SQLCollation.icu(locale: "fr").name == "icu_fr_tertiary")
        #expect(SQLCollation.icu(locale: "sv_SE", strength: .primary).name == "icu_sv_SE_primary")
        #expect(
            SQLCollation.icu(locale: "de@collation=phonebook", numeric: true).name
                == "icu_de_collation_phonebook_tertiary_numeric")
        #expect(SQLCollation.icu("myOrder", locale: "fr").name == "myOrder")
        #expect(SQLCollation.icu(locale: "").name == "icu_root_tertiary")
    }

    /// Digits by value with `numeric:`.
    @Test func numericOrder() throws {
        let sorted = try Self.sortedInSQL(["item10", "item2", "item1"], .icu(locale: "en", numeric: true))
        #expect(sorted == ["item1", "item2", "item10"])
    }

    /// A locale ICU has no collation for is refused when the collation is registered, never
    /// a silent fallback to the root order; the root order is there when asked for.
    @Test func anUnknownLocaleIsATypedError() throws {
        let database = try Database.inMemory()
        func check(_ db: Connection) throws {
            let error = #expect(throws: SQLCollationError.self) { try db.add(collation: .icu(locale: "qq_ZZ")) }
            #expect(error?.name == "icu_qq_ZZ_tertiary")
            #expect(error?.description.contains("ICU has no collation for the locale \"qq_ZZ\"") == true)
            #expect(throws: SQLCollationError.self) { try db.add(collation: .icu(locale: "fr\u{0}")) }
            try db.add(collation: .icu(locale: "root"))
        }
        try database.write(check)
        // A DSL statement naming it fails the same way, before it runs.
        let query = Word.order { $0.text.collate(.icu(locale: "qq_ZZ")) }
        #expect(throws: SQLCollationError.self) { try database.read { db in try query.fetchAll(db) } }
    }
}
