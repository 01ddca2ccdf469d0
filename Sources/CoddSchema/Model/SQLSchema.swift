import CoddCore

/// The schema annotated SQL builds: its tables and their typed columns, in creation order.
/// The validator checks `@Table` types against it; a code generator reads it.
///
/// ```swift
/// var schema = SQLSchema()
/// try schema.apply(AnnotatedSQL("CREATE TABLE todo (id TEXT AS UUID PRIMARY KEY NOT NULL)", registry: .standard))
/// schema.table(named: "todo")?.column(named: "id")?.swiftTypeName  // "UUID"
/// ```
///
/// Applying SQL follows `CREATE TABLE`, `CREATE VIRTUAL TABLE`, `ALTER TABLE` (`ADD`,
/// `RENAME`, `DROP COLUMN`) and `DROP TABLE`; other statements leave it as it is.
public struct SQLSchema: Sendable, CustomStringConvertible {
    /// The tables, in creation order.
    public private(set) var tables: [SQLSchemaTable] = []
    /// Each table's index in `tables`, by folded name: a schema of thousands of tables
    /// is built in linear time.
    private var positions: [String: Int] = [:]

    public init() {}

    /// The schema `migrations` build, applied in order.
    public init(applying migrations: [AnnotatedSQL]) {
        for migration in migrations {
            apply(migration)
        }
    }

    /// The table named `name` (ASCII case-insensitively, as SQLite compares names).
    public func table(named name: String) -> SQLSchemaTable? {
        index(of: name).map { tables[$0] }
    }

    /// Applies the schema changes of `sql`'s statements.
    public mutating func apply(_ sql: AnnotatedSQL) {
        for statement in sql.statements {
            apply(statement.change)
        }
    }

    mutating func apply(_ change: SQLSchemaChange?) {
        guard let change else { return }
        switch change {
        case .createTable(let table, let ifNotExists):
            if let index = index(of: table.name) {
                if !ifNotExists { tables[index] = table }
            } else {
                positions[Self.folded(table.name)] = tables.count
                tables.append(table)
            }
        case .dropTable(let name):
            if let index = index(of: name) {
                tables.remove(at: index)
                reindex()
            }
        case .renameTable(let name, let newName):
            if let index = index(of: name) {
                tables[index].name = newName
                reindex()
            }
        case .addColumn(let table, let column):
            if let index = index(of: table) { tables[index].columns.append(column) }
        case .renameColumn(let table, let name, let newName):
            if let index = index(of: table),
                let column = tables[index].columns.firstIndex(where: { Self.sameName($0.name, name) })
            {
                tables[index].columns[column].name = newName
                tables[index].primaryKey = tables[index].primaryKey.map { Self.sameName($0, name) ? newName : $0 }
            }
        case .dropColumn(let table, let name):
            if let index = index(of: table) {
                tables[index].columns.removeAll { Self.sameName($0.name, name) }
            }
        }
    }

    private mutating func reindex() {
        positions = [:]
        for (index, table) in tables.enumerated() where positions[Self.folded(table.name)] == nil {
            positions[Self.folded(table.name)] = index
        }
    }

    private func index(of name: String) -> Int? {
        positions[Self.folded(name)]
    }

    /// `name` with its ASCII letters in lower case: how SQLite compares names, and how
    /// PostgreSQL folds an unquoted one in UTF-8.
    package static func folded(_ name: String) -> String {
        String(decoding: name.utf8.map(lowered), as: UTF8.self)
    }

    /// SQLite compares identifiers case-insensitively for ASCII letters only.
    package static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { lowered($0) == lowered($1) }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    public var description: String {
        tables.map(\.description).joined(separator: "\n")
    }
}

/// What a statement changes in the schema model.
package enum SQLSchemaChange: Sendable {
    case createTable(SQLSchemaTable, ifNotExists: Bool)
    case dropTable(String)
    case renameTable(String, to: String)
    case addColumn(table: String, SQLSchemaColumn)
    case renameColumn(table: String, String, to: String)
    case dropColumn(table: String, String)
}
