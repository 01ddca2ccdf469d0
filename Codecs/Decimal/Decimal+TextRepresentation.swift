import CoddCore
import Foundation

/// `Decimal` is its own default representation, stored as canonical TEXT: plain digits, no
/// exponent, no trailing zero after the point (`1.10` is stored `1.1`, `1e3` is `1000`),
/// with every one of `Decimal`'s 38 significant digits. A REAL would round (SQLite's REAL
/// keeps about 15 digits), and SQLite has no decimal type.
///
/// Comparisons and `ORDER BY` go through the `codd_decimal` collation (`SQLCollation/decimal`),
/// which orders decimal texts as numbers: `"price" COLLATE "codd_decimal" < ?`. As text,
/// SQLite would order `'100'` before `'9'`. The driver registers the collation on a
/// connection before a statement that names it runs.
///
/// Reading accepts any decimal text (`1.10`, `+5`, `1e3`, `-0.5E-2`) and an INTEGER, and
/// refuses what `Decimal` cannot hold exactly (more than 38 significant digits, more than
/// 128 decimal places): never a rounded value. A REAL is refused too: it was rounded when
/// it was stored (a column declared `NUMERIC` or `DECIMAL` converts `'1.10'` to REAL:
/// declare it `TEXT`). Binding NaN is an error.
///
/// There is no arithmetic in SQL: SQLite would compute `+`, `sum` and `avg` of these texts
/// in floating point, so `Decimal` is `SQLComparable` but not `SQLNumeric`, and
/// `$0.price + 1` or `$0.price.sum()` do not compile. Fetch the values and add them in
/// Swift, exactly.
///
/// On PostgreSQL a `Decimal` is `numeric` (`$1::numeric`), compared and summed exactly by
/// the server.
extension Decimal: SQLCustomType, SQLComparable {
    @inlinable
    public static var storage: SQLStorage { .text }

    /// Texts of one value differ (`1.1`, `1.10`, `1.1e0`), and text order is not numeric
    /// order: every comparison is wrapped.
    @inlinable
    public static var comparesUnwrapped: Bool { false }

    /// The wrap is a collation: `max` and `min` take it and return the text they pick.
    @inlinable
    public static var wrapKeepsValue: Bool { true }

    /// `x COLLATE "codd_decimal"`: numeric order of the texts.
    public static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows
    {
        try expression(&builder)
        builder.collate(.decimal)
    }

    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        if let parsed = reader.withUnsafeTextBytesIfText(at: index, { DecimalText.decimal($0) }) {
            self = try Self.value(parsed, reader: reader, at: index)
            return
        }
        // PostgreSQL's `numeric`, every digit of it.
        if case .numeric(let text)? = reader.readNative(at: index) {
            self = try Self.value(Self.parse(text), reader: reader, at: index)
            return
        }
        switch reader.storage(at: index) {
        case .integer:
            // An INTEGER is exact (Decimal holds every Int64); read as a number, not as text,
            // which PostgreSQL's binary integers are not.
            self = Decimal(reader.readInt64(at: index))
        case .real where !reader.readDouble(at: index).isFinite:
            // PostgreSQL's `numeric` NaN and infinities; SQLite's REAL infinities.
            throw reader.decodingError(
                at: index, for: Decimal.self, expected: [.text],
                reason: .invalidValue(
                    reader.readDouble(at: index).isNaN
                        ? "NaN is not a decimal number" : "an infinity is not a decimal number"))
        case .real:
            throw reader.decodingError(
                at: index, for: Decimal.self, expected: [.text],
                reason: .invalidValue(
                    "a REAL is not an exact decimal: store decimals as TEXT (a NUMERIC or DECIMAL column converts '1.10' to REAL)"
                )
            )
        default:
            try reader.requireStorage(.text, at: index, for: Decimal.self)
            throw reader.decodingError(at: index, for: Decimal.self, expected: [.text], reason: .storageMismatch)
        }
    }

    static func parse(_ text: String) -> Result<Decimal, DecimalTextError> {
        var text = text
        return text.withUTF8 { DecimalText.decimal(UnsafeRawBufferPointer($0)) }
    }

    static func value(
        _ parsed: Result<Decimal, DecimalTextError>, reader: borrowing some SQLColumnReader, at index: Int
    ) throws -> Decimal {
        switch parsed {
        case .success(let value): return value
        case .failure(let error):
            throw reader.decodingError(
                at: index, for: Decimal.self, expected: [.text], reason: .invalidValue(error.description))
        }
    }

    public func bind(into context: inout some SQLBindingContext) throws {
        let bound: Void? = try DecimalText.withCanonicalText(self) { try context.bindText(utf8: $0) }
        if bound == nil { throw SQLEncodingError(self, reason: "NaN is not a number a decimal column can hold") }
    }

    /// Inside JSON, its canonical text as a string (`"12.5"`: a JSON number would be read
    /// back as a double by SQLite's JSON functions). A JSON number reads too, exactly, from
    /// its digits (`12.50`, `1e2`): what other software writes.
    public init(decodingJSON json: SQLJSONValue) throws {
        switch json.kind {
        case .string, .integer, .real:
            let reader = json.reader
            self = try Self.value(reader.withUnsafeTextBytes(at: 0) { DecimalText.decimal($0) }, reader: reader, at: 0)
        default:
            try json.requireShape(of: .text, for: Decimal.self)
            self = try Decimal(reader: json.reader, at: 0)
        }
    }
}

extension Decimal: SQLJSONDecodable {}

/// PostgreSQL's `numeric`: bound as `$1::numeric`, compared and ordered by the server.
extension Decimal: SQLNativelyTyped {
    public static var nativeKind: SQLNativeKind { .numeric }

    public var nativeValue: SQLNativeValue? {
        get throws {
            guard let text = DecimalText.canonicalText(self) else {
                throw SQLEncodingError(self, reason: "NaN is not a number a decimal column can hold")
            }
            return .numeric(text)
        }
    }
}
