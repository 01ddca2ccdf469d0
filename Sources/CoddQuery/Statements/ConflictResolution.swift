import CoddCore

/// What SQLite does when a write violates a constraint: `INSERT OR IGNORE`, `UPDATE OR REPLACE`.
public enum SQLConflictResolution: Sendable {
    case abort, fail, ignore, replace, rollback

    var keyword: StaticString {
        switch self {
        case .abort: "OR ABORT"
        case .fail: "OR FAIL"
        case .ignore: "OR IGNORE"
        case .replace: "OR REPLACE"
        case .rollback: "OR ROLLBACK"
        }
    }
}

/// The rows of a write without `RETURNING`: nothing to decode.
public struct SQLNoRows: SQLRowDecodable {
    public static var columnCount: Int { 0 }
    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {}
}
