-- A parameter against an FTS5 column that declares no type cannot be typed: the error says
-- to declare the column's storage class in the migration.
byTag:
SELECT title FROM notes_fts WHERE tag = ?;
-- CHECK-ERROR: 4:41: the type of parameter ? cannot be inferred: column tag declares no type; declare its storage class in the migration (tag INTEGER, or in an FTS5 table tag INTEGER UNINDEXED, which Codd strips before SQLite sees it), or state it: CAST(? AS INTEGER) (or REAL, TEXT, BLOB, or an annotated type: CAST(? AS INTEGER AS Date))
