import CoddCore
import Foundation

/// Parses the time values SQLite's date functions read from TEXT, straight from the
/// column's bytes: no `String`, no formatter, no allocation.
///
/// Accepted, as by SQLite (`sqlite.org/lang_datefunc.html`, "Time Values"):
///
/// - `YYYY-MM-DD`, then optionally a time: `HH:MM`, `HH:MM:SS` or `HH:MM:SS.S…` (any number
///   of fraction digits), after a run of spaces or `T` (`2024-01-01T10:30`);
/// - a time alone (`HH:MM`, `HH:MM:SS`, `HH:MM:SS.S…`), on 2000-01-01;
/// - after a time, optionally a zone: `Z`, `z` or `±HH:MM` (hours 00–14), which is
///   subtracted to give UTC, optionally after spaces; trailing spaces.
///
/// Rejected where SQLite would accept, because a stored date should name one instant on
/// the calendar: a day the month does not have (`2024-02-30`, which SQLite rolls into
/// March), hour 24, years before 0000, `now` (the time of the read, not a stored value),
/// a julian day number written as text, and more fraction digits than a `Double` can
/// scale (SQLite computes garbage). Everything else SQLite rejects is rejected too.
///
/// Fraction digits are rounded to the millisecond exactly as SQLite computes them (the
/// seconds as a `Double`, times 1000, plus 0.5, truncated), with the fraction capped at
/// .999 as SQLite 3.42+ does, so that a parsed value and `julianday()` of the same text
/// name the same millisecond (SQLite 3.40 rounds a fraction of .9995 or more up instead).
@usableFromInline
enum DateTextParser {
    /// Why bytes are not a time value. Positions count characters from 1; ``message`` is
    /// built on the error path only.
    enum Failure: Error, Equatable {
        case empty
        case expected(Expectation, position: Int, found: UInt8?)
        case month(Int)
        case day(Int, month: Int, year: Int)
        case hour(Int)
        case minute(Int)
        case second(Int)
        case offsetHour(Int)
        case offsetMinute(Int)
        case trailing(position: Int, found: UInt8, after: Part)
        case negativeYear
        case afterYear9999
        case now
        case number
        case fractionTooLong

        enum Expectation: Equatable {
            case digit, dash, colon
        }

        enum Part: Equatable {
            case date, time, zone
        }
    }

    /// 2000-01-01, the day of a time value without a date.
    static let timeOnlyDayNumber = 10_957

    /// 9999-12-31 23:59:59.999 UTC, the last instant SQLite's date functions read.
    static let lastMillisecond: Int64 = 253_402_300_799_999

    /// The date `bytes` name, or `nil` when ``parse(_:)`` rejects them: the read path.
    /// The canonical form the codecs write takes a fixed-width fast path.
    @usableFromInline
    static func date(_ bytes: UnsafeRawBufferPointer) -> Date? {
        if let milliseconds = canonicalMilliseconds(bytes) {
            return DateMilliseconds.date(milliseconds: milliseconds)
        }
        do throws(Failure) {
            return DateMilliseconds.date(milliseconds: try parse(bytes))
        } catch {
            return nil
        }
    }

    /// `YYYY-MM-DD HH:MM:SS.SSS` (or with `T`), the form the codecs write, in milliseconds
    /// since 1970; `nil` for anything else, which ``parse(_:)`` then reads or explains.
    /// The same instant `parse` computes: three fraction digits are exact milliseconds.
    @inline(__always)
    static func canonicalMilliseconds(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        guard bytes.count == 23, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: ".")
        else {
            return nil
        }
        @inline(__always) func digit(_ offset: Int) -> Int? {
            let value = bytes[offset] &- UInt8(ascii: "0")
            return value < 10 ? Int(value) : nil
        }
        @inline(__always) func number(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for position in offset..<(offset + count) {
                guard let digit = digit(position) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            let millisecond = number(20, 3),
            month >= 1, month <= 12, day >= 1, day <= SQLCivilDate.daysInMonth(month, of: year),
            hour <= 23, minute <= 59, second <= 59
        else {
            return nil
        }
        let dayNumber = SQLCivilDate(year: year, month: month, day: day).dayNumber
        return Int64(dayNumber) * DateMilliseconds.perDay
            + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000 + millisecond)
    }

