import Codd
import CoddDocSupport
import CoddFTS5SQLite
import Foundation
import Testing

// The declarations of docs/FullTextSearch.md, verbatim (ReminderText is in Schema.swift).

@Table
struct Article: FTS5 {
    let rowid: Int
    let title: String
    let body: String
    let path: String
    static let fts5Options = FTS5Options<Article>(
        tokenizer: .porter(wrapping: .unicode61(removeDiacritics: .remove)),
        unindexed: [\.path],
        prefixes: [2, 3],
        columnSize: false,
        detail: .column
    )
}

@Table
struct Bookmark {
    @Column(as: UUID.BlobRepresentation.self) let id: UUID
    var title = ""
    var url = ""
}

@Table
struct BookmarkText: FTS5 {
    let rowid: Int
    let title: String
    let url: String
    static let fts5Options = FTS5Options<BookmarkText>(tokenizer: .trigram())
}

@Selection
struct SearchRow {
    let title: String
    let notes: String
}

struct MatchingText: TableAlias {
    typealias Table = ReminderText
}

final class LowercaseWords: FTS5CustomTokenizer {
    func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws {
        for word in text.words() {
            try sink.emit(word.text.lowercased(), range: word.range)
        }
    }
}

func registerTokenizers(_ db: Connection) throws {
    try db.registerFTS5Tokenizer(named: "lowercase") { _ in LowercaseWords() }
    // Synonyms: "1st" is indexed as "1st" and, at the same position, "first".
    try db.registerFTS5WrapperTokenizer(named: "synonyms") { token, reason in
        reason.isDocument && token == "1st" ? ["1st", "first"] : [token]
    }
    // ICU word breaking: Chinese, Japanese and Thai words, case folded.
    try db.registerICUTokenizer()
}

/// The examples of docs/FullTextSearch.md that show SQL, verbatim, in the guide's order,
/// each giving the statement's SQL (values inline, as shown) and a way to run it.
let fullTextSearchGuideExamples: [@Sendable () throws -> (sql: String, run: (Connection) throws -> Void)] = [
    {
        let statement = ReminderText.createTable()
        return (try statement.sql(), { _ in })
    },
    {
        let statement = Article.createTable(ifNotExists: true)
        return (try statement.sql(), { try statement.execute($0) })
    },
    {
        let pattern = FTS5Pattern(matchingAllTokensIn: "take out") ?? .nothing
        let query =
            ReminderText
            .where { $0.match(pattern) }
            .join(Reminder.all) { $0.rowid.eq($1.rowid) }
            .select { ($1.id, $1.title) }
        return (query.description, { _ = try query.fetchAll($0) })
    },
    {
        let query = ReminderText.where { $0.title.match(FTS5Pattern(matchingPrefixesIn: "gro") ?? .nothing) }.select(
            \.rowid)
        return (query.description, { _ = try query.fetchAll($0) })
    },
    {
        let query = ReminderText.where { $0.match("title:gro* OR NEAR(trash tuesday, 5)") }.select(\.rowid)
        return (query.description, { _ = try query.fetchAll($0) })
    },
    {
        let query =
            Reminder
            .join(ReminderText.all.as(MatchingText.self)) { $0.id.eq($1.rowid) }
            .where { _, text in text.match(FTS5Pattern(matchingAllTokensIn: "trash") ?? .nothing) }
            .order { _, text in text.bm25(weights: [10, 1]) }
            .select { _, text in
                SearchRow.Columns(
                    title: text.title.highlight("**", "**"),
                    notes: text.notes.snippet("**", "**", "...", 64).replace("\n", " ")
                )
            }
        return (query.description, { _ = try query.fetchAll($0) })
    },
    {
        let triggers = ReminderText.syncTriggers(from: Reminder.self, rowID: \.id, temporary: true) { text, reminder in
            text.notes = reminder.notes.replace("\n", " ")
            text.tags = ""
        }
        let statement = triggers[0]
        return (try statement.sql(), { try triggers.execute($0) })
    },
    {
        let triggers = BookmarkText.syncTriggers(from: Bookmark.self, temporary: true)
        let statement = triggers[0]
        return (
            try statement.sql(),
            { db in
                try db.execute(
                    #"CREATE TABLE "bookmarks" ("id" BLOB PRIMARY KEY NOT NULL, "title" TEXT NOT NULL, "url" TEXT NOT NULL)"#
                )
                try BookmarkText.createTable().execute(db)
                try triggers.execute(db)
            }
        )
    },
    {
        let statement = ReminderText.command(.integrityCheck)
        return (try statement.sql(), { try statement.execute($0) })
    },
]

