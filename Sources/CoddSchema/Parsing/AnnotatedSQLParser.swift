import CoddCore

/// Splits annotated SQL into statements, finds the annotations of the statements that
/// declare columns, resolves them, and records the byte ranges to strip.
struct AnnotatedSQLParser {
    let file: String
    let bytes: [UInt8]
    let registry: SQLCodecRegistry
    let lines: SQLLineIndex
    var tokens: [SQLToken] = []
    /// Byte ranges to remove, in order.
    var removals: [Range<Int>] = []
    /// The annotations of the statement being parsed.
    var annotations: [SQLColumnAnnotation] = []
    /// Byte ranges PostgreSQL's form replaces (a column's type and annotation by the
    /// PostgreSQL type, `AUTOINCREMENT` and SQLite's table options by nothing), in order.
    var postgreSQLEdits: [(range: Range<Int>, replacement: String)] = []
    /// Why the statement being parsed has no PostgreSQL form (an FTS5 table), if it has none.
    var notPortable: String?
    /// The table and column names the statement being parsed declares unquoted in camel
    /// case, which PostgreSQL folds to lower case.
    var foldedNames: [PostgreSQLFoldedName] = []

    init(source: String, file: String, registry: SQLCodecRegistry) {
        self.file = file
        self.bytes = Array(source.utf8)
        self.registry = registry
        self.lines = SQLLineIndex(file: file, bytes: bytes)
    }

    mutating func parse() throws(AnnotatedSQLError) -> (sql: String, statements: [AnnotatedStatement]) {
        do {
            tokens = try SQLLexer(bytes: bytes).tokenize()
        } catch {
            throw self.error(at: error.offset, reason: AnnotatedSQLError.Reason(error.reason))
        }
        var statements: [AnnotatedStatement] = []
        for range in try statementRanges() {
            annotations = []
            postgreSQLEdits = []
            notPortable = nil
            foldedNames = []
            let firstRemoval = removals.count
            let change = try parseStatement(range)
            let start = tokens[range.lowerBound].start
            let end = tokens[range.upperBound - 1].end
            let keyword = tokens[range.lowerBound].kind == .word ? text(tokens[range.lowerBound]).uppercased() : ""
            let postgreSQL: Result<String, AnnotatedSQLPortabilityError> =
                if let notPortable {
                    .failure(AnnotatedSQLPortabilityError(location: lines.location(of: start), reason: notPortable))
                } else {
                    .success(postgreSQLText(start..<end, removals: removals[firstRemoval...]))
                }
            statements.append(
                AnnotatedStatement(
                    sql: stripped(start..<end, removals: removals[firstRemoval...]),
                    location: lines.location(of: start), keyword: keyword, annotations: annotations, change: change,
                    postgreSQLForm: postgreSQL, foldedNames: foldedNames
                ))
        }
        return (stripped(0..<bytes.count, removals: removals[...]), statements)
    }

    /// `bytes[range]` without the removals that fall in it.
    private func stripped(_ range: Range<Int>, removals: ArraySlice<Range<Int>>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var position = range.lowerBound
        for removal in removals where removal.lowerBound >= range.lowerBound && removal.upperBound <= range.upperBound {
            result.append(contentsOf: bytes[position..<removal.lowerBound])
            position = removal.upperBound
        }
        result.append(contentsOf: bytes[position..<range.upperBound])
        return String(decoding: result, as: UTF8.self)
    }

