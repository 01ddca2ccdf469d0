import Foundation

/// A row read through another order of its columns: column `index` of the mapped reader is
/// column `map[index]` of `base`.
///
/// A driver reads a row type that knows its column names (a table's row,
/// ``SQLRowDecodable/decodedColumnNames``) through it when a statement returns those columns
/// in another order: `SELECT *` of a table whose columns a migration reordered, or SQL that
/// lists them as it likes. The row then decodes by name, as GRDB's records do, instead of
/// putting one column's value in another field.
public struct SQLColumnMappedReader<Base: SQLColumnReader>: SQLColumnReader {
    @usableFromInline let base: Base
    @usableFromInline let map: [Int]

    @inlinable
    public init(_ base: Base, map: [Int]) {
        self.base = base
        self.map = map
    }

    /// Where each of `expected` is among `actual` (SQL names compare without regard to ASCII
    /// case, as SQLite's do), or `nil` when the columns are already in that order, or when
    /// some name is missing or found twice: those rows read by position, as written.
    package static func map(expected: [String], actual: [String]) -> [Int]? {
        if expected.count == actual.count && zip(expected, actual).allSatisfy({ SQLColumnName.same($0, $1) }) {
            return nil
        }
        var map: [Int] = []
        map.reserveCapacity(expected.count)
        for name in expected {
            let matches = actual.indices.filter { SQLColumnName.same(actual[$0], name) }
            guard matches.count == 1 else { return nil }
            map.append(matches[0])
        }
        return map
    }

    @inlinable public var columnCount: Int { map.count }
    @inlinable public func storage(at index: Int) -> SQLStorage { base.storage(at: map[index]) }
    @inlinable public func isNull(at index: Int) -> Bool { base.isNull(at: map[index]) }
    @inlinable public func readInt64(at index: Int) -> Int64 { base.readInt64(at: map[index]) }
    @inlinable public func readInt64IfInteger(at index: Int) -> Int64? { base.readInt64IfInteger(at: map[index]) }
    @inlinable public func readDouble(at index: Int) -> Double { base.readDouble(at: map[index]) }
    @inlinable public func readText(at index: Int) throws -> String { try base.readText(at: map[index]) }

    @inlinable
    public func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try base.withUnsafeTextBytes(at: map[index], body)
    }

    @inlinable
    public func withUnsafeTextBytesIfText<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows
        -> R?
    {
        try base.withUnsafeTextBytesIfText(at: map[index], body)
    }

    @inlinable
    public func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try base.withUnsafeBlobBytes(at: map[index], body)
    }

    @inlinable public func columnName(at index: Int) -> String { base.columnName(at: map[index]) }
    @inlinable public func tableName(at index: Int) -> String? { base.tableName(at: map[index]) }
    @inlinable public func valuePreview(at index: Int) -> String { base.valuePreview(at: map[index]) }
    @inlinable public func readNative(at index: Int) -> SQLNativeValue? { base.readNative(at: map[index]) }
}

/// How a result's column names match a row's: as the engines compare names.
///
/// Not generic, so that passing ``sameLetter(_:_:)`` as a closure captures no metatype (a
/// static of the generic reader captured `Base.Type`, a warning in every user's build).
package enum SQLColumnName {
    /// SQLite folds the case of ASCII letters only in names.
    static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8, by: sameLetter)
    }

    /// Two bytes of names, equal or the same ASCII letter in either case.
    package static func sameLetter(_ x: UInt8, _ y: UInt8) -> Bool {
        x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
    }
}
