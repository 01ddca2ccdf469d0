CREATE VIRTUAL TABLE searchIndex USING fts5 (
    id INTEGER NOT NULL,
    text TEXT
);
