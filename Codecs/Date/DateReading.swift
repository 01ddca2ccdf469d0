import CoddCore
import Foundation

extension SQLColumnReader {
    /// An error that names the representation as written (`Date.UnixTimeRepresentation`).
    func dateError(
        at index: Int, as type: Any.Type, expected: SQLStorage, reason: SQLDecodingError.Reason
    ) -> SQLDecodingError {
        var error = decodingError(at: index, for: Date.self, expected: [expected], reason: reason)
        error.type = SQLTypeName.of(type)
        return error
    }

    /// The error for a NULL or a value of a storage class the representation does not read.
    func dateStorageError(at index: Int, as type: Any.Type, expected: SQLStorage) -> SQLDecodingError {
        dateError(
            at: index, as: type, expected: expected,
            reason: storage(at: index) == .null ? .unexpectedNull : .storageMismatch
        )
    }

    /// Reads TEXT in any format ``DateTextParser`` accepts, in place.
    ///
    /// Inlinable, so that it specializes for the caller's reader: a row decodes its date
    /// with direct calls into the statement.
    @inlinable
    func readDateText(at index: Int, as type: Any.Type) throws -> Date {
        if let parsed = withUnsafeTextBytesIfText(at: index, { DateTextParser.date($0) }), let date = parsed {
            return date
        }
        if case .timestamp(let microseconds)? = readNative(at: index) {
            return DateMicroseconds.date(microseconds: microseconds)
        }
        throw dateTextError(at: index, as: type)
    }

    /// Why column `index` is not a date in TEXT: the error path of ``readDateText(at:as:)``.
    @usableFromInline
    func dateTextError(at index: Int, as type: Any.Type) -> SQLDecodingError {
        guard storage(at: index) == .text else { return dateStorageError(at: index, as: type, expected: .text) }
        let failure = withUnsafeTextBytes(at: index) { bytes -> DateTextParser.Failure? in
            do throws(DateTextParser.Failure) {
                _ = try DateTextParser.parse(bytes)
                return nil
            } catch {
                return error
            }
        }
        // `parse` rejects whatever `date` rejects; the fallback message is unreachable.
        return dateError(at: index, as: type, expected: .text, reason: .invalidValue(failure?.message ?? "not a date"))
    }

    /// Reads a whole number of `unit` milliseconds (1000 for seconds) as milliseconds: an
    /// INTEGER, or a REAL that holds a whole number.
    @inline(__always)
    func readWholeDateNumber(at index: Int, as type: Any.Type, unit: Int64, unitName: StaticString) throws -> Int64 {
        if let milliseconds = readNativeTimestampMilliseconds(at: index) { return milliseconds }
        let limit = DateMilliseconds.limit / unit
        switch storage(at: index) {
        case .integer:
            let value = readInt64(at: index)
            guard value.magnitude <= limit, DateMilliseconds.supported.contains(value * unit) else {
                throw dateError(at: index, as: type, expected: .integer, reason: .outOfRange)
            }
            return value * unit
        case .real:
            let value = readDouble(at: index)
            guard value.isFinite, value.rounded(.towardZero) == value else {
                throw dateError(
                    at: index, as: type, expected: .integer,
                    reason: .invalidValue("REAL is not a whole number of \(unitName)")
                )
            }
            guard value.magnitude <= Double(limit), DateMilliseconds.supported.contains(Int64(value) * unit) else {
                throw dateError(at: index, as: type, expected: .integer, reason: .outOfRange)
            }
            return Int64(value) * unit
        case .null, .text, .blob:
            throw dateStorageError(at: index, as: type, expected: .integer)
        }
    }

    /// Reads an INTEGER or REAL number of units, `scale` milliseconds each, counted from
    /// `offset` milliseconds before 1970, rounded to the millisecond.
    @inline(__always)
    func readRealDateNumber(at index: Int, as type: Any.Type, scale: Double, offset: Int64) throws -> Int64 {
        if let milliseconds = readNativeTimestampMilliseconds(at: index) { return milliseconds }
        let value: Double
        switch storage(at: index) {
        case .real: value = readDouble(at: index)
        case .integer: value = Double(readInt64(at: index))
        case .null, .text, .blob: throw dateStorageError(at: index, as: type, expected: .real)
        }
        guard value.isFinite else {
            throw dateError(at: index, as: type, expected: .real, reason: .invalidValue("not a finite number"))
        }
        // As SQLite computes it: milliseconds since julian day 0, plus a half, truncated;
        // so a decoded date names the same millisecond `julianday(x, …)` does.
        let julianMilliseconds = value * scale - Double(offset) + Double(DateMilliseconds.julianDayOffset)
        let supported = DateMilliseconds.supported
        guard julianMilliseconds >= Double(supported.lowerBound + DateMilliseconds.julianDayOffset),
            julianMilliseconds < Double(supported.upperBound + DateMilliseconds.julianDayOffset) + 0.5
        else {
            throw dateError(at: index, as: type, expected: .real, reason: .outOfRange)
        }
        return Int64(julianMilliseconds + 0.5) - DateMilliseconds.julianDayOffset
    }
}