    /// `bytes[range]` in PostgreSQL's form: the edits applied, and the removals that no
    /// edit covers (a column's annotation is inside its type's edit).
    private func postgreSQLText(_ range: Range<Int>, removals: ArraySlice<Range<Int>>) -> String {
        var changes = postgreSQLEdits.filter { range.contains($0.range.lowerBound) }
        for removal in removals
        where removal.lowerBound >= range.lowerBound && removal.upperBound <= range.upperBound
            && !changes.contains(where: {
                $0.range.lowerBound <= removal.lowerBound && removal.upperBound <= $0.range.upperBound
            })
        {
            changes.append((removal, ""))
        }
        changes.sort { $0.range.lowerBound < $1.range.lowerBound }
        var result: [UInt8] = []
        result.reserveCapacity(range.count)
        var position = range.lowerBound
        for change in changes where change.range.lowerBound >= position {
            result.append(contentsOf: bytes[position..<change.range.lowerBound])
            result.append(contentsOf: change.replacement.utf8)
            position = change.range.upperBound
        }
        result.append(contentsOf: bytes[position..<range.upperBound])
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: Statements

    /// The token ranges of the statements, without their `;`. A trigger's body
    /// (`BEGIN … END`) holds semicolons that do not end it.
    private func statementRanges() throws(AnnotatedSQLError) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < tokens.count {
            if isPunctuation(tokens[index], ";") {
                if index > start { ranges.append(start..<index) }
                index += 1
                start = index
                continue
            }
            if index == start, isTrigger(at: index) {
                index = try endOfTriggerBody(from: index)
                continue
            }
            index += 1
        }
        if start < tokens.count { ranges.append(start..<tokens.count) }
        for range in ranges {
            var depth = 0
            for index in range {
                if isPunctuation(tokens[index], "(") { depth += 1 }
                if isPunctuation(tokens[index], ")") {
                    depth -= 1
                    if depth < 0 { throw error(at: tokens[index].start, reason: .unbalancedParentheses) }
                }
            }
            if depth != 0 { throw error(at: tokens[range.lowerBound].start, reason: .unbalancedParentheses) }
        }
        return ranges
    }

    /// `CREATE [TEMP | TEMPORARY] TRIGGER`.
    private func isTrigger(at index: Int) -> Bool {
        guard isWord(at: index, "CREATE") else { return false }
        let next = isWord(at: index + 1, "TEMP") || isWord(at: index + 1, "TEMPORARY") ? index + 2 : index + 1
        return isWord(at: next, "TRIGGER")
    }

    /// The index after the `END` that closes the trigger body starting after `start`.
    private func endOfTriggerBody(from start: Int) throws(AnnotatedSQLError) -> Int {
        var index = start
        while index < tokens.count, !isWord(at: index, "BEGIN") {
            if isPunctuation(tokens[index], ";") { return index }
            index += 1
        }
        var caseDepth = 0
        index += 1
        while index < tokens.count {
            if isWord(at: index, "CASE") {
                caseDepth += 1
            } else if isWord(at: index, "END") {
                if caseDepth == 0 { return index + 1 }
                caseDepth -= 1
            }
            index += 1
        }
        throw error(at: tokens[start].start, reason: .unterminatedTrigger)
    }

    private mutating func parseStatement(_ range: Range<Int>) throws(AnnotatedSQLError) -> SQLSchemaChange? {
        var index = range.lowerBound
        let end = range.upperBound
        if isTrigger(at: index) {
            notPortable = "CREATE TRIGGER: a PostgreSQL trigger runs a function; SQLite's trigger body does not port"
        } else if isWord(at: index, "PRAGMA") {
            notPortable = "PRAGMA: PostgreSQL has no pragmas"
        }
        if isWord(at: index, "CREATE") {
            index += 1
            if isWord(at: index, "TEMP") || isWord(at: index, "TEMPORARY") { index += 1 }
            if isWord(at: index, "TABLE") {
                return try parseCreateTable(from: index + 1, end: end)
            }
            if isWord(at: index, "VIRTUAL"), isWord(at: index + 1, "TABLE") {
                return try parseCreateVirtualTable(from: index + 2, end: end)
            }
            if isWord(at: index, "VIEW") { noteViewNames(from: index + 1, end: end) }
            return nil
        }
        if isWord(at: index, "ALTER"), isWord(at: index + 1, "TABLE") {
            return try parseAlterTable(from: index + 2, end: end)
        }
        if isWord(at: index, "DROP"), isWord(at: index + 1, "TABLE") {
            index += 2
            if isWord(at: index, "IF"), isWord(at: index + 1, "EXISTS") { index += 2 }
            guard case let (name, _)? = qualifiedName(at: index, end: end) else { return nil }
            return .dropTable(name)
        }
        return nil
    }

