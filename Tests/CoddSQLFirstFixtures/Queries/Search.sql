search:
SELECT * FROM searchIndex
WHERE text MATCH ?
ORDER BY rank;

searchHighlighted:
SELECT id, highlight(searchIndex, 1, '[', ']') AS highlighted, bm25(searchIndex) AS score
FROM searchIndex WHERE searchIndex MATCH :pattern ORDER BY rank;

index:
INSERT INTO searchIndex (id, text) VALUES (?, ?);

-- A MATCH parameter is an FTS5Pattern: what a user typed is escaped, never query syntax.
searchNotes:
SELECT rowid AS id, title, body FROM notes_fts WHERE notes_fts MATCH ? ORDER BY rank;

searchNoteTitles:
SELECT title FROM notes_fts WHERE title MATCH :query ORDER BY rank;

-- The table-valued form, the table's own rows (its struct), refinable.
notesMatching:
SELECT * FROM notes_fts(?) ORDER BY rowid;

-- Raw FTS5 syntax, stated in the SQL: a String.
searchNotesRaw:
SELECT rowid FROM notes_fts WHERE notes_fts MATCH CAST(:syntax AS TEXT) ORDER BY rowid;

addNote:
INSERT INTO notes_fts (rowid, title, body) VALUES (:id, :title, :body);
