/// `Double` is stored as REAL. An INTEGER reads as a double when it converts exactly.
///
/// NaN cannot be bound: SQLite would store it as NULL. Infinities bind (SQLite stores
/// them) but have no literal.
extension Double: SQLComparable {
    @inlinable
    public static var storage: SQLStorage { .real }

    /// Stored canonically: comparisons need no wrap.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        switch reader.storage(at: index) {
        case .real:
            self = reader.readDouble(at: index)
        case .integer:
            guard let exact = Double(exactly: reader.readInt64(at: index)) else {
                throw reader.decodingError(
                    at: index, for: Double.self, expected: [.real],
                    reason: .invalidValue("INTEGER has no exact Double")
                )
            }
            self = exact
        case .null:
            throw reader.decodingError(at: index, for: Double.self, expected: [.real], reason: .unexpectedNull)
        case .text, .blob:
            throw reader.decodingError(at: index, for: Double.self, expected: [.real], reason: .storageMismatch)
        }
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        guard !isNaN else {
            throw SQLEncodingError(self, reason: "SQLite stores NaN as NULL")
        }
        try context.bindReal(self)
    }
}

/// `Float` is stored as REAL. Reading rounds to the nearest `Float`; a finite value
/// beyond `Float`'s range is an error.
extension Float: SQLComparable {
    @inlinable
    public static var storage: SQLStorage { .real }

    /// Stored canonically: comparisons need no wrap.
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    @inlinable
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let double: Double
        do {
            double = try Double(reader: reader, at: index)
        } catch var error as SQLDecodingError {
            error.type = "Float"
            throw error
        }
        let float = Float(double)
        guard float.isFinite || !double.isFinite else {
            throw reader.decodingError(at: index, for: Float.self, expected: [.real], reason: .outOfRange)
        }
        self = float
    }

    @inlinable
    public func bind(into context: inout some SQLBindingContext) throws {
        try Double(self).bind(into: &context)
    }
}