    // MARK: CREATE TABLE

    private mutating func parseCreateTable(from start: Int, end: Int) throws(AnnotatedSQLError) -> SQLSchemaChange? {
        let ifNotExists = isIfNotExists(at: start)
        var index = ifNotExists ? start + 3 : start
        guard case let (name, afterName)? = qualifiedName(at: index, end: end) else { return nil }
        noteName(at: afterName - 1)
        let location = lines.location(of: tokens[start - 1].start)
        index = afterName
        guard index < end, isPunctuation(tokens[index], "(") else {
            // CREATE TABLE … AS SELECT: the columns come from the query.
            return .createTable(SQLSchemaTable(name: name, location: location), ifNotExists: ifNotExists)
        }
        let close = matchingParenthesis(of: index)
        var columns: [(column: SQLSchemaColumn, notNull: Bool)] = []
        var typeSpans: [Range<Int>?] = []
        var primaryKey: [String] = []
        for element in splitAtCommas(index + 1..<close) where !element.isEmpty {
            if isWord(at: element.lowerBound, "CONSTRAINT") || isWord(at: element.lowerBound, "PRIMARY")
                || isWord(at: element.lowerBound, "UNIQUE") || isWord(at: element.lowerBound, "CHECK")
                || isWord(at: element.lowerBound, "FOREIGN")
            {
                primaryKey += tablePrimaryKey(element)
                continue
            }
            let parsed = try parseColumnDefinition(element)
            if parsed.column.isPrimaryKey { primaryKey.append(parsed.column.name) }
            columns.append((parsed.column, parsed.notNull))
            typeSpans.append(parsed.typeSpan)
        }
        var isStrict = false
        var isWithoutRowID = false
        for option in close + 1..<end {
            if isWord(at: option, "STRICT") { isStrict = true }
            if isWord(at: option, "ROWID"), option > close + 1, isWord(at: option - 1, "WITHOUT") {
                isWithoutRowID = true
            }
        }
        // PostgreSQL has neither option (its tables are strict, and have no rowid).
        if close + 1 < end, isStrict || isWithoutRowID {
            postgreSQLEdits.append((tokens[close].end..<tokens[end - 1].end, ""))
        }
        var table = SQLSchemaTable(
            name: name, primaryKey: primaryKey, isStrict: isStrict, isWithoutRowID: isWithoutRowID, location: location
        )
        let rowidAlias = primaryKey.count == 1 && !isWithoutRowID ? primaryKey[0] : nil
        for (offset, (column, notNull)) in columns.enumerated() {
            var column = column
            let isKey = primaryKey.contains { SQLSchema.sameName($0, column.name) }
            column.isPrimaryKey = isKey
            let isRowid =
                rowidAlias.map { SQLSchema.sameName($0, column.name) } == true
                && column.declaredType.uppercased() == "INTEGER"
            // SQLite lets a rowid table's non-INTEGER primary key hold NULL (a legacy quirk):
            // only NOT NULL, the rowid alias and WITHOUT ROWID keys exclude it.
            column.isNullable = !(notNull || isRowid || (isKey && isWithoutRowID))
            if let span = typeSpans[offset] {
                postgreSQLEdits.append((span, PostgreSQLColumnType.name(of: column, isRowidAlias: isRowid)))
            }
            table.columns.append(column)
        }
        return .createTable(table, ifNotExists: ifNotExists)
    }

    /// The columns of a `[CONSTRAINT name] PRIMARY KEY (a, b)` table constraint.
    private func tablePrimaryKey(_ element: Range<Int>) -> [String] {
        var index = element.lowerBound
        if isWord(at: index, "CONSTRAINT") { index += 2 }
        guard isWord(at: index, "PRIMARY"), isWord(at: index + 1, "KEY"), index + 2 < element.upperBound,
            isPunctuation(tokens[index + 2], "(")
        else { return [] }
        let close = matchingParenthesis(of: index + 2)
        return splitAtCommas(index + 3..<close).compactMap { $0.isEmpty ? nil : identifier(tokens[$0.lowerBound]) }
    }