    /// The instant `bytes` name, in milliseconds since 1970-01-01 00:00:00 UTC.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> Int64 {
        guard !bytes.isEmpty else { throw .empty }
        var cursor = Cursor(bytes: bytes)
        do throws(Failure) {
            let milliseconds =
                bytes.count >= 3 && bytes[2] == UInt8(ascii: ":")
                ? try cursor.time(dayNumber: timeOnlyDayNumber)
                : try cursor.dateAndTime()
            // A zone or a rounded fraction can pass the end of 9999, where SQLite's julian days stop.
            guard milliseconds <= lastMillisecond else { throw .afterYear9999 }
            return milliseconds
        } catch {
            throw refined(error, bytes)
        }
    }

    /// A clearer failure for text that is something else SQLite reads: `now`, a number,
    /// a negative year.
    static func refined(_ failure: Failure, _ bytes: UnsafeRawBufferPointer) -> Failure {
        if bytes.count == 3, bytes[0] | 0x20 == UInt8(ascii: "n"), bytes[1] | 0x20 == UInt8(ascii: "o"),
            bytes[2] | 0x20 == UInt8(ascii: "w")
        {
            return .now
        }
        if isNumber(bytes) { return .number }
        if bytes.count >= 6, bytes[0] == UInt8(ascii: "-"), bytes[5] == UInt8(ascii: "-"),
            bytes[1...4].allSatisfy({ $0 &- UInt8(ascii: "0") < 10 })
        {
            return .negativeYear
        }
        return failure
    }

    /// Whether `bytes` are a decimal number (with spaces around, a sign, a fraction, an
    /// exponent), which SQLite reads as a julian day.
    static func isNumber(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var digits = 0
        func skip(_ predicate: (UInt8) -> Bool) -> Int {
            let start = index
            while index < bytes.count, predicate(bytes[index]) { index += 1 }
            return index - start
        }
        let isDigit: (UInt8) -> Bool = { $0 &- UInt8(ascii: "0") < 10 }
        _ = skip(Cursor.isSpace)
        _ = skip { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }  // at most one matters here
        digits += skip(isDigit)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            digits += skip(isDigit)
        }
        guard digits > 0 else { return false }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            _ = skip { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }
            guard skip(isDigit) > 0 else { return false }
        }
        _ = skip(Cursor.isSpace)
        return index == bytes.count
    }

    /// A position in the bytes being parsed.
    struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        @inline(__always)
        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        /// SQLite's `sqlite3Isspace`: space, tab, line feed, vertical tab, form feed, return.
        @inline(__always)
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
        }

        /// Exactly `count` digits, as a number.
        @inline(__always)
        mutating func digits(_ count: Int) throws(Failure) -> Int {
            var value = 0
            for _ in 0..<count {
                guard let byte = current, byte &- UInt8(ascii: "0") < 10 else {
                    throw .expected(.digit, position: index + 1, found: current)
                }
                value = value * 10 + Int(byte &- UInt8(ascii: "0"))
                index += 1
            }
            return value
        }

        @inline(__always)
        mutating func expect(_ byte: UInt8, _ expectation: Failure.Expectation) throws(Failure) {
            guard current == byte else { throw .expected(expectation, position: index + 1, found: current) }
            index += 1
        }

        @inline(__always)
        mutating func skipSpaces() {
            while let byte = current, Self.isSpace(byte) { index += 1 }
        }

        /// `YYYY-MM-DD`, then a time or nothing.
        mutating func dateAndTime() throws(Failure) -> Int64 {
            let year = try digits(4)
            try expect(UInt8(ascii: "-"), .dash)
            let month = try digits(2)
            guard month >= 1 && month <= 12 else { throw .month(month) }
            try expect(UInt8(ascii: "-"), .dash)
            let day = try digits(2)
            guard day >= 1 && day <= SQLCivilDate.daysInMonth(month, of: year) else {
                throw .day(day, month: month, year: year)
            }
            let dayNumber = SQLCivilDate(year: year, month: month, day: day).dayNumber
            // SQLite skips any run of white space and `T` (none at all included).
            while let byte = current, Self.isSpace(byte) || byte == UInt8(ascii: "T") { index += 1 }
            guard let byte = current else { return Int64(dayNumber) * DateMilliseconds.perDay }
            guard byte &- UInt8(ascii: "0") < 10 else {
                throw .trailing(position: index + 1, found: byte, after: .date)
            }
            return try time(dayNumber: dayNumber)
        }

        /// `HH:MM[:SS[.S…]]`, then a zone or nothing, on day `dayNumber`.
        mutating func time(dayNumber: Int) throws(Failure) -> Int64 {
            let hour = try digits(2)
            guard hour <= 23 else { throw .hour(hour) }
            try expect(UInt8(ascii: ":"), .colon)
            let minute = try digits(2)
            guard minute <= 59 else { throw .minute(minute) }
            var milliseconds: Int64 = 0
            if current == UInt8(ascii: ":") {
                index += 1
                let second = try digits(2)
                guard second <= 59 else { throw .second(second) }
                milliseconds = try secondsInMilliseconds(second)
            }
            let offset = try zoneOffsetMinutes()
            let minutes = Int64(dayNumber) * 1440 + Int64(hour) * 60 + Int64(minute) - Int64(offset)
            return minutes * 60_000 + milliseconds
        }

        /// The seconds and their fraction digits in milliseconds, as SQLite computes them.
        @inline(__always)
        mutating func secondsInMilliseconds(_ second: Int) throws(Failure) -> Int64 {
            var seconds = Double(second)
            if current == UInt8(ascii: "."), index + 1 < bytes.count, bytes[index + 1] &- UInt8(ascii: "0") < 10 {
                index += 1
                var fraction = 0.0
                var scale = 1.0
                while let byte = current, byte &- UInt8(ascii: "0") < 10 {
                    // (ms*10.0 + *zDate) - '0', in SQLite's order.
                    fraction = fraction * 10.0 + Double(byte) - 48.0
                    scale *= 10.0
                    index += 1
                }
                // Capped at .999, as SQLite 3.42 and later do: a fraction never rolls the
                // time into the next second (or day, or year). SQLite 3.40 rounds .9995 up.
                seconds += Swift.min(fraction / scale, 0.999)
            }
            let milliseconds = (seconds * 1000 + 0.5).rounded(.towardZero)
            guard milliseconds.isFinite else { throw .fractionTooLong }
            return Int64(milliseconds)
        }

        /// `Z`, `±HH:MM` or nothing, then spaces and the end: the offset in minutes.
        mutating func zoneOffsetMinutes() throws(Failure) -> Int {
            skipSpaces()
            guard let byte = current else { return 0 }
            var offset = 0
            switch byte {
            case UInt8(ascii: "Z"), UInt8(ascii: "z"):
                index += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"):
                index += 1
                let hours = try digits(2)
                guard hours <= 14 else { throw .offsetHour(hours) }
                try expect(UInt8(ascii: ":"), .colon)
                let minutes = try digits(2)
                guard minutes <= 59 else { throw .offsetMinute(minutes) }
                offset = (hours * 60 + minutes) * (byte == UInt8(ascii: "-") ? -1 : 1)
            default:
                throw .trailing(position: index + 1, found: byte, after: .time)
            }
            skipSpaces()
            if let byte = current { throw .trailing(position: index + 1, found: byte, after: .zone) }
            return offset
        }
    }
}