@Suite("docs/FullTextSearch.md")
struct FullTextSearchGuideTests {
    @Test func everySwiftBlockIsCompiledHere() throws {
        try GuideSnippets.expectCompiled(
            guide: "docs/FullTextSearch.md",
            by: ["CoddFTS5Tests/FullTextSearchGuideTests.swift", "CoddFTS5Tests/Schema.swift"]
        )
    }

    @Test func everyExampleRendersTheSQLShownAndRuns() throws {
        let examples = try GuideSnippets.examples(in: "docs/FullTextSearch.md")
        #expect(examples.count == fullTextSearchGuideExamples.count)
        let database = try makeRemindersDatabase()
        for (example, make) in zip(examples, fullTextSearchGuideExamples) {
            let (sql, run) = try make()
            #expect(
                GuideSnippets.foldedSQL(sql) == GuideSnippets.foldedSQL(example.sql),
                "\(example.swift)\nrenders\n\(sql)")
            try database.write { db in try run(db) }
        }
        // The triggers ran: an insert reaches the index with its notes on one line.
        let notes = try database.write { db in
            try Reminder.insert([Reminder(id: 7, title: "Take out the trash", notes: "Bins\nTuesday")]).execute(db)
            return try ReminderText.where { $0.match("trash") }.select(\.notes).fetchAll(db)
        }
        #expect(notes == ["Bins Tuesday"])

