import Codd
import Foundation
import CoddSchema

extension DatabaseReader {
    /// Checks `@Table` types against the live schema (`PRAGMA table_xinfo`): every table and
    /// column exists, each column's declared type keeps the storage class of the property's
    /// representation, and a column that admits NULL has an optional property. With
    /// `schema` (a migrator's), an annotated column's codec must also be the property's
    /// representation (`INTEGER AS Date USING unixTimeMilliseconds` is not
    /// `Date.UnixTimeRepresentation`), and FTS5 columns are as nullable as declared. A
    /// virtual table's type (an `FTS5` one) has the live table's arguments compared with its
    /// own: the tokenizer, `UNINDEXED` columns, prefix indexes and the other options.
    ///
    /// ```swift
    /// try database.validate(Reminder.self, RemindersList.self)   // a Database or a DatabasePool
    /// ```
    ///
    /// - Throws: ``SchemaValidationError`` listing every problem.
    public func validate(_ tables: any Table.Type..., schema: SQLSchema? = nil) throws {
        try validate(tables, schema: schema)
    }

    /// Checks `@Table` types against the live schema; see `validate(_:schema:)` with a variadic list.
    public func validate(_ tables: [any Table.Type], schema: SQLSchema? = nil) throws {
        let problems = try read { db in
            try tables.flatMap { try SchemaValidator.problems(of: $0, schema: schema, db) }
        }
        if !problems.isEmpty {
            throw SchemaValidationError(problems: problems)
        }
    }
}

