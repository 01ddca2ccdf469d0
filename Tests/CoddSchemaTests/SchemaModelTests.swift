import Codd
import CoddMigrations
import Testing

/// The schema model follows a history of migrations: renames, drops, added columns, and
/// `IF NOT EXISTS` over an existing table.
@Suite struct SchemaModelTests {
    @Test func followsAlterAndDrop() throws {
        let migrations = try [
            "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL, due TEXT AS Date); CREATE TABLE old (x);",
            "ALTER TABLE todo RENAME COLUMN due TO dueAt; ALTER TABLE main.todo ADD uuid BLOB AS UUID NOT NULL DEFAULT x'00';",
            "ALTER TABLE todo RENAME TO todos; ALTER TABLE todos DROP COLUMN name; DROP TABLE IF EXISTS old;",
            "CREATE TABLE IF NOT EXISTS TODOS (other TEXT); CREATE TEMP TABLE scratch (y TEXT AS UUID);",
        ].enumerated().map { try AnnotatedSQL($0.element, file: "\($0.offset + 1).sql", registry: .standard) }
        let schema = SQLSchema(applying: migrations)
        #expect(
            schema.description == """
                todos(id INTEGER NOT NULL PRIMARY KEY, dueAt TEXT AS Date, uuid BLOB AS UUID NOT NULL)
                scratch(y TEXT AS UUID)
                """)
        #expect(schema.table(named: "todos")?.column(named: "DUEAT")?.annotation?.location.description == "1.sql:1:68")
        #expect(schema.table(named: "todo") == nil)
        #expect(schema.table(named: "old") == nil)
    }
}
