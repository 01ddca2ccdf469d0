import Foundation

/// A value of whatever storage class SQLite holds: what a column without a storage class
/// (`ANY`, `NUMERIC`, no type) or `json_extract(…)` reads as in generated code.
///
/// ```swift
/// switch row.value {
/// case .integer(let number): …
/// case .text(let text): …
/// default: …
/// }
/// ```
public enum SQLAny: Sendable, Hashable, SQLColumnDecodable, CustomStringConvertible {
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        switch reader.storage(at: index) {
        case .integer: self = .integer(reader.readInt64(at: index))
        case .real: self = .real(reader.readDouble(at: index))
        case .text: self = .text(try reader.readText(at: index))
        case .blob: self = .blob(reader.withUnsafeBlobBytes(at: index) { Data($0) })
        case .null:
            throw reader.decodingError(
                at: index, for: SQLAny.self, expected: [.integer, .real, .text, .blob], reason: .unexpectedNull)
        }
    }

    public var description: String {
        switch self {
        case .integer(let value): "\(value)"
        case .real(let value): "\(value)"
        case .text(let value): value
        case .blob(let value): "\(value.count) bytes"
        }
    }
}

extension Optional where Wrapped == SQLAny {
    /// `SQLAny?` reads NULL as `nil` (the generic `Optional` conformance needs a
    /// `SQLCustomType`, which a value of no fixed storage class is not).
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        self = reader.isNull(at: index) ? nil : try SQLAny(reader: reader, at: index)
    }
}
