import CoddCore

/// Rows of a query decoded one at a time, for results too large to hold in memory.
///
/// ```swift
/// let cursor = try db.cursor((Int, String).self, "SELECT id, title FROM reminders")
/// while let (id, title) = try cursor.next() { … }
/// ```
///
/// A cursor belongs to the access that created it: do not keep it past the
/// ``Database/write(_:)`` or ``Database/read(_:)`` closure.
public final class RowCursor<Element> {
    private let connection: Connection
    private var statement: Statement?
    private let decode: (Statement) throws -> Element

    init(connection: Connection, statement: Statement, decode: @escaping (Statement) throws -> Element) {
        self.connection = connection
        self.statement = statement
        self.decode = decode
    }

    deinit {
        close()
    }

    /// The next row, or `nil` after the last one.
    public func next() throws -> Element? {
        guard let statement else { return nil }
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
}