    /// `name [type] [AS Type [USING codec]] [constraints]`.
    private mutating func parseColumnDefinition(
        _ range: Range<Int>
    ) throws(AnnotatedSQLError) -> (column: SQLSchemaColumn, notNull: Bool, typeSpan: Range<Int>?) {
        let name = identifier(tokens[range.lowerBound])
        noteName(at: range.lowerBound)
        var index = range.lowerBound + 1
        let end = range.upperBound
        let typeStart = index
        while index < end, tokens[index].kind == .word, !isConstraintKeyword(tokens[index]) { index += 1 }
        if index > typeStart, index < end, isPunctuation(tokens[index], "(") {
            index = matchingParenthesis(of: index) + 1
        }
        let typeEnd = index
        let writtenType = typeEnd > typeStart ? text(from: tokens[typeStart].start, to: tokens[typeEnd - 1].end) : ""
        var annotation: SQLColumnAnnotation?
        var typeSpan = typeEnd > typeStart ? tokens[typeStart].start..<tokens[typeEnd - 1].end : nil
        if isAnnotation(at: index, end: end) {
            guard typeEnd > typeStart else { throw error(at: tokens[index].start, reason: .missingStorageClass) }
            let parsed = try parseAnnotation(as: index, end: end, typeStart: typeStart, typeEnd: typeEnd)
            annotation = parsed.annotation
            removals.append(tokens[typeEnd - 1].end..<tokens[parsed.next - 1].end)
            typeSpan = tokens[typeStart].start..<tokens[parsed.next - 1].end
            index = parsed.next
        }
        var notNull = false
        var isPrimaryKey = false
        var isGenerated = false
        var depth = 0
        while index < end {
            let token = tokens[index]
            if isPunctuation(token, "(") {
                depth += 1
            } else if isPunctuation(token, ")") {
                depth -= 1
            } else if depth == 0 {
                if isWord(at: index, "NOT"), isWord(at: index + 1, "NULL") { notNull = true }
                if isWord(at: index, "PRIMARY"), isWord(at: index + 1, "KEY") { isPrimaryKey = true }
                // PostgreSQL: the identity the column's type declares takes its place.
                if isWord(at: index, "AUTOINCREMENT") {
                    postgreSQLEdits.append((tokens[index - 1].end..<token.end, ""))
                }
                if isWord(at: index, "AS") {
                    guard index + 1 < end, isPunctuation(tokens[index + 1], "(") else {
                        throw error(
                            at: token.start,
                            annotation: text(from: token.start, to: tokens[min(index + 1, end - 1)].end),
                            reason: .misplacedAnnotation)
                    }
                    isGenerated = true
                }
            }
            index += 1
        }
        let column = SQLSchemaColumn(
            name: name, declaredType: writtenType, writtenType: writtenType, annotation: annotation,
            codec: annotation?.codec ?? defaultCodec(forType: writtenType),
            isNullable: !notNull, isPrimaryKey: isPrimaryKey, isGenerated: isGenerated
        )
        return (column, notNull, typeSpan)
    }

    /// `AS` followed by a name, not by `(` (a generated column).
    private func isAnnotation(at index: Int, end: Int) -> Bool {
        isWord(at: index, "AS") && !(index + 1 < end && isPunctuation(tokens[index + 1], "("))
    }

