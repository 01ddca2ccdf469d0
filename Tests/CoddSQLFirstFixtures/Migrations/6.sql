-- An FTS5 table as SQLite's own documentation writes one: columns without types.
CREATE VIRTUAL TABLE notes_fts USING fts5(title, body);
