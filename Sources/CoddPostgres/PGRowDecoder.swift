#if PostgreSQL
import CoddCore

/// Decodes the rows of one result as `R`: a row type that reads its columns by name (a
/// table's row) through ``SQLColumnMappedReader`` when the result returns them in another
/// order, the order found once, at the first row.
///
/// A row read by position must have exactly `R.columnCount` columns, checked at the first
/// row, as SQLite checks a statement before it steps (postgres-nio gives no columns for a
/// result without rows). A row read by name may have columns it does not read.
struct PGRowDecoder<R: SQLRowDecodable> {
    /// The SQL the rows come from, for the error.
    let sql: String
    /// `nil` until the first row; then the map, or `.some(nil)` to read by position.
    private var map: [Int]??

    init(sql: String) {
        self.sql = sql
    }

    mutating func decode(_ reader: PGRowReader) throws -> R {
        if map == nil {
            let found = R.decodedColumnNames.flatMap {
                SQLColumnMappedReader<PGRowReader>.map(expected: $0, actual: reader.names)
            }
            if found == nil { try reader.requireColumnCount(R.columnCount, of: R.self, sql: sql) }
            map = .some(found)
        }
        var index = 0
        if case .some(.some(let map)) = map {
            return try R(decodingRow: SQLColumnMappedReader(reader, map: map), at: &index)
        }
        return try R(decodingRow: reader, at: &index)
    }
}

extension PGRowReader {
    /// Throws unless the row has `count` columns, the ones `type` reads by position.
    func requireColumnCount(_ count: Int, of type: Any.Type, sql: String) throws {
        guard columnCount == count else { throw PGError.columnCount(columnCount, reads: count, type: type, sql: sql) }
    }
}
#endif
