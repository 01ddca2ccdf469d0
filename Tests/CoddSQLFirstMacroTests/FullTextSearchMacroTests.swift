import CoddSQLFirstMacros
import Foundation
import Testing

/// An FTS5 table whose columns have no types, searched through `@Query`: the macro form
/// types the MATCH parameter as the generated files do, an `FTS5Pattern`.
@Database
struct NotesDB {
    @Query("SELECT rowid AS id, title FROM notes_fts WHERE notes_fts MATCH ? ORDER BY rowid")
    var searchNotes: any SearchNotesQuery

    @Query("INSERT INTO notes_fts (rowid, title, body) VALUES (:id, :title, :body)")
    var addNote: any AddNoteQuery

    static var migrations: [String] {
        ["CREATE VIRTUAL TABLE notes_fts USING fts5(title, body)"]
    }
}

@Suite("@Query with MATCH")
struct FullTextSearchMacroTests {
    @Test func aMatchParameterIsAPatternAndHostileTextIsNoError() async throws {
        let database = try NotesDB.inMemory()
        try await database.addNote.execute(NotesDB.AddNoteInput(id: 1, title: "Don't panic", body: "NEAR( -- *"))
        try await database.addNote.execute(NotesDB.AddNoteInput(id: 2, title: nil, body: "a \"quoted\" word"))
        let search: (String) async throws -> [NotesDB.SearchNotesOutput] = { text in
            try await database.searchNotes.execute(FTS5Pattern(matchingAllTokensIn: text) ?? .nothing)
        }
        #expect(try await search("don't") == [NotesDB.SearchNotesOutput(id: 1, title: "Don't panic")])
        #expect(try await search("\"quoted") == [NotesDB.SearchNotesOutput(id: 2, title: nil)])
        #expect(try await search("NEAR(").map(\.id) == [1])
        for nothing in ["--", "*", "\"", "🎉", "\0"] {
            #expect(try await search(nothing).isEmpty)
        }
    }
}
