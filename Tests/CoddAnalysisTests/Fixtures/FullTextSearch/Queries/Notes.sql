-- A parameter on the right of MATCH on an FTS5 table is an FTS5Pattern: text a user typed
-- (don't, "unbalanced, NEAR() reaches FTS5 escaped, never as query syntax.
byTable:
SELECT rowid, title, body FROM notes_fts WHERE notes_fts MATCH ?;
-- CHECK: input: notes_fts: FTS5Pattern
-- CHECK: row: ByTableOutput(rowid: Int, title: String?, body: String?)

byColumn:
SELECT title FROM notes_fts WHERE title MATCH :query ORDER BY rank;
-- CHECK: input: query: FTS5Pattern
-- CHECK: output: [String?]

byTableFunction:
SELECT * FROM notes_fts(?) ORDER BY rank;
-- CHECK: input: notes_fts: FTS5Pattern
-- CHECK: output: [NotesFts]
-- CHECK: sql: SELECT * FROM notes_fts(?) ORDER BY rank

aliased:
SELECT n.title FROM notes_fts AS n WHERE n.body MATCH ? AND n.noteID = ?;
-- CHECK: input: body: FTS5Pattern, noteID: Int

optionalFilter:
SELECT * FROM notes_fts WHERE notes_fts MATCH :query? AND noteID = :noteID?;
-- CHECK: input: query: FTS5Pattern? (filter), noteID: Int? (filter)

-- Raw FTS5 syntax, stated: CAST(? AS TEXT) keeps a String.
rawSyntax:
SELECT title FROM notes_fts WHERE notes_fts MATCH CAST(? AS TEXT);
-- CHECK: input: notes_fts: String

-- An untyped indexed FTS5 column reads as text (NULL when none was written); an untyped
-- UNINDEXED one, which often holds an id, as any storage class; rank is NULL outside a
-- MATCH; bm25() is a REAL; highlight() and snippet() are NULL for a NULL column.
ranked:
SELECT rowid AS id, tag, rank, bm25(notes_fts) AS score,
       highlight(notes_fts, 0, '[', ']') AS marked,
       snippet(notes_fts, 1, '[', ']', '…', 8) AS excerpt
FROM notes_fts WHERE notes_fts MATCH :query ORDER BY rank;
-- CHECK: row: RankedOutput(id: Int, tag: SQLAny?, rank: Double?, score: Double, marked: String?, excerpt: String?)

-- Inserted text binds as String? (an FTS5 column admits NULL).
index:
INSERT INTO notes_fts (rowid, title, body, noteID) VALUES (?, ?, ?, ?);
-- CHECK: input: rowid: Int, title: String?, body: String?, noteID: Int?

-- MATCH on a column of an ordinary table is no FTS5 query: its parameter stays a String
-- (and SQLite refuses the statement when it runs).
notFTS5:
SELECT id FROM note WHERE title MATCH ?;
-- CHECK: input: title: String

-- A TEXT AS JSON column reads as its text.
noteMeta:
SELECT meta FROM note WHERE id = ?;
-- CHECK: input: id: Int
-- CHECK: output: String?
