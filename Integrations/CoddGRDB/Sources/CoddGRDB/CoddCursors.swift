@_spi(CoddBridge) import CoddSQLite
import CoddCore
import GRDB

/// A GRDB cursor whose rows Codd decodes: GRDB steps the statement (its observers and
/// errors see it), and each row decodes as `Row` straight from the `sqlite3_stmt` through
/// the Codd statement that borrows it, as Codd's own fetches do.
@usableFromInline
final class CoddRowCursor<Row: SQLRowDecodable>: DatabaseCursor {
    @usableFromInline typealias Element = Row
    @usableFromInline let _statement: GRDB.Statement
    @usableFromInline var _isDone = false
    @usableFromInline let reader: CoddSQLite.Statement

    @inlinable
    init(_ statement: GRDB.Statement, reader: CoddSQLite.Statement) {
        self._statement = statement
        self.reader = reader
    }

    @inlinable
    func _element(sqliteStatement: SQLiteStatement) throws -> Row {
        try reader.decodeRow(Row.self)
    }
}

/// A GRDB cursor that steps a statement to its end and decodes nothing: a write run by
/// GRDB's stepping, so that transaction observers see its changes.
@usableFromInline
final class CoddStepCursor: DatabaseCursor {
    @usableFromInline typealias Element = Void
    @usableFromInline let _statement: GRDB.Statement
    @usableFromInline var _isDone = false

    @usableFromInline
    init(_ statement: GRDB.Statement) {
        self._statement = statement
    }

    @inlinable
    func _element(sqliteStatement: SQLiteStatement) throws {}
}
