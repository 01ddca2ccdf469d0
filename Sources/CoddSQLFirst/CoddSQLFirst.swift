// What code generated from SQL (docs/SQLFirst.md) imports: Codd, the migrator and the
// schema model, FTS5's search patterns (what a MATCH parameter takes), and the few helpers
// below that generated code calls.
@_exported import Codd
@_exported import CoddFTS5
@_exported import CoddMigrations
@_exported import CoddSchema