    /// Parses `AS Type [USING codec]` at `asIndex`, the storage class being the tokens
    /// `typeStart..<typeEnd`, and resolves it.
    private mutating func parseAnnotation(
        as asIndex: Int, end: Int, typeStart: Int, typeEnd: Int
    ) throws(AnnotatedSQLError) -> (annotation: SQLColumnAnnotation, next: Int) {
        let start = tokens[typeStart].start
        var index = asIndex + 1
        guard index < end, let first = annotationName(tokens[index]) else {
            throw error(
                at: start, annotation: text(from: start, to: tokens[min(index, end) - 1].end),
                reason: .incompleteAnnotation)
        }
        var typeName = first
        index += 1
        while index + 1 < end, isPunctuation(tokens[index], "."), let part = annotationName(tokens[index + 1]) {
            typeName += "." + part
            index += 2
        }
        var codecName: String?
        if isWord(at: index, "USING") {
            guard index + 1 < end, let name = annotationName(tokens[index + 1]) else {
                throw error(
                    at: start, annotation: text(from: start, to: tokens[index].end), reason: .incompleteAnnotation)
            }
            codecName = name
            index += 2
        }
        let written = text(from: start, to: tokens[index - 1].end)
        guard typeEnd == typeStart + 1, tokens[typeStart].kind == .word,
            let storage = SQLStorage(name: text(tokens[typeStart])), storage != .null
        else {
            throw error(
                at: start, annotation: written,
                reason: .notAStorageClass(text(from: start, to: tokens[typeEnd - 1].end)))
        }
        let codec: SQLCodec
        do {
            codec = try registry.codec(storage: storage, typeName: typeName, name: codecName)
        } catch let lookup as SQLCodecLookupError {
            throw error(at: start, annotation: written, reason: .unresolved(lookup))
        } catch {
            throw self.error(at: start, annotation: written, reason: .unresolved(.malformed(written)))
        }
        let annotation = SQLColumnAnnotation(
            storage: storage, typeName: typeName, codecName: codecName, codec: codec, text: written,
            location: lines.location(of: start)
        )
        annotations.append(annotation)
        return (annotation, index)
    }

    /// A type or codec name: a word or a quoted identifier (`"Todo.ID"`); `[UInt8]` keeps
    /// its brackets, the Swift spelling of an array.
    private func annotationName(_ token: SQLToken) -> String? {
        switch token.kind {
        case .word:
            return text(token)
        case .quotedIdentifier:
            let name = identifier(token)
            return bytes[token.start] == UInt8(ascii: "[") ? "[\(name)]" : name
        default:
            return nil
        }
    }

    /// The registry's built-in codec of a storage class written as the declared type.
    private func defaultCodec(forType type: String) -> SQLCodec? {
        guard let storage = SQLStorage(name: type), storage != .null else { return nil }
        let typeName =
            switch storage {
            case .integer: "Int"
            case .real: "Double"
            case .text: "String"
            default: "Data"
            }
        return try? registry.codec(storage: storage, typeName: typeName)
    }

    private func isConstraintKeyword(_ token: SQLToken) -> Bool {
        let word = text(token).uppercased()
        return [
            "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED",
            "AS",
        ]
        .contains(word)
    }

    // MARK: Virtual tables

    private mutating func parseCreateVirtualTable(from start: Int, end: Int) throws(AnnotatedSQLError)
        -> SQLSchemaChange?
    {
        let ifNotExists = isIfNotExists(at: start)
        var index = ifNotExists ? start + 3 : start
        guard case let (name, afterName)? = qualifiedName(at: index, end: end), isWord(at: afterName, "USING"),
            afterName + 1 < end
        else { return nil }
        let module = text(tokens[afterName + 1]).lowercased()
        notPortable = "CREATE VIRTUAL TABLE … USING \(module): PostgreSQL has no virtual tables"
        let location = lines.location(of: tokens[start - 2].start)
        var table = SQLSchemaTable(name: name, kind: .virtual(module: module), location: location)
        index = afterName + 2
        if module == "fts5", index < end, isPunctuation(tokens[index], "(") {
            let close = matchingParenthesis(of: index)
            for argument in splitAtCommas(index + 1..<close) where !argument.isEmpty {
                if let column = try parseFTS5Column(argument) { table.columns.append(column) }
            }
        }
        return .createTable(table, ifNotExists: ifNotExists)
    }

