import CoddAnalysis
import CoddCodegen
import CoddGenerator
import CoddSQLFirst
@testable import CoddSQLFirstFixtures
import Foundation
import Testing

/// FTS5 through SQL-first (Tests/CoddSQLFirstFixtures: `notes_fts`, an FTS5 table whose
/// columns have no types, and the MATCH queries of Queries/Search.sql), on real SQLite: a
/// MATCH parameter is an `FTS5Pattern`, so what a user types is found or not, never an FTS5
/// syntax error; untyped FTS5 columns read as `String?`.
@Suite("FTS5 queries from SQL")
struct FullTextSearchQueriesTests {
    /// Text a user may type that is FTS5 query syntax when bound as it is: quotes, a comment
    /// marker, operators, `NEAR(`, a column filter, emoji, NUL.
    static let hostile = [
        "don't", "\"unbalanced", "\"", "--", "a -- b", "*", "NEAR(", "NEAR(a b", "(", ")", "AND", "OR NOT", "-a",
        "+", "^", "title:towel", "{title}:x", "🎉", "party 🎉", "pa\0nic", "\0", "", "   ", "'; DROP TABLE notes_fts; --",
    ]

    func seeded() async throws -> SeedDatabase {
        let database = try SeedDatabase.inMemory()
        let notes: [(Int, String?, String?)] = [
            (1, "Don't panic", "a towel is useful"),
            (2, "Unbalanced \"quotes", "NEAR( the end * star -- dash"),
            (3, "Café ☕ 🎉 party", "emoji 🎉 here"),
            (4, nil, "only a body, AND more"),
        ]
        for (id, title, body) in notes {
            try await database.searchQueries.addNote.execute(id: id, title: title, body: body)
        }
        return database
    }

    /// The pattern a search box makes of `text`: every word, or nothing when it has none.
    static func pattern(_ text: String) -> FTS5Pattern {
        FTS5Pattern(matchingAllTokensIn: text) ?? .nothing
    }

    @Test func hostileTextIsFoundOrNotNeverASyntaxError() async throws {
        let database = try await seeded()
        let queries = database.searchQueries
        for text in Self.hostile {
            let candidates = [
                FTS5Pattern(matchingAllTokensIn: text), FTS5Pattern(matchingAnyTokenIn: text),
                FTS5Pattern(matchingPhrase: text), FTS5Pattern(matchingPrefixesIn: text), .nothing,
            ]
            for pattern in candidates.compactMap({ $0 }) {
                // Each form of the query takes the pattern; none throws.
                _ = try await queries.searchNotes.execute(pattern)
                _ = try await queries.searchNoteTitles.execute(pattern)
                _ = try await queries.notesMatching.execute(pattern)
            }
        }
        func found(_ text: String) async throws -> [Int] {
            try await queries.searchNotes.execute(Self.pattern(text)).map(\.id).sorted()
        }
        #expect(try await found("don't") == [1])
        #expect(try await found("\"unbalanced") == [2])
        #expect(try await found("NEAR(") == [2])
        #expect(try await found("AND") == [4])
        #expect(try await found("-a") == [1, 4])
        #expect(try await found("party 🎉") == [3])
        #expect(try await found("cafe") == [3])
        // NUL ends SQLite's query text: the pattern drops it rather than search for "pa".
        #expect(try await found("pa\0nic") == [1])
        for nothing in ["--", "*", "🎉", "\"", "", "   ", "'; DROP TABLE notes_fts; --"] {
            #expect(try await found(nothing) == [], "\(nothing.debugDescription)")
        }
        #expect(try await found("towel") == [1], "the table is still there")
    }

    @Test func theColumnAndTableValuedFormsMatchAsSQLiteSays() async throws {
        let database = try await seeded()
        let queries = database.searchQueries
        // `title MATCH :query` searches the title alone.
        #expect(try await queries.searchNoteTitles.execute(query: Self.pattern("don't")) == ["Don't panic"])
        #expect(try await queries.searchNoteTitles.execute(query: Self.pattern("towel")) == [])
        #expect(try await queries.searchNoteTitles.execute(query: Self.pattern("AND")) == [])
        // `notes_fts(?)`: the table's rows, as its struct.
        let matched = try await queries.notesMatching.execute(FTS5Pattern(matchingPrefixesIn: "pan tow") ?? .nothing)
        #expect(matched == [NotesFts(title: "Don't panic", body: "a towel is useful")])
        let any = try await queries.notesMatching.execute(FTS5Pattern(matchingAnyTokenIn: "towel party") ?? .nothing)
        #expect(any.map(\.title) == ["Don't panic", "Café ☕ 🎉 party"])
    }

