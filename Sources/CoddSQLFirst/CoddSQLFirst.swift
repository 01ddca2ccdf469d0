// What code generated from SQL (docs/SQLFirst.md) imports: Codd, the migrator and the
// schema model, and the few helpers below that generated code calls.
@_exported import Codd
@_exported import CoddMigrations
@_exported import CoddSchema
