import CoddCore
import CoddSchema

/// The schema queries are analyzed against: the migrations' tables, typed through the
/// codec registry (the `CoddSchema` model, applied in file order), with what that model
/// leaves out and a query needs: unique keys (for cardinality), hidden columns (`rowid`,
/// FTS5's `rank`), views, and each table's Swift row type.
public struct SchemaCatalog: Sendable {
    public private(set) var tables: [CatalogTable] = []
    private var positions: [String: Int] = [:]
    /// Views, in creation order, still to be typed by analyzing their SELECT.
    package private(set) var views: [ViewDefinition] = []

    /// A `CREATE VIEW` of the migrations.
    package struct ViewDefinition: Sendable {
        package var name: String
        package var columnNames: [String]?
        /// The statement, stripped of annotations, and where the SELECT starts in it.
        package var sql: String
        package var selectOffset: Int
        package var location: SQLSourceLocation
    }

    /// The catalogue `migrations` build, in order. `rowTypes` maps a table to the app's
    /// own type for its rows (`"user": "AppUser"`); other tables get a generated struct
    /// named after them (`todo` → `Todo`).
    public init(migrations: [AnnotatedSQL], types: TypeCatalog, rowTypes: [String: String] = [:]) {
        let schema = SQLSchema(applying: migrations)
        var scan = MigrationScan()
        for migration in migrations {
            for statement in migration.statements {
                scan.apply(statement)
            }
        }
        for table in schema.tables {
            var catalogTable = Self.catalogTable(
                table, types: types, uniqueKeys: scan.uniqueKeys(of: table.name), rowTypes: rowTypes)
            for index in catalogTable.columns.indices {
                catalogTable.columns[index].collation = scan.collation(
                    of: catalogTable.columns[index].name, in: table.name)
            }
            add(catalogTable)
        }
        views = scan.views
    }

    public func table(named name: String) -> CatalogTable? {
        positions[Self.folded(name)].map { tables[$0] }
    }

    /// Adds a table, or a view once analyzed; a later one of the same name replaces it.
    package mutating func add(_ table: CatalogTable) {
        if let index = positions[Self.folded(table.name)] {
            tables[index] = table
        } else {
            positions[Self.folded(table.name)] = tables.count
            tables.append(table)
        }
    }

    /// The key SQLite compares `name` by: CoddSchema's one ASCII folding.
    static func folded(_ name: String) -> String {
        SQLSchema.folded(name)
    }

    private static func catalogTable(
        _ table: SQLSchemaTable, types: TypeCatalog, uniqueKeys: [[String]], rowTypes: [String: String]
    ) -> CatalogTable {
        let kind: CatalogTable.Kind =
            switch table.kind {
            case .table: .table
            case .virtual(let module): module == "fts5" ? .fts5 : .virtual(module: module)
            }
        var columns: [CatalogColumn] = []
        for column in table.columns {
            // An FTS5 column that declares no storage class: an indexed one is text, what FTS5
            // searches (a value of another class that other software wrote is a typed error
            // on reading); an UNINDEXED one often holds an id, so it stays any class.
            let untyped =
                kind == .fts5 && !column.isUnindexed ? ValueType.string : affinityType(column.affinity)
            let type = column.codec.map(types.valueType(of:)) ?? untyped
            columns.append(
                CatalogColumn(
                    name: column.name, type: type, isNullable: column.isNullable, isPrimaryKey: column.isPrimaryKey))
        }
        var hidden: [CatalogColumn] = []
        let hasRowID = kind == .fts5 || (kind == .table && !table.isWithoutRowID)
        if hasRowID {
            for alias in ["rowid", "oid", "_rowid_"]
            where !columns.contains(where: { SQLSchema.sameName($0.name, alias) }) {
                hidden.append(CatalogColumn(name: alias, type: .int, isNullable: false, isHidden: true))
            }
        }
        if kind == .fts5 {
            hidden.append(CatalogColumn(name: "rank", type: .double, isNullable: true, isHidden: true))
            hidden.append(CatalogColumn(name: table.name, type: .string, isNullable: true, isHidden: true))
        }
        let mapped = rowTypes.first { SQLSchema.sameName($0.key, table.name) }?.value
        return CatalogTable(
            name: table.name, kind: kind, columns: columns, hiddenColumns: hidden, primaryKey: table.primaryKey,
            uniqueKeys: uniqueKeys, rowType: mapped ?? SwiftNaming.typeName(table.name), isMapped: mapped != nil,
            location: table.location
        )
    }

    /// A column whose declared type is not a storage class (`VARCHAR(20)`, `BOOLEAN`, none)
    /// reads as its affinity's type; NUMERIC and no affinity hold any class: `SQLAny`.
    static func affinityType(_ affinity: SQLColumnAffinity) -> ValueType {
        switch affinity {
        case .integer: .int
        case .text: .string
        case .real: .double
        case .blob, .any, .numeric: .any
        }
    }
}

