import Codd
import Foundation
import Testing

/// Every built-in type, written as a bound parameter and as a rendered literal into a
/// real database and read back.
@Suite("Built-in types round-trip through SQLite")
struct BuiltInRoundTripTests {
    @Test(arguments: [Int64.min, -1, 0, 1, 1 << 40, Int64.max])
    func int64(value: Int64) throws {
        let result = try roundTrip(value, column: "INTEGER")
        #expect(result.all == [value, value, value, value])
        #expect(result.storedTypes == ["integer", "integer"])
    }

    @Test func everyIntegerWidthAtItsLimits() throws {
        func check<T: SQLCustomType & FixedWidthInteger>(_ type: T.Type) throws {
            for value in [T.min, T.max, 0] {
                #expect(try roundTrip(value, column: "INTEGER").all == [value, value, value, value])
            }
        }
        try check(Int.self)
        try check(Int8.self)
        try check(Int16.self)
        try check(Int32.self)
        try check(UInt8.self)
        try check(UInt16.self)
        try check(UInt32.self)
        #expect(try roundTrip(UInt64(Int64.max), column: "INTEGER").all.allSatisfy { $0 == UInt64(Int64.max) })
        #expect(try roundTrip(UInt(Int64.max), column: "INTEGER").all.allSatisfy { $0 == UInt(Int64.max) })
    }

    @Test func twoToTheFortyBindsAsAnInt64NotATruncatedInt32() throws {
        let database = try Database.inMemory()
        let result = try database.read { db in
            try db.fetchOne((Int, String).self, "SELECT ?, typeof(?)", 1 << 40, 1 << 40)
        }
        #expect(result?.0 == 1_099_511_627_776)
        #expect(result?.1 == "integer")
    }

    @Test(arguments: [
        0.0, 0.1, -1.5, 1e300, -1e-300, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        Double.leastNonzeroMagnitude, Double.pi,
    ])
    func double(value: Double) throws {
        let result = try roundTrip(value, column: "REAL")
        #expect(result.all == [value, value, value, value])
        #expect(result.storedTypes == ["real", "real"])
    }

    @Test func negativeZero() throws {
        // A bound or selected -0.0 keeps its sign; SQLite stores a REAL column's -0.0 as
        // integer 0 on disk, which reads back as 0.0 (equal to -0.0, as in Swift).
        let result = try roundTrip(-0.0, column: "REAL")
        #expect(result.all.allSatisfy { $0 == 0 })
        #expect(result.selectedBound.sign == .minus)
    }

    @Test func infinityBindsButHasNoLiteral() throws {
        let database = try Database.inMemory()
        let value = try database.read { db in try db.fetchOne(Double.self, "SELECT ?", Double.infinity) }
        #expect(value == .infinity)
        var builder = SQLBuilder(mode: .inlineLiterals)
        #expect(throws: SQLEncodingError.self) { try builder.value(Double.infinity) }
    }

    @Test(arguments: [Float(0), 1.5, -3.25, .greatestFiniteMagnitude, .leastNonzeroMagnitude])
    func float(value: Float) throws {
        #expect(try roundTrip(value, column: "REAL").all == [value, value, value, value])
    }

    @Test(arguments: [true, false])
    func bool(value: Bool) throws {
        let result = try roundTrip(value, column: "INTEGER")
        #expect(result.all == [value, value, value, value])
        #expect(result.storedTypes == ["integer", "integer"])
    }

    @Test func anyNonZeroIntegerReadsTrueAsSQLiteTestsTruth() throws {
        let database = try Database.inMemory()
        let values = try database.read { db in
            try db.fetchOne((Bool, Bool, Bool, Bool).self, "SELECT 0, 1, -7, 2")
        }
        #expect(values.map { [$0.0, $0.1, $0.2, $0.3] } == [false, true, true, true])
    }

    static let hostileStrings = [
        "", "plain", "it's", "''; DROP TABLE \"values\"; --", "-- comment", "/* block */",
        "a\0b", "\0", "emoji 🎉👩‍👩‍👧‍👦", "ünïcödé – 東京 – עברית", "\"double\"", "\\backslash\\",
        "line\nbreak\r\ttab", String(repeating: "long ", count: 10_000),
    ]

    @Test(arguments: hostileStrings)
    func string(value: String) throws {
        let result = try roundTrip(value, column: "TEXT")
        #expect(result.all == [value, value, value, value])
        #expect(result.storedTypes == ["text", "text"])
    }

    static let blobs: [[UInt8]] = [
        [], [0], [0, 0, 0], [0xDE, 0xAD, 0xBE, 0xEF], Array(0...255), Array("text'--".utf8),
    ]

    @Test(arguments: blobs)
    func bytes(value: [UInt8]) throws {
        let result = try roundTrip(value, column: "BLOB")
        #expect(result.all == [value, value, value, value])
        #expect(result.storedTypes == ["blob", "blob"])
    }

    @Test(arguments: blobs)
    func data(value: [UInt8]) throws {
        let data = Data(value)
        let result = try roundTrip(data, column: "BLOB")
        #expect(result.all == [data, data, data, data])
        // An empty Data is a zero-length BLOB, not NULL.
        #expect(result.storedTypes == ["blob", "blob"])
    }

    @Test func optionalsAreNULL() throws {
        let none = try roundTrip(Int?.none, column: "INTEGER")
        #expect(none.all == [nil, nil, nil, nil])
        #expect(none.storedTypes == ["null", "null"])
        let some = try roundTrip(Optional("x"), column: "TEXT")
        #expect(some.all == ["x", "x", "x", "x"])
        let emptyBlob = try roundTrip(Data?.some(Data()), column: "BLOB")
        #expect(emptyBlob.all == [Data(), Data(), Data(), Data()])
    }

    @Test func rawRepresentableTypesStoreTheirRawValue() throws {
        let result = try roundTrip(Priority.high, column: "INTEGER")
        #expect(result.all == [.high, .high, .high, .high])
        #expect(result.storedTypes == ["integer", "integer"])
        let status = try roundTrip(Status.inProgress, column: "TEXT")
        #expect(status.all == [.inProgress, .inProgress, .inProgress, .inProgress])
        #expect(Priority.storage == .integer)
        #expect(Status.storage == .text)
    }

    @Test func columnsWithoutDeclaredTypeKeepTheStorageClassBound() throws {
        #expect(try roundTrip("42", column: "").storedTypes == ["text", "text"])
        #expect(try roundTrip(42, column: "").storedTypes == ["integer", "integer"])
        #expect(try roundTrip(Data([1]), column: "").storedTypes == ["blob", "blob"])
    }

    @Test func tuplesOfMixedTypesDecodeInOrder() throws {
        let database = try Database.inMemory()
        let row = try database.read { db in
            try db.fetchOne(
                (Int, String?, Double, Data, Bool, Priority).self,
                "SELECT ?, ?, ?, ?, ?, ?", 1, String?.none, 2.5, Data([9]), true, Priority.low
            )
        }
        let (id, title, score, data, flag, priority) = try #require(row)
        #expect(id == 1)
        #expect(title == nil)
        #expect(score == 2.5)
        #expect(data == Data([9]))
        #expect(flag)
        #expect(priority == .low)
    }
}

enum Priority: Int, SQLCustomType, SQLComparable {
    case low = 1, medium, high
}

enum Status: String, SQLCustomType, SQLEquatable {
    case todo, inProgress = "in progress", done
}
