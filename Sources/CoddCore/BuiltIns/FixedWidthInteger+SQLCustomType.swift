/// Integers are stored as INTEGER, through `sqlite3_bind_int64` (2^40 binds as 2^40).
///
/// Reading is range-checked: a value the type cannot hold is an error, never a trap or
/// a wrap. A REAL holding an exact integer (`3.0`) reads as that integer; `3.5` is an error,
/// and so is a REAL of magnitude 2^53 or more: a double that large is not known to be the
/// integer it looks like (SQLite's integer arithmetic turns an overflow into a REAL, and
/// `-9223372036854775808 - 1` gives exactly -2^63, which must not read as `Int.min`).
/// Binding a `UInt64` or `UInt` above `Int64.max` is an error.
extension SQLCustomType where Self: FixedWidthInteger {
    @inlinable
    public static var storage: SQLStorage { .integer }

    /// Stored canonically: comparisons need no wrap.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    /// An INTEGER the type holds is read inline with one engine lookup; everything else
    /// (a REAL, NULL, TEXT, BLOB, a value out of range) takes the out-of-line path.
    @inlinable @inline(__always)
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        if let value = reader.readInt64IfInteger(at: index), let exact = Self(exactly: value) {
            self = exact
        } else {
            self = try Self(notAnIntegerIn: reader, at: index)
        }
    }

    /// The slow path of ``init(reader:at:)``: a REAL holding a whole number, or the error.
    @usableFromInline @inline(never)
    init(notAnIntegerIn reader: borrowing some SQLColumnReader, at index: Int) throws {
        switch reader.storage(at: index) {
        case .integer:
            let value = reader.readInt64(at: index)
            guard let exact = Self(exactly: value) else {
                throw reader.decodingError(at: index, for: Self.self, expected: [.integer], reason: .outOfRange)
            }
            self = exact
        case .real:
            let value = reader.readDouble(at: index)
            guard value.magnitude < 9_007_199_254_740_992, let exact = Self(exactly: value) else {
                let reason: SQLDecodingError.Reason =
                    value.rounded(.towardZero) == value
                    ? .outOfRange
                    : .invalidValue("REAL is not a whole number")
                throw reader.decodingError(at: index, for: Self.self, expected: [.integer], reason: reason)
            }
            self = exact
        case .null:
            throw reader.decodingError(at: index, for: Self.self, expected: [.integer], reason: .unexpectedNull)
        case .text, .blob:
            throw reader.decodingError(at: index, for: Self.self, expected: [.integer], reason: .storageMismatch)
        }
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        guard let value = Int64(exactly: self) else {
            throw SQLEncodingError(self, reason: "above Int64.max, the largest INTEGER SQLite stores")
        }
        try context.bindInteger(value)
    }
}

// The integer types every value of which an INTEGER holds bind without the range check,
// through a witness of their own: the generic one above is not specialized when a value
// arrives through a parameter pack (`execute(sql, a, b, …)`), and cost about 100
// instructions a value in `FixedWidthInteger`'s generic `bitWidth` and `isSigned`.
extension Int {
    @inlinable @inline(__always)
    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindInteger(Int64(self))
    }
}

extension Int64 {
    @inlinable @inline(__always)
    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindInteger(self)
    }
}

extension Int32 {
    @inlinable @inline(__always)
    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindInteger(Int64(self))
    }
}

extension Int: SQLComparable {}
extension Int8: SQLComparable {}
extension Int16: SQLComparable {}
extension Int32: SQLComparable {}
extension Int64: SQLComparable {}
extension UInt: SQLComparable {}
extension UInt8: SQLComparable {}
extension UInt16: SQLComparable {}
extension UInt32: SQLComparable {}
extension UInt64: SQLComparable {}
