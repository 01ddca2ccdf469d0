#if PostgreSQL
import CoddCore

/// Decodes the rows of one result as `R`: a row type that reads its columns by name (a
/// table's row) through ``SQLColumnMappedReader`` when the result returns them in another
/// order, the order found once, at the first row.
struct PGRowDecoder<R: SQLRowDecodable> {
    /// `nil` until the first row; then the map, or `.some(nil)` to read by position.
    private var map: [Int]??

    mutating func decode(_ reader: PGRowReader) throws -> R {
        if map == nil {
            map = .some(
                R.decodedColumnNames.flatMap {
                    SQLColumnMappedReader<PGRowReader>.map(expected: $0, actual: reader.names)
                })
        }
        var index = 0
        if case .some(.some(let map)) = map {
            return try R(decodingRow: SQLColumnMappedReader(reader, map: map), at: &index)
        }
        return try R(decodingRow: reader, at: &index)
    }
}
#endif