package enum SchemaValidator {
    /// The names SQLite gives a table's rowid, where no column takes them.
    static let rowidNames: Set<String> = ["rowid", "oid", "_rowid_"]

    static func problems<T: Table>(of table: T.Type, schema: SQLSchema?, _ db: Connection) throws
        -> [SchemaValidationError.Problem]
    {
        let name = T.tableName
        let modelTable = schema?.table(named: name)
        guard
            case let (type, withoutRowID)? = try db.fetchOne(
                (String, Int).self,
                #"SELECT "type", "wr" FROM pragma_table_list WHERE "schema" = 'main' AND "name" = ? COLLATE NOCASE"#,
                name
            )
        else {
            return [.init(kind: .missingTable, table: name, column: nil, expected: "a table", found: "none")]
        }
        let live = try db.fetchAll(
            (String, String, Int, Int).self, #"SELECT "name", "type", "notnull", "pk" FROM pragma_table_xinfo(?)"#, name
        )
        let keyCount = live.filter { $0.3 > 0 }.count
        // A virtual table's type (an `FTS5` one): its live definition, and where its values
        // come from.
        let virtual = type == "virtual" ? table as? any VirtualTable.Type : nil
        let definition =
            virtual == nil
            ? nil
            : try db.fetchOne(
                String.self, #"SELECT "sql" FROM sqlite_schema WHERE "type" = 'table' AND "name" = ? COLLATE NOCASE"#,
                name) ?? ""
        let values = definition.flatMap { virtual?.virtualTableColumnValues(fromLiveDefinition: $0) }
        let columns = TableReflection.columns(of: table)
        var problems = uncheckedColumns(of: table, columns)
        for column in columns {
            guard let found = live.first(where: { SQLSchema.sameName($0.0, column.name) }) else {
                if withoutRowID == 0, Self.rowidNames.contains(column.name.lowercased()) {
                    // The table's rowid (an FTS5 table's too): no column lists it, and it
                    // is an INTEGER that is never NULL.
                    if column.representation.storage != .integer {
                        problems.append(
                            .init(
                                kind: .storage, table: name, column: column.name,
                                expected:
                                    "a column storing \(column.representation.storage) (\(SQLTypeName.of(column.representation)))",
                                found: "the rowid, an INTEGER"
                            ))
                    }
                    continue
                }
                problems.append(
                    .init(kind: .missingColumn, table: name, column: column.name, expected: "a column", found: "none"))
                continue
            }
            let (_, declaredType, notNull, pk) = found
            let storage = column.representation.storage
            let representation = SQLTypeName.of(column.representation)
            let storageAgrees = SQLColumnAffinity.declaredType(
                declaredType, holds: storage, textReadsAsNumber: Self.textMayReadAsNumber(column.representation))
            if !storageAgrees {
                problems.append(
                    .init(
                        kind: .storage, table: name, column: column.name,
                        expected: "a column storing \(storage) (\(representation))",
                        found: declaredType.isEmpty ? "no declared type" : "\(declaredType)"
                    ))
            }
            let modelColumn = modelTable?.column(named: column.name)
            let isRowidAlias = pk > 0 && keyCount == 1 && declaredType.uppercased() == "INTEGER" && withoutRowID == 0
            var isNullable = notNull == 0 && !isRowidAlias && !(pk > 0 && withoutRowID == 1)
            if type == "virtual" {
                isNullable = try Self.virtualColumnIsNullable(
                    column.name, values: values, model: modelColumn, declared: column.isOptional, db)
            }
            if isNullable && !column.isOptional {
                problems.append(
                    .init(
                        kind: .nullability, table: name, column: column.name,
                        expected: "NOT NULL (\(column.property) is not optional)", found: "a nullable column"
                    ))
            }
            if storageAgrees, let annotation = modelColumn?.annotation,
                ObjectIdentifier(annotation.codec.representation) != ObjectIdentifier(column.representation),
                !Self.isJSONDocument(column.representation, in: annotation.codec)
            {
                problems.append(
                    .init(
                        kind: .codec, table: name, column: column.name,
                        expected: representation,
                        found: "\(annotation.codec) (\(SQLTypeName.of(annotation.codec.representation)))"
                    ))
            }
        }
        if let virtual, let definition {
            for difference in virtual.virtualTableDifferences(fromLiveDefinition: definition) {
                problems.append(
                    .init(
                        kind: .virtualTableArgument, table: name, column: difference.argument,
                        expected: difference.expected, found: difference.found))
            }
        }
        return problems
    }

    /// The columns `table` names (`TableColumns.columnNames`) that `columns` (its
    /// `columnsByProperty`) does not list: they would pass unchecked.
    package static func uncheckedColumns<T: Table>(of table: T.Type, _ columns: [ReflectedColumn])
        -> [SchemaValidationError.Problem]
    {
        T.TableColumns.columnNames.filter { unlisted in
            !columns.contains { SQLSchema.sameName($0.name, unlisted) }
        }.map { unlisted in
            .init(
                kind: .uncheckedColumn, table: T.tableName, column: unlisted,
                expected: "a column listed in \(T.self).TableColumns.columnsByProperty",
                found: "none (a computed property of a hand-written TableColumns is not reflected)")
        }
    }

    /// Whether the text `representation` stores may look like a number, which a NUMERIC
    /// column (`DATETIME`) would store as one: any but the text of Codd's own date and UUID
    /// representations, which holds dashes (a date representation of your own may write
    /// `20240102`).
    static func textMayReadAsNumber(_ representation: any SQLCustomType.Type) -> Bool {
        let dashed: [any SQLCustomType.Type] = [
            Date.self, Date.ISO8601Representation.self, UUID.self, UUID.UppercaseTextRepresentation.self,
        ]
        return !dashed.contains { ObjectIdentifier($0) == ObjectIdentifier(representation) }
    }

    /// Whether a `TEXT AS JSON` column (``SQLJSONDocumentText``) holds `representation`: any
    /// JSON document representation stored as TEXT, optional or not.
    static func isJSONDocument(_ representation: any SQLCustomType.Type, in codec: SQLCodec) -> Bool {
        guard ObjectIdentifier(codec.representation) == ObjectIdentifier(SQLJSONDocumentText.self),
            representation.storage == .text,
            let native = representation as? any SQLNativelyTyped.Type
        else { return false }
        return native.nativeKind == .json
    }

    /// Whether a virtual table's column can read NULL (it declares no `NOT NULL`): never
    /// stored, always; otherwise as the migrator's model declares it (`title TEXT NOT NULL`),
    /// or as the content table's column does, or as the Swift type does for a table that
    /// keeps what is written to it. Without a type that says (a plain `@Table`), it can.
    static func virtualColumnIsNullable(
        _ name: String, values: VirtualTableColumnValues?, model: SQLSchemaColumn?, declared: Bool, _ db: Connection
    ) throws -> Bool {
        if values == .notStored { return true }
        if let model { return model.isNullable }
        switch values {
        case .contentTable(let content):
            guard
                let (notNull, pk, type) = try db.fetchOne(
                    (Int, Int, String).self,
                    #"SELECT "notnull", "pk", "type" FROM pragma_table_xinfo(?) WHERE "name" = ? COLLATE NOCASE"#,
                    content, name)
            else { return true }
            return notNull == 0 && !(pk > 0 && type.uppercased() == "INTEGER")
        case .asWritten:
            return declared
        case .notStored, nil:
            return true
        }
    }
}