    /// An FTS5 argument: an option (`tokenize = 'trigram'`, left as written) or a column
    /// `name`, then in any order and each at most once `UNINDEXED`, a storage class (with
    /// its annotation: `STORAGE AS Type [USING codec]`) and `NOT NULL`, of which only the
    /// name and `UNINDEXED` reach SQLite. Anything else is refused here (FTS5's only column
    /// option is `UNINDEXED`, which Codd takes unquoted): stripping a column that fits no
    /// grammar could not be done once and for all (the fuzzer found `title X TEXT INTEGER`
    /// losing one type per pass).
    private mutating func parseFTS5Column(_ range: Range<Int>) throws(AnnotatedSQLError) -> SQLSchemaColumn? {
        var depth = 0
        for index in range {
            if isPunctuation(tokens[index], "(") { depth += 1 }
            if isPunctuation(tokens[index], ")") { depth -= 1 }
            if depth == 0, isPunctuation(tokens[index], "=") { return nil }
        }
        let name = identifier(tokens[range.lowerBound])
        var index = range.lowerBound + 1
        var writtenType = ""
        var annotation: SQLColumnAnnotation?
        var notNull = false
        var unindexed = false
        var removed: [Range<Int>] = []
        while index < range.upperBound {
            let token = tokens[index]
            let previousEnd = tokens[index - 1].end
            if writtenType.isEmpty, token.kind == .word,
                let storage = SQLStorage(name: text(token)), storage != .null
            {
                writtenType = text(token)
                if isAnnotation(at: index + 1, end: range.upperBound) {
                    let parsed = try parseAnnotation(
                        as: index + 1, end: range.upperBound, typeStart: index, typeEnd: index + 1)
                    annotation = parsed.annotation
                    removed.append(previousEnd..<tokens[parsed.next - 1].end)
                    index = parsed.next
                } else {
                    removed.append(previousEnd..<token.end)
                    index += 1
                }
                continue
            }
            if isAnnotation(at: index, end: range.upperBound) {
                throw error(
                    at: token.start, annotation: text(from: token.start, to: tokens[range.upperBound - 1].end),
                    reason: .missingStorageClass)
            }
            if !notNull, isWord(at: index, "NOT"), index + 1 < range.upperBound, isWord(at: index + 1, "NULL") {
                notNull = true
                removed.append(previousEnd..<tokens[index + 1].end)
                index += 2
                continue
            }
            if !unindexed, isWord(at: index, "UNINDEXED") {
                unindexed = true
                index += 1
                continue
            }
            throw error(at: token.start, annotation: nil, reason: .malformedFTS5Column(text(token)))
        }
        removals.append(contentsOf: removed)
        var column = SQLSchemaColumn(
            name: name, declaredType: "", writtenType: writtenType, annotation: annotation,
            codec: annotation?.codec ?? defaultCodec(forType: writtenType), isNullable: !notNull
        )
        column.isUnindexed = unindexed
        return column
    }

    // MARK: ALTER TABLE

    private mutating func parseAlterTable(from start: Int, end: Int) throws(AnnotatedSQLError) -> SQLSchemaChange? {
        guard case let (table, afterName)? = qualifiedName(at: start, end: end) else { return nil }
        var index = afterName
        if isWord(at: index, "ADD") {
            index += 1
            if isWord(at: index, "COLUMN") { index += 1 }
            guard index < end else { return nil }
            let (column, _, typeSpan) = try parseColumnDefinition(index..<end)
            if let typeSpan {
                postgreSQLEdits.append((typeSpan, PostgreSQLColumnType.name(of: column, isRowidAlias: false)))
            }
            return .addColumn(table: table, column)
        }
        if isWord(at: index, "RENAME") {
            index += 1
            if isWord(at: index, "TO"), index + 1 < end {
                noteName(at: index + 1)
                return .renameTable(table, to: identifier(tokens[index + 1]))
            }
            if isWord(at: index, "COLUMN") { index += 1 }
            guard index + 2 < end, isWord(at: index + 1, "TO") else { return nil }
            noteName(at: index + 2)
            return .renameColumn(table: table, identifier(tokens[index]), to: identifier(tokens[index + 2]))
        }
        if isWord(at: index, "DROP") {
            index += 1
            if isWord(at: index, "COLUMN") { index += 1 }
            guard index < end else { return nil }
            return .dropColumn(table: table, identifier(tokens[index]))
        }
        return nil
    }

    // MARK: Names PostgreSQL folds

