import CoddCore
import Foundation

/// The shared base of `Date`'s representations: each says how it is stored, how SQLite's
/// date functions read the stored form (`SQLInstantRepresentation.renderTimeValue(into:_:)`)
/// and how an instant they compute is stored
/// (`SQLInstantRepresentation.renderStoredForm(into:fromTimeValue:)`). Comparison
/// (`julianday(…)` of the time value) and date arithmetic follow, so dates of every
/// representation compare as instants, with each other and with SQLite's own date
/// functions.
///
/// ```swift
/// // julianday("events"."at") for TEXT, julianday("events"."at", 'unixepoch') for unix seconds
/// Event.where { $0.at < cutoff }
/// ```
public protocol DateRepresentation: SQLRepresentation, SQLInstantRepresentation, SQLNativelyTyped
where Represented == Date {}

extension DateRepresentation {
    /// PostgreSQL's `timestamptz`: in a dialect with native types every Date
    /// representation binds, compares and nests in JSON as one.
    public static var nativeKind: SQLNativeKind { .timestamp }

    /// The instant in microseconds since 1970; an error beyond year 9999.
    public var nativeValue: SQLNativeValue? {
        get throws {
            guard let microseconds = DateMicroseconds.microseconds(of: represented) else {
                throw DateMilliseconds.outOfRange(represented, as: Self.self)
            }
            return .timestamp(microsecondsSince1970: microseconds)
        }
    }
}

/// A date stored as a number (unix seconds or milliseconds, a julian day).
///
/// Numbers order as instants, so two plain values compare unwrapped and an index on the
/// column serves them. Inside JSON the date takes the default TEXT codec's form,
/// `2024-05-01 09:30:00.000`, so it reads the same from a JSON document as from a column:
/// `strftime('%Y-%m-%d %H:%M:%f', <time value>)`. Reading JSON accepts that text or the
/// representation's own number.
public protocol NumericDateRepresentation: DateRepresentation {}

extension NumericDateRepresentation {
    @inlinable
    public static var comparesUnwrapped: Bool { true }

    /// `strftime('%Y-%m-%d %H:%M:%f', <time value>)` of the number the column holds; TEXT or
    /// a BLOB (which `strftime` would read as 1970) nests as a storage mismatch, the error
    /// reading the column gives. A REAL in a column of whole units nests as a REAL with all
    /// its digits, for the reader to take when whole.
    public static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        let takesReal = storage == .real
        try builder.renderStorageCheckedJSON(
            of: expression, accepting: takesReal ? [.integer, .real] : [.integer], passingRealThrough: !takesReal
        ) { builder in
            try builder.function("strftime") {
                $0.listItem { $0.text("%Y-%m-%d %H:%M:%f") }
                try renderTimeValue(into: &$0, expression)
            }
        }
    }

    public init(decodingJSON json: SQLJSONValue) throws {
        if let mismatch = json.storageMismatchError(for: Self.self, expected: Self.storage) { throw mismatch }
        self = try json.kind == .string ? Self(represented: Date(decodingJSON: json)) : Self(reader: json.reader, at: 0)
    }
}

/// A date stored as a whole number of units since 1970 (unix seconds, milliseconds): the
/// one implementation of reading and binding them, parameterised by the unit.
public protocol IntegerDateRepresentation: NumericDateRepresentation {
    /// Milliseconds a unit: 1,000 for seconds, 1 for milliseconds.
    static var millisecondsPerUnit: Int64 { get }
    /// The unit's name, for errors: `seconds`.
    static var unitName: StaticString { get }
}

extension IntegerDateRepresentation {
    @inlinable
    public static var storage: SQLStorage { .integer }

    /// Reads an INTEGER, or a REAL holding a whole number of units; TEXT is an error.
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let milliseconds = try reader.readWholeDateNumber(
            at: index, as: Self.self, unit: Self.millisecondsPerUnit, unitName: Self.unitName)
        self.init(represented: DateMilliseconds.date(milliseconds: milliseconds))
    }

    /// Binds the nearest whole unit, halves toward the future.
    public func bind(into context: inout some SQLBindingContext) throws {
        guard let units = DateMilliseconds.wholeUnits(of: represented, millisecondsPerUnit: Self.millisecondsPerUnit)
        else {
            throw DateMilliseconds.outOfRange(represented, as: Self.self)
        }
        try context.bindInteger(units)
    }
}

/// A date stored as a REAL number of units counted from an epoch (unix seconds since 1970,
/// julian days): the one implementation of reading and binding them, parameterised by the
/// unit and the epoch, to the millisecond.
public protocol RealDateRepresentation: NumericDateRepresentation {
    /// Milliseconds a unit: 1,000 for seconds, 86,400,000 for days.
    static var millisecondsPerUnit: Double { get }
    /// Milliseconds from the epoch to 1970-01-01: 0 for unix time, 210,866,760,000,000
    /// for julian days.
    static var epochMilliseconds: Int64 { get }
}

extension RealDateRepresentation {
    @inlinable
    public static var storage: SQLStorage { .real }

    /// Reads a REAL or an INTEGER number of units; TEXT is an error.
    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let milliseconds = try reader.readRealDateNumber(
            at: index, as: Self.self, scale: Self.millisecondsPerUnit, offset: Self.epochMilliseconds
        )
        self.init(represented: DateMilliseconds.date(milliseconds: milliseconds))
    }

    /// Binds the whole milliseconds, in units.
    public func bind(into context: inout some SQLBindingContext) throws {
        guard let milliseconds = DateMilliseconds.supportedMilliseconds(of: represented) else {
            throw DateMilliseconds.outOfRange(represented, as: Self.self)
        }
        try context.bindReal(Double(milliseconds + Self.epochMilliseconds) / Self.millisecondsPerUnit)
    }
}
