import Codd
import CustomDump
import Testing

/// In `database`, `query`'s rows equal `sql`'s, fetched by hand as the same types: SQLite
/// running the SQL written by hand is the oracle of the DSL's rendering.
func expectSameAsSQLite<S: SQLSelectStatement>(
    in database: Database, _ query: S, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let viaDSL = try database.read { db in try query.fetchAll(db) }
    let viaSQL = try database.read { db in try db.fetchAll(S.Row.self, SQLFragment(sql: sql)) }.map(\.fetched)
    #expect(!viaDSL.isEmpty, sourceLocation: sourceLocation)
    #expect(String(customDumping: viaDSL) == String(customDumping: viaSQL), sourceLocation: sourceLocation)
}
