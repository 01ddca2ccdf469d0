-- FTS5 with typed columns: the types are for Swift; SQLite sees `id, text`.
CREATE VIRTUAL TABLE searchIndex USING fts5 (
    id INTEGER NOT NULL,
    text TEXT
);
