-- FTS5 columns as SQLite takes them: no types (FTS5 refuses them; Codd strips them when
-- written), one of them UNINDEXED.
CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, tag UNINDEXED);

CREATE TABLE note (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL
);
