#if PostgreSQL
import Codd
import CoddMigrations
import CoddPostgres
import CoddSchema

extension PGDatabase {
    /// Checks `@Table` types against the live PostgreSQL schema (`information_schema` of the
    /// connection's `current_schema()`), as `validate(_:schema:)` does on SQLite:
    /// - every table and column exists under the name `@Table` quotes, exactly (a name
    ///   PostgreSQL folded, `createdat` for an unquoted `createdAt`, is named as such);
    /// - each column has the type Codd reads the property's representation from: `uuid`,
    ///   `timestamptz`, `jsonb`, `boolean` or `numeric` for a natively typed
    ///   codec, else `bigint`, `integer` or `smallint` for INTEGER, `double precision` or
    ///   `real` for REAL, `text`, `varchar` or `char` for TEXT, `bytea` for BLOB;
    /// - a column that admits NULL has an optional property.
    ///
    /// ```swift
    /// try await database.validate(Reminder.self, RemindersList.self)
    /// ```
    ///
    /// - Throws: `SchemaValidationError` listing every problem.
    public func validate(_ tables: any Table.Type...) async throws {
        try await validate(tables)
    }

    /// Checks `@Table` types against the live PostgreSQL schema; see `validate(_:)` with a
    /// variadic list.
    public func validate(_ tables: [any Table.Type]) async throws {
        let problems = try await read { db in
            var problems: [SchemaValidationError.Problem] = []
            for table in tables {
                problems += try await PostgreSQLSchemaValidator.problems(of: table, db)
            }
            return problems
        }
        if !problems.isEmpty {
            throw SchemaValidationError(problems: problems)
        }
    }
}

extension Migrator {
    /// Applies the migrations `database` has not applied yet (``migrate(_:)``), then checks
    /// `tables` against the migrated schema (`PGDatabase.validate(_:)`).
    ///
    /// ```swift
    /// try await migrator.migrate(database, validating: [Reminder.self, RemindersList.self])
    /// ```
    @discardableResult
    public func migrate(_ database: PGDatabase, validating tables: [any Table.Type]) async throws -> [String] {
        let applied = try await migrate(database)
        try await database.validate(tables)
        return applied
    }
}

/// What `PGDatabase.validate(_:)` compares: the live columns against the Swift types.
enum PostgreSQLSchemaValidator {
    static func problems<T: Table>(of table: T.Type, _ db: PGConnection) async throws
        -> [SchemaValidationError.Problem]
    {
        let name = T.tableName
        let live = try await db.fetchAll(
            (String, String, String).self,
            """
            SELECT column_name::text, udt_name::text, is_nullable::text FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position
            """,
            name)
        guard !live.isEmpty else {
            let folded = try await db.fetchOne(
                String.self,
                """
                SELECT table_name::text FROM information_schema.tables
                WHERE table_schema = current_schema() AND lower(table_name) = lower($1)
                """,
                name)
            return [
                .init(
                    kind: .missingTable, table: name, column: nil, expected: "a table",
                    found: folded.map(Self.foldedName) ?? "none")
            ]
        }
        let columns = TableReflection.columns(of: table)
        var problems = SchemaValidator.uncheckedColumns(of: table, columns)
        for column in columns {
            guard let (_, type, nullable) = live.first(where: { $0.0 == column.name }) else {
                let folded = live.first { $0.0.lowercased() == column.name.lowercased() }?.0
                problems.append(
                    .init(
                        kind: .missingColumn, table: name, column: column.name, expected: "a column",
                        found: folded.map(Self.foldedName) ?? "none"))
                continue
            }
            let expected = Self.types(of: column.representation)
            if !expected.names.contains(type) {
                problems.append(
                    .init(
                        kind: .storage, table: name, column: column.name,
                        expected: "a column of type \(expected.shown) (\(SQLTypeName.of(column.representation)))",
                        found: type))
            }
            if nullable == "YES" && !column.isOptional {
                problems.append(
                    .init(
                        kind: .nullability, table: name, column: column.name,
                        expected: "NOT NULL (\(column.property) is not optional)", found: "a nullable column"))
            }
        }
        return problems
    }

    /// `"createdat" (PostgreSQL folded an unquoted name to lower case: quote it where it is declared)`.
    static func foldedName(_ name: String) -> String {
        "\"\(name)\" (PostgreSQL folds an unquoted name to lower case: quote it where it is declared)"
    }

    /// The PostgreSQL types (`udt_name`) a representation reads from, and how the message
    /// names them.
    static func types(of representation: any SQLCustomType.Type) -> (names: Set<String>, shown: String) {
        if let native = representation as? any SQLNativelyTyped.Type {
            switch native.nativeKind {
            case .uuid: return (["uuid"], "uuid")
            // Not `timestamp`: PostgreSQL converts the `timestamptz` Codd binds to it in the
            // session's time zone, and Codd reads it back as UTC.
            case .timestamp: return (["timestamptz"], "timestamptz")
            case .json: return (["jsonb"], "jsonb")
            case .boolean: return (["bool"], "boolean")
            case .numeric: return (["numeric"], "numeric")
            }
        }
        switch representation.storage {
        case .integer: return (["int8", "int4", "int2"], "bigint, integer or smallint")
        case .real: return (["float8", "float4"], "double precision or real")
        case .text: return (["text", "varchar", "bpchar"], "text, varchar or char")
        case .blob: return (["bytea"], "bytea")
        case .null: return ([], "a storage class")
        }
    }
}
#endif
