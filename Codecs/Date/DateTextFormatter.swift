import CoddCore
import Foundation

/// Formats milliseconds since 1970 as `YYYY-MM-DD HH:MM:SS.SSS` (or the ISO 8601
/// `YYYY-MM-DDTHH:MM:SS.SSSZ`) into a stack buffer: no `String`, no formatter, no
/// allocation.
enum DateTextFormatter {
    enum Style {
        /// `YYYY-MM-DD HH:MM:SS.SSS`: what SQLite's `strftime('%Y-%m-%d %H:%M:%f')` and GRDB write.
        case sqlite
        /// `YYYY-MM-DDTHH:MM:SS.SSSZ`.
        case iso8601

        var count: Int { self == .sqlite ? 23 : 24 }
    }

    /// Formats `milliseconds` and passes the bytes to `body`, or returns `nil` without
    /// calling it when the year is outside 0000…9999.
    @inline(__always)
    static func withFormatted<R>(
        _ milliseconds: Int64, style: Style, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R? {
        let (dayNumber, millisecondOfDay) = floorDivision(milliseconds, by: DateMilliseconds.perDay)
        let date = SQLCivilDate(dayNumber: Int(dayNumber))
        guard date.year >= 0 && date.year <= 9999 else { return nil }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let time = Int(millisecondOfDay)
            write(date.year, digits: 4, into: buffer, at: 0)
            buffer[4] = UInt8(ascii: "-")
            write(date.month, digits: 2, into: buffer, at: 5)
            buffer[7] = UInt8(ascii: "-")
            write(date.day, digits: 2, into: buffer, at: 8)
            buffer[10] = style == .sqlite ? UInt8(ascii: " ") : UInt8(ascii: "T")
            write(time / 3_600_000, digits: 2, into: buffer, at: 11)
            buffer[13] = UInt8(ascii: ":")
            write(time / 60_000 % 60, digits: 2, into: buffer, at: 14)
            buffer[16] = UInt8(ascii: ":")
            write(time / 1000 % 60, digits: 2, into: buffer, at: 17)
            buffer[19] = UInt8(ascii: ".")
            write(time % 1000, digits: 3, into: buffer, at: 20)
            buffer[23] = UInt8(ascii: "Z")
            return try body(UnsafeRawBufferPointer(start: buffer.baseAddress, count: style.count))
        }
    }

    @inline(__always)
    static func write(_ value: Int, digits: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        var value = value
        for position in stride(from: offset + digits - 1, through: offset, by: -1) {
            buffer[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            value /= 10
        }
    }

    /// Quotient and remainder rounded toward negative infinity: the day and the time of
    /// day of an instant before 1970 too.
    @inline(__always)
    static func floorDivision(_ value: Int64, by divisor: Int64) -> (Int64, Int64) {
        let quotient = value / divisor, remainder = value % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    /// Binds `date` as TEXT in `style`, rounded to the millisecond.
    @inline(__always)
    static func bind(_ date: Date, style: Style, as type: Any.Type, into context: inout some SQLBindingContext) throws {
        guard let milliseconds = DateMilliseconds.milliseconds(of: date) else {
            throw DateMilliseconds.outOfRange(date, as: type)
        }
        let bound: Void? = try withFormatted(milliseconds, style: style) { try context.bindText(utf8: $0) }
        guard bound != nil else {
            throw SQLEncodingError(
                type: SQLTypeName.of(type), valuePreview: DateMilliseconds.preview(date),
                reason: "the year is outside 0000…9999, the years a TEXT date holds"
            )
        }
    }
}
