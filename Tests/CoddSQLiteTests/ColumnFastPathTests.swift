import Codd
import Foundation
import Testing

/// The statement's one-lookup reads (`readInt64IfInteger`, `withUnsafeTextBytesIfText`)
/// answer exactly as the storage check and the plain read do, for every storage class, and
/// the decoders built on them give the same values and the same errors.
@Suite("One engine lookup per column")
struct ColumnFastPathTests {
    /// One row with each storage class, and TEXT that SQLite would convert to a number.
    static let row = #"SELECT 42, -9223372036854775808, 2.5, 'x', 'émoji 🎉 -- ''q''', X'00FF', NULL, '12abc', 3.0, ''"#

    @Test func theFastReadsAgreeWithTheStorageCheck() throws {
        let database = try Database.inMemory()
        func check(_ db: Connection) throws {
            let statement = try db.makeStatement(Self.row)
            #expect(try statement.step())
            var integers: [Int64?] = []
            var texts: [String?] = []
            for index in 0..<statement.columnCount {
                integers.append(statement.readInt64IfInteger(at: index))
                texts.append(statement.withUnsafeTextBytesIfText(at: index) { String(decoding: $0, as: UTF8.self) })
                // The protocol's default (storage class, then the plain read) agrees.
                #expect(
                    statement.readInt64IfInteger(at: index)
                        == (statement.storage(at: index) == .integer ? statement.readInt64(at: index) : nil))
            }
            #expect(integers == [42, .min, nil, nil, nil, nil, nil, nil, nil, nil])
            #expect(texts == [nil, nil, nil, "x", "émoji 🎉 -- 'q'", nil, nil, "12abc", nil, ""])
        }
        try database.read(check)
    }

    /// A hand-written reader that only has the defaults gives the same answers.
    @Test func theDefaultsAgree() throws {
        let database = try Database.inMemory()
        try database.read { db throws in
            let statement = try db.makeStatement(Self.row)
            #expect(try statement.step())
            let defaults = DefaultsOnly(statement: statement)
            for index in 0..<statement.columnCount {
                #expect(defaults.readInt64IfInteger(at: index) == statement.readInt64IfInteger(at: index))
                let viaDefault = defaults.withUnsafeTextBytesIfText(at: index) { Array($0) }
                let viaStatement = statement.withUnsafeTextBytesIfText(at: index) { Array($0) }
                #expect(viaDefault == viaStatement, "column \(index)")
            }
        }
    }

    /// The decoders' fast paths keep the slow paths' values and errors.
    @Test func decodersKeepTheirValuesAndErrors() throws {
        let database = try Database.inMemory()
        func check(_ db: Connection) throws {
            #expect(try db.fetchOne(Int.self, "SELECT 3.0") == 3)
            #expect(try db.fetchOne(Int8.self, "SELECT 127") == 127)
            #expect(try db.fetchOne(String.self, "SELECT 'it''s -- 🎉'") == "it's -- 🎉")
            #expect(try db.fetchOne(String.self, "SELECT ''") == "")
            let cases: [(sql: String, decode: (Connection, String) throws -> Void, reason: SQLDecodingError.Reason)] = [
                ("SELECT 128", { _ = try $0.fetchOne(Int8.self, $1) }, .outOfRange),
                ("SELECT 2.5", { _ = try $0.fetchOne(Int.self, $1) }, .invalidValue("REAL is not a whole number")),
                ("SELECT NULL", { _ = try $0.fetchOne(Int.self, $1) }, .unexpectedNull),
                ("SELECT '12abc'", { _ = try $0.fetchOne(Int.self, $1) }, .storageMismatch),
                ("SELECT 42", { _ = try $0.fetchOne(String.self, $1) }, .storageMismatch),
                ("SELECT NULL", { _ = try $0.fetchOne(String.self, $1) }, .unexpectedNull),
                ("SELECT CAST(X'FF' AS TEXT)", { _ = try $0.fetchOne(String.self, $1) }, .invalidUTF8),
            ]
            for (sql, decode, reason) in cases {
                let error = #expect(throws: SQLDecodingError.self, "\(sql)") { try decode(db, sql) }
                #expect(error?.reason == reason, "\(sql): \(String(describing: error))")
            }
        }
        try database.read(check)
    }
}

/// A reader over a statement that implements only the protocol's requirements without
/// defaults, so the fast reads come from `SQLColumnReader`'s extension.
private struct DefaultsOnly: SQLColumnReader {
    let statement: Statement
    var columnCount: Int { statement.columnCount }
    func storage(at index: Int) -> SQLStorage { statement.storage(at: index) }
    func readInt64(at index: Int) -> Int64 { statement.readInt64(at: index) }
    func readDouble(at index: Int) -> Double { statement.readDouble(at: index) }
    func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try statement.withUnsafeTextBytes(at: index, body)
    }
    func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try statement.withUnsafeBlobBytes(at: index, body)
    }
    func columnName(at index: Int) -> String { statement.columnName(at: index) }
}