        // A UUID-keyed content table, indexed under its rowid, searched back through it.
        let search =
            Bookmark
            .join(BookmarkText.all) { $0.rowid.eq($1.rowid) }
            .where { $1.match("codd") }
            .select { bookmark, _ in bookmark.url }
        let urls = try database.write { db in
            try Bookmark.insert { Bookmark.Draft(title: "Codd", url: "https://example.com/codd") }.execute(db)
            try Bookmark.insert { Bookmark.Draft(title: "GRDB", url: "https://example.com/grdb") }.execute(db)
            try Bookmark.where { $0.title.eq("GRDB") }.update { $0.title = "GRDB and Codd" }.execute(db)
            return try search.fetchAll(db)
        }
        #expect(urls.sorted() == ["https://example.com/codd", "https://example.com/grdb"])
    }

    /// The guide's note on emoji: unicode61's default categories leave them out, the symbol
    /// category `So` keeps them; trigrams keep them but match no pattern under 3 characters.
    @Test func anEmojiIsIndexedWithTheSymbolCategoryOrTrigrams() throws {
        let database = try Database.inMemory()
        let tokenizers: [FTS5Tokenizer] = [
            .unicode61(), .unicode61(categories: ["L*", "N*", "Co", "So"]), .trigram(),
        ]
        var found: [Int] = []
        try database.write { db in
            for (index, tokenizer) in tokenizers.enumerated() {
                let tokenize = tokenizer.description.replacingOccurrences(of: "'", with: "''")
                try db.execute("CREATE VIRTUAL TABLE \"e\(index)\" USING fts5(\"t\", tokenize = '\(tokenize)')")
                try db.execute("INSERT INTO \"e\(index)\" VALUES ('party 🎉 tonight')")
                found.append(
                    try db.fetchOne(Int.self, "SELECT count(*) FROM \"e\(index)\" WHERE \"e\(index)\" MATCH '\"🎉\"'")
                        ?? -1)
            }
        }
        #expect(found == [0, 1, 0])
    }

    /// The guide's warning: rebuilding a content table indexed under its implicit rowid
    /// renumbers the rows and drops the triggers, unless the rowid is copied and the
    /// triggers made again.
    @Test func aRebuiltTableKeepsItsIndexOnlyWithItsRowidCopied() throws {
        let database = try Database.inMemory()
        func rebuild(copyingRowid: Bool) throws -> [String] {
            try database.write { db in
                try db.execute(#"DROP TABLE IF EXISTS "bookmarks""#)
                try db.execute(#"DROP TABLE IF EXISTS "bookmarkTexts""#)
                try db.execute(
                    #"CREATE TABLE "bookmarks" ("id" BLOB PRIMARY KEY, "title" TEXT NOT NULL, "url" TEXT NOT NULL)"#)
                try BookmarkText.createTable().execute(db)
                try BookmarkText.syncTriggers(from: Bookmark.self).execute(db)
                try Bookmark.insert { Bookmark.Draft(title: "Codd", url: "https://example.com/codd") }.execute(db)
                try Bookmark.insert { Bookmark.Draft(title: "GRDB", url: "https://example.com/grdb") }.execute(db)
                try db.execute(
                    #"CREATE TABLE "new" ("id" BLOB PRIMARY KEY, "title" TEXT NOT NULL, "url" TEXT NOT NULL)"#)
                try db.execute(
                    copyingRowid
                        ? #"INSERT INTO "new" ("rowid", "id", "title", "url") SELECT "rowid", "id", "title", "url" FROM "bookmarks""#
                        : #"INSERT INTO "new" SELECT * FROM "bookmarks" ORDER BY "title" DESC"#)
                try db.execute(#"DROP TABLE "bookmarks""#)
                try db.execute(#"ALTER TABLE "new" RENAME TO "bookmarks""#)
                if copyingRowid { try BookmarkText.syncTriggers(from: Bookmark.self).execute(db) }
                try Bookmark.insert { Bookmark.Draft(title: "Codd again", url: "https://example.com/again") }.execute(
                    db)
                return try Bookmark.join(BookmarkText.all) { $0.rowid.eq($1.rowid) }
                    .where { $1.match("codd") }.select { bookmark, _ in bookmark.url }.fetchAll(db)
            }
        }
        // Renumbered: "codd" finds GRDB's row, and the new row was never indexed.
        #expect(try rebuild(copyingRowid: false) == ["https://example.com/grdb"])
        #expect(try rebuild(copyingRowid: true).sorted() == ["https://example.com/again", "https://example.com/codd"])
    }

    @Test func tokenizersRenderAsShown() throws {
        let tokenizers: [FTS5Tokenizer] = [
            .unicode61(removeDiacritics: .remove, tokenCharacters: ["-", "_"]),
            .unicode61(categories: ["L*", "N*", "Co"], separators: ["'"]),
            .ascii(tokenCharacters: ["."]),
            .porter(wrapping: .ascii()),
            .trigram(caseSensitive: true),
            .custom("my tokenizer", arguments: ["it's"]),
        ]
        #expect(
            tokenizers.map(\.description) == [
                "unicode61 remove_diacritics 2 tokenchars '-_'",
                "unicode61 categories 'L* N* Co' separators ''''",
                "ascii tokenchars '.'",
                "porter ascii",
                "trigram case_sensitive 1",
                "'my tokenizer' 'it''s'",
            ])
        #expect(FTS5Tokenizer.wrapper("synonyms", around: .unicode61()).description == "synonyms unicode61")
        #expect(
            FTS5Tokenizer.icu(locale: "ja_JP", removeDiacritics: true).description == "icu ja_JP remove_diacritics 1")
    }

    @Test func patternsAreAsShown() throws {
        let all = FTS5Pattern(matchingAllTokensIn: #"take "out" (now"#)  // "take" """out""" "(now"
        let any = FTS5Pattern(matchingAnyTokenIn: "milk eggs")  // "milk" OR "eggs"
        let phrase = FTS5Pattern(matchingPhrase: "take out")  // "take out"
        let prefixes = FTS5Pattern(matchingPrefixesIn: "gro mil")  // "gro"* "mil"*
        let near = FTS5Pattern.near(["trash", "tuesday"], within: 5)  // NEAR("trash" "tuesday", 5)
        let nothing = FTS5Pattern(matchingAllTokensIn: "  ")  // nil
        let combined = any?.and(phrase ?? .nothing).not(prefixes ?? .nothing)
        let inTitles = phrase?.inColumns(["title"])  // {"title"} : ("take out")
        #expect(all?.rawValue == #""take" """out""" "(now""#)
        #expect(any?.rawValue == #""milk" OR "eggs""#)
        #expect(phrase?.rawValue == #""take out""#)
        #expect(prefixes?.rawValue == #""gro"* "mil"*"#)
        #expect(near?.rawValue == #"NEAR("trash" "tuesday", 5)"#)
        #expect(nothing == nil)
        #expect(combined?.rawValue == #"(("milk" OR "eggs") AND ("take out")) NOT ("gro"* "mil"*)"#)
        #expect(inTitles?.rawValue == #"{"title"} : ("take out")"#)
    }

    @Test func swiftTokenizersRegister() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try registerTokenizers(db)
            try db.execute(#"CREATE VIRTUAL TABLE "words" USING fts5("body", tokenize = 'lowercase')"#)
            try db.execute(#"INSERT INTO "words" VALUES ('Hello WORLD')"#)
            #expect(try db.fetchOne(Int.self, #"SELECT count(*) FROM "words" WHERE "words" MATCH 'world'"#) == 1)
        }
    }
}
