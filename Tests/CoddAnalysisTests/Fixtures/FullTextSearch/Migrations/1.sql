-- FTS5 columns as SQLite takes them: no types (FTS5 refuses them; Codd strips them when
-- written), two of them UNINDEXED, one of those typed (stripped before SQLite sees it).
CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, tag UNINDEXED, noteID INTEGER UNINDEXED);

CREATE TABLE note (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  -- A JSON document: TEXT on SQLite (jsonb on PostgreSQL), read from SQL as its text.
  meta TEXT AS JSON
);