    @Test func untypedFTS5ColumnsReadAsOptionalText() async throws {
        let database = try await seeded()
        let rows = try await database.searchQueries.searchNotes.execute(Self.pattern("a"))
        #expect(
            rows.sorted { $0.id < $1.id } == [
                SearchNotesOutput(id: 1, title: "Don't panic", body: "a towel is useful"),
                SearchNotesOutput(id: 4, title: nil, body: "only a body, AND more"),
            ])
        // A number another program wrote into an indexed column is a typed error, not text.
        try database.writer.write { db in
            try db.execute("INSERT INTO notes_fts (rowid, title, body) VALUES (5, 42, 'a number for a title')")
        }
        let error = await #expect(throws: SQLDecodingError.self) {
            try await database.searchQueries.searchNotes.execute(Self.pattern("number"))
        }
        #expect(error?.reason == .storageMismatch)
        #expect(error?.actual == .integer)
        #expect(error?.column == "title")
    }

    /// Raw FTS5 syntax stays possible, said in the SQL (`CAST(:syntax AS TEXT)`: a String,
    /// FTS5's errors and all), or in Swift (`FTS5Pattern(validating:)`, checked before it
    /// reaches SQLite).
    @Test func rawSyntaxIsAStatedChoice() async throws {
        let database = try await seeded()
        let queries = database.searchQueries
        #expect(try await queries.searchNotesRaw.execute(syntax: "tow* OR party") == [1, 3])
        await #expect(throws: SQLiteError.self) { try await queries.searchNotesRaw.execute(syntax: "don't") }
        let validated = try FTS5Pattern(validating: "title:panic OR body:emoji", columns: ["title", "body"])
        #expect(try await queries.searchNotes.execute(validated).map(\.id).sorted() == [1, 3])
        #expect(throws: FTS5PatternError.self) { try FTS5Pattern(validating: "don't") }
    }

    /// A pattern binds as its TEXT in raw SQL too.
    @Test func aPatternBindsInRawSQL() async throws {
        let database = try await seeded()
        let ids = try database.writer.read { db in
            try db.fetchAll(
                Int.self, "SELECT rowid FROM notes_fts WHERE notes_fts MATCH ? ORDER BY rowid",
                Self.pattern("don't \"unbalanced"))
        }
        #expect(ids == [])
        let stored = try database.writer.read { db in
            try db.fetchOne(String.self, "SELECT ?", Self.pattern("don't"))
        }
        #expect(stored == #""don't""#)
    }

    /// The generated Swift says so: the pattern's type in the query's typealias and its
    /// labelled `execute`, `String` where the SQL casts.
    @Test func theGeneratedSwiftTakesAnFTS5Pattern() throws {
        let generation = try Generation(
            configurationFile: GeneratedIsCurrentTests.fixtures.appendingPathComponent("codd.json"))
        let result = generation.run()
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let search = try #require(result.files.first { $0.name == "Search+Queries.swift" }).contents
        for line in [
            "typealias SearchNotesQuery = Query<FTS5Pattern, [SearchNotesOutput]>",
            "typealias SearchNoteTitlesQuery = Query<FTS5Pattern, [String?]>",
            "typealias NotesMatchingQuery = Query<FTS5Pattern, [NotesFts]>",
            "typealias SearchNotesRawQuery = Query<String, [Int]>",
            "typealias SearchQuery = Query<FTS5Pattern, [SearchIndex]>",
            "static func searchNotes(_ db: Connection, _ input: FTS5Pattern) throws -> [SearchNotesOutput]",
            "try sqlBuilder.bind(input)",
        ] {
            #expect(search.contains(line), "\(line)")
        }
        let database = try #require(result.files.first { $0.name == "SeedDatabase+Database.swift" }).contents
        for line in [
            "func execute(query: FTS5Pattern) async throws -> Output",
            "func execute(syntax: String) async throws -> Output",
            """
            @Table("notes_fts")
            struct NotesFts: Sendable, Equatable {
                var title: String?
                var body: String?
            }
            """,
        ] {
            #expect(database.contains(line), "\(line)")
        }
    }
}