/// What the schema model does not follow and the analyzer needs: unique keys (column and
/// table `UNIQUE` constraints, unique indexes that are not partial) and views, through
/// renames and drops, in migration order.
struct MigrationScan {
    /// Unique keys by folded table name: the index name (nil for a constraint) and columns.
    private var keys: [String: [(index: String?, columns: [String])]] = [:]
    /// Columns that declare a collation (`amount TEXT COLLATE codd_decimal`), by folded
    /// table and column name: a comparison of the column uses it without a COLLATE.
    private var collations: [String: [String: String]] = [:]
    private(set) var views: [SchemaCatalog.ViewDefinition] = []

    /// The collation `column` of `table` declares, if any.
    func collation(of column: String, in table: String) -> String? {
        collations[SchemaCatalog.folded(table)]?[SchemaCatalog.folded(column)]
    }

    /// The collation a column definition's tokens declare: `COLLATE name` outside
    /// parentheses.
    private func declaredCollation(_ tokens: StatementTokens, _ element: Range<Int>) -> String? {
        var depth = 0
        for position in element {
            if tokens.isPunctuation(position, "(") { depth += 1 }
            if tokens.isPunctuation(position, ")") { depth -= 1 }
            if depth == 0, tokens.isWord(position, "COLLATE"), let name = tokens.name(position + 1) { return name }
        }
        return nil
    }

    func uniqueKeys(of table: String) -> [[String]] {
        keys[SchemaCatalog.folded(table)]?.map(\.columns) ?? []
    }

    mutating func apply(_ statement: AnnotatedStatement) {
        guard let tokens = StatementTokens(statement.sql) else { return }
        var index = 0
        guard tokens.isWord(index, "CREATE") || tokens.isWord(index, "DROP") || tokens.isWord(index, "ALTER") else {
            return
        }
        if tokens.isWord(0, "ALTER") {
            applyAlter(tokens)
            return
        }
        let isCreate = tokens.isWord(0, "CREATE")
        index = 1
        if tokens.isWord(index, "TEMP") || tokens.isWord(index, "TEMPORARY") { index += 1 }
        let unique = tokens.isWord(index, "UNIQUE")
        if unique { index += 1 }
        if tokens.isWord(index, "TABLE") {
            index += 1
            if isCreate {
                createTable(tokens, from: index)
            } else {
                if tokens.isWord(index, "IF"), tokens.isWord(index + 1, "EXISTS") { index += 2 }
                if let (name, _) = tokens.qualifiedName(at: index) {
                    keys[SchemaCatalog.folded(name)] = nil
                    collations[SchemaCatalog.folded(name)] = nil
                    views.removeAll { SchemaCatalog.folded($0.name) == SchemaCatalog.folded(name) }
                }
            }
        } else if tokens.isWord(index, "INDEX") {
            index += 1
            if isCreate {
                if unique { createUniqueIndex(tokens, from: index) }
            } else {
                if tokens.isWord(index, "IF"), tokens.isWord(index + 1, "EXISTS") { index += 2 }
                if let (name, _) = tokens.qualifiedName(at: index) { dropIndex(name) }
            }
        } else if tokens.isWord(index, "VIEW") {
            index += 1
            let ifExists =
                tokens.isWord(index, "IF") && (tokens.isWord(index + 1, "EXISTS") || tokens.isWord(index + 2, "EXISTS"))
            if ifExists { index += isCreate ? 3 : 2 }
            guard let (name, after) = tokens.qualifiedName(at: index) else { return }
            let folded = SchemaCatalog.folded(name)
            if !isCreate {
                views.removeAll { SchemaCatalog.folded($0.name) == folded }
                return
            }
            if ifExists, views.contains(where: { SchemaCatalog.folded($0.name) == folded }) { return }
            var cursor = after
            var columnNames: [String]?
            if tokens.isPunctuation(cursor, "(") {
                let close = tokens.matchingParenthesis(cursor)
                columnNames = tokens.splitAtCommas(cursor + 1..<close).compactMap { tokens.name($0.lowerBound) }
                cursor = close + 1
            }
            guard tokens.isWord(cursor, "AS"), cursor + 1 < tokens.count else { return }
            views.append(
                SchemaCatalog.ViewDefinition(
                    name: name, columnNames: columnNames, sql: statement.sql,
                    selectOffset: tokens.tokens[cursor + 1].start,
                    location: statement.location
                ))
        }
    }

