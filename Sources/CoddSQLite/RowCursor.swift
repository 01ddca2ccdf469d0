import CoddCore

/// What a connection can do to an open cursor: close it when the access ends.
protocol CursorClosing: AnyObject {
    func closeAtEndOfAccess()
}

/// Rows of a query decoded one at a time, for results too large to hold in memory.
///
/// ```swift
/// let cursor = try db.cursor((Int, String).self, "SELECT id, title FROM reminders")
/// while let (id, title) = try cursor.next() { … }
/// ```
///
/// A cursor belongs to the access that created it: when the ``Database/write(_:)``,
/// ``Database/read(_:)`` or ``Database/withConnection(_:)`` closure returns, the cursor
/// is closed, and ``next()`` throws if it is used after that.
public final class RowCursor<Element>: CursorClosing {
    private let connection: Connection
    private var statement: Statement?
    private let decode: (Statement) throws -> Element
    private var endedWithAccess = false

    init(connection: Connection, statement: Statement, decode: @escaping (Statement) throws -> Element) {
        self.connection = connection
        self.statement = statement
        self.decode = decode
        connection.register(WeakCursor(self))
    }

    deinit {
        close()
    }

    /// The next row, or `nil` after the last one.
    ///
    /// - Throws: ``SQLiteError`` (misuse) when the access that created the cursor has ended.
    public func next() throws -> Element? {
        guard let statement else {
            if endedWithAccess {
                throw SQLiteError.misuse("The cursor was used after the database access that created it ended")
            }
            return nil
        }
        do {
            guard try statement.step() else {
                close()
                return nil
            }
            return try decode(statement)
        } catch var error as SQLDecodingError {
            error.sql = statement.sql
            close()
            throw error
        } catch {
            close()
            throw error
        }
    }

    /// Calls `body` with each remaining row.
    public func forEach(_ body: (Element) throws -> Void) throws {
        while let element = try next() {
            try body(element)
        }
    }

    /// Gives the statement back before the end of the rows.
    public func close() {
        if let statement {
            connection.release(statement)
            self.statement = nil
        }
    }

    func closeAtEndOfAccess() {
        if statement != nil { endedWithAccess = true }
        close()
    }
}

/// A weak reference to a cursor: a cursor dropped early closes itself in `deinit`.
final class WeakCursor {
    weak var cursor: (any CursorClosing)?

    init(_ cursor: any CursorClosing) {
        self.cursor = cursor
    }

    func closeAtEndOfAccess() {
        cursor?.closeAtEndOfAccess()
    }
}