extension DateTextParser.Failure {
    /// What is wrong, for ``SQLDecodingError/Reason/invalidValue(_:)``.
    var message: String {
        switch self {
        case .empty:
            return "empty text is not a date"
        case .expected(let expectation, let position, let found):
            let what =
                switch expectation {
                case .digit: "a digit"
                case .dash: "'-'"
                case .colon: "':'"
                }
            return "expected \(what) at character \(position), found \(Self.describe(found))"
        case .month(let month):
            return "month \(Self.twoDigits(month)) is not between 01 and 12"
        case .day(let day, let month, let year):
            let days = SQLCivilDate.daysInMonth(month, of: year)
            return
                "day \(Self.twoDigits(day)) is not in \(SQLCivilDate.monthNames[month - 1]) \(year), which has \(days) days"
        case .hour(let hour):
            return "hour \(Self.twoDigits(hour)) is not between 00 and 23"
        case .minute(let minute):
            return "minute \(Self.twoDigits(minute)) is not between 00 and 59"
        case .second(let second):
            return "second \(Self.twoDigits(second)) is not between 00 and 59"
        case .offsetHour(let hours):
            return "time zone offset hours \(Self.twoDigits(hours)) are not between 00 and 14"
        case .offsetMinute(let minutes):
            return "time zone offset minutes \(Self.twoDigits(minutes)) are not between 00 and 59"
        case .trailing(let position, let found, let part):
            let after =
                switch part {
                case .date: "after the date (expected a time, or the end)"
                case .time: "after the time (expected Z, ±HH:MM, or the end)"
                case .zone: "after the time zone"
                }
            return "unexpected \(Self.describe(found)) at character \(position) \(after)"
        case .negativeYear:
            return "years before 0000 are not supported"
        case .afterYear9999:
            return "the instant is after 9999-12-31 23:59:59.999 UTC, the last SQLite's date functions read"
        case .now:
            return "'now' is the time of the read, not a stored date"
        case .number:
            return
                "a number in TEXT is not read as a date: store julian days or unix times with a numeric representation"
        case .fractionTooLong:
            return "too many fraction digits"
        }
    }

    static func describe(_ byte: UInt8?) -> String {
        guard let byte else { return "the end of the text" }
        return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "a non-ASCII or control character"
    }

    static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