    private mutating func createTable(_ tokens: StatementTokens, from start: Int) {
        var index = start
        let ifNotExists =
            tokens.isWord(index, "IF") && tokens.isWord(index + 1, "NOT") && tokens.isWord(index + 2, "EXISTS")
        if ifNotExists { index += 3 }
        guard let (name, after) = tokens.qualifiedName(at: index), tokens.isPunctuation(after, "(") else { return }
        let folded = SchemaCatalog.folded(name)
        if ifNotExists, keys[folded] != nil { return }
        var found: [(index: String?, columns: [String])] = []
        var declared: [String: String] = [:]
        let close = tokens.matchingParenthesis(after)
        for element in tokens.splitAtCommas(after + 1..<close) {
            var cursor = element.lowerBound
            if tokens.isWord(cursor, "CONSTRAINT") { cursor += 2 }
            if tokens.isWord(cursor, "UNIQUE"), tokens.isPunctuation(cursor + 1, "(") {
                let end = tokens.matchingParenthesis(cursor + 1)
                let columns = indexedColumns(tokens, cursor + 2..<end)
                if let columns { found.append((nil, columns)) }
                continue
            }
            if ["PRIMARY", "CHECK", "FOREIGN", "CONSTRAINT"].contains(where: { tokens.isWord(element.lowerBound, $0) })
            {
                continue
            }
            guard let column = tokens.name(element.lowerBound) else { continue }
            declared[SchemaCatalog.folded(column)] = declaredCollation(tokens, element)
            var depth = 0
            for position in element {
                if tokens.isPunctuation(position, "(") { depth += 1 }
                if tokens.isPunctuation(position, ")") { depth -= 1 }
                if depth == 0, position > element.lowerBound, tokens.isWord(position, "UNIQUE") {
                    found.append((nil, [column]))
                    break
                }
            }
        }
        keys[folded] = found
        collations[folded] = declared
    }

    /// `CREATE UNIQUE INDEX [IF NOT EXISTS] name ON table (columns)`; an index on
    /// expressions or with a WHERE (partial) makes no key.
    private mutating func createUniqueIndex(_ tokens: StatementTokens, from start: Int) {
        var index = start
        if tokens.isWord(index, "IF"), tokens.isWord(index + 1, "NOT"), tokens.isWord(index + 2, "EXISTS") {
            index += 3
        }
        guard let (indexName, after) = tokens.qualifiedName(at: index), tokens.isWord(after, "ON"),
            let (table, open) = tokens.qualifiedName(at: after + 1), tokens.isPunctuation(open, "(")
        else { return }
        let close = tokens.matchingParenthesis(open)
        guard !tokens.isWord(close + 1, "WHERE"), let columns = indexedColumns(tokens, open + 1..<close) else { return }
        keys[SchemaCatalog.folded(table), default: []].append((indexName, columns))
    }

    /// Plain column names (`a`, `b COLLATE NOCASE DESC`), or nil when one is an expression.
    private func indexedColumns(_ tokens: StatementTokens, _ range: Range<Int>) -> [String]? {
        var columns: [String] = []
        for part in tokens.splitAtCommas(range) {
            guard let name = tokens.name(part.lowerBound), tokens.tokens[part.lowerBound].kind != .string else {
                return nil
            }
            var cursor = part.lowerBound + 1
            if tokens.isWord(cursor, "COLLATE") { cursor += 2 }
            if tokens.isWord(cursor, "ASC") || tokens.isWord(cursor, "DESC") { cursor += 1 }
            guard cursor == part.upperBound else { return nil }
            columns.append(name)
        }
        return columns.isEmpty ? nil : columns
    }

    private mutating func dropIndex(_ name: String) {
        for (table, list) in keys {
            keys[table] = list.filter { $0.index.map(SchemaCatalog.folded) != SchemaCatalog.folded(name) }
        }
    }

    private mutating func applyAlter(_ tokens: StatementTokens) {
        guard tokens.isWord(1, "TABLE"), let (table, after) = tokens.qualifiedName(at: 2) else { return }
        let folded = SchemaCatalog.folded(table)
        if tokens.isWord(after, "RENAME") {
            if tokens.isWord(after + 1, "TO"), let newName = tokens.name(after + 2) {
                keys[SchemaCatalog.folded(newName)] = keys[folded]
                keys[folded] = nil
                collations[SchemaCatalog.folded(newName)] = collations[folded]
                collations[folded] = nil
                return
            }
            var cursor = after + 1
            if tokens.isWord(cursor, "COLUMN") { cursor += 1 }
            guard let old = tokens.name(cursor), tokens.isWord(cursor + 1, "TO"), let new = tokens.name(cursor + 2)
            else { return }
            keys[folded] = keys[folded]?.map { key in
                (key.index, key.columns.map { SchemaCatalog.folded($0) == SchemaCatalog.folded(old) ? new : $0 })
            }
            if let collation = collations[folded]?.removeValue(forKey: SchemaCatalog.folded(old)) {
                collations[folded]?[SchemaCatalog.folded(new)] = collation
            }
        } else if tokens.isWord(after, "DROP") {
            var cursor = after + 1
            if tokens.isWord(cursor, "COLUMN") { cursor += 1 }
            guard let column = tokens.name(cursor) else { return }
            collations[folded]?[SchemaCatalog.folded(column)] = nil
            keys[folded] = keys[folded]?.filter {
                !$0.columns.contains { SchemaCatalog.folded($0) == SchemaCatalog.folded(column) }
            }
        } else if tokens.isWord(after, "ADD") {
            var cursor = after + 1
            if tokens.isWord(cursor, "COLUMN") { cursor += 1 }
            guard let column = tokens.name(cursor) else { return }
            collations[folded, default: [:]][SchemaCatalog.folded(column)] = declaredCollation(
                tokens, cursor + 1..<tokens.count)
            if (cursor + 1..<tokens.count).contains(where: { tokens.isWord($0, "UNIQUE") }) {
                keys[folded, default: []].append((nil, [column]))
            }
        }
    }
}