    /// Notes the name a statement declares at `index` (a new table, column or view, a
    /// rename's target) when it is a bare word that PostgreSQL's folding would make miss
    /// its Swift spelling (``PostgreSQLFoldedName/missesSwiftName(_:)``: `createdAt`, not
    /// `Notes`). A name the statement only refers to (`DROP TABLE`, `REFERENCES`, an
    /// index's columns) is not noted: it names what a declaration made, folded already
    /// when that was unquoted, and a wrong one fails on the server anyway.
    private mutating func noteName(at index: Int) {
        guard index < tokens.count, tokens[index].kind == .word else { return }
        let token = tokens[index]
        let name = text(token)
        guard PostgreSQLFoldedName.missesSwiftName(name) else { return }
        foldedNames.append(PostgreSQLFoldedName(name: name, location: lines.location(of: token.start)))
    }

    /// `[IF NOT EXISTS] name [(columns)] AS …`: the view's name and the column names it
    /// declares, which a `@Table` type reads it by.
    private mutating func noteViewNames(from start: Int, end: Int) {
        let index = isIfNotExists(at: start) ? start + 3 : start
        guard case let (_, afterName)? = qualifiedName(at: index, end: end) else { return }
        noteName(at: afterName - 1)
        guard afterName < end, isPunctuation(tokens[afterName], "(") else { return }
        for element in splitAtCommas(afterName + 1..<matchingParenthesis(of: afterName)) where !element.isEmpty {
            noteName(at: element.lowerBound)
        }
    }

    // MARK: Tokens

    /// `IF NOT EXISTS`.
    private func isIfNotExists(at index: Int) -> Bool {
        isWord(at: index, "IF") && isWord(at: index + 1, "NOT") && isWord(at: index + 2, "EXISTS")
    }

    /// `name` or `schema.name`: the name, and the index after it.
    private func qualifiedName(at index: Int, end: Int) -> (String, Int)? {
        guard index < end, isName(tokens[index]) else { return nil }
        if index + 2 < end, isPunctuation(tokens[index + 1], "."), isName(tokens[index + 2]) {
            return (identifier(tokens[index + 2]), index + 3)
        }
        return (identifier(tokens[index]), index + 1)
    }

    private func isName(_ token: SQLToken) -> Bool {
        token.kind == .word || token.kind == .quotedIdentifier || token.kind == .string
    }

    /// The index of the `)` closing the `(` at `open` (statements are balanced).
    private func matchingParenthesis(of open: Int) -> Int {
        tokens.closingParenthesis(of: open, in: bytes) ?? tokens.count - 1
    }

    /// The comma-separated parts of `range` at its outer level.
    private func splitAtCommas(_ range: Range<Int>) -> [Range<Int>] {
        tokens.splitAtCommas(range, in: bytes)
    }

    private func isWord(at index: Int, _ keyword: StaticString) -> Bool {
        guard index < tokens.count, tokens[index].kind == .word else { return false }
        let token = tokens[index]
        guard token.end - token.start == keyword.utf8CodeUnitCount else { return false }
        let pointer = keyword.utf8Start
        for offset in 0..<keyword.utf8CodeUnitCount {
            let byte = bytes[token.start + offset]
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            let expected = pointer[offset]
            let loweredExpected =
                expected >= UInt8(ascii: "A") && expected <= UInt8(ascii: "Z") ? expected | 0x20 : expected
            if lowered != loweredExpected { return false }
        }
        return true
    }

    private func isPunctuation(_ token: SQLToken, _ character: Unicode.Scalar) -> Bool {
        token.isPunctuation(character, in: bytes)
    }

    private func text(_ token: SQLToken) -> String {
        token.text(in: bytes)
    }

    private func text(from start: Int, to end: Int) -> String {
        String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
    }

    /// A name without its quotes: `"a""b"` is `a"b`, `[x]` is `x`.
    private func identifier(_ token: SQLToken) -> String {
        token.dequoted(in: bytes)
    }

    private func error(at offset: Int, annotation: String? = nil, reason: AnnotatedSQLError.Reason) -> AnnotatedSQLError
    {
        let location = lines.location(of: offset)
        return AnnotatedSQLError(
            file: file, line: location.line, column: location.column, annotation: annotation, reason: reason)
    }
}
