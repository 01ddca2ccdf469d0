import CoddCore
import Foundation

/// Every Date codec converts through a whole number of milliseconds since 1970-01-01
/// 00:00:00 UTC, the unit SQLite's date functions compute in.
enum DateMilliseconds {
    /// Milliseconds between 1970-01-01 and 2001-01-01, `Date`'s reference date.
    static let referenceOffset: Int64 = 978_307_200_000
    /// 1970-01-01 00:00:00 as SQLite's julian day times 86,400,000 (2440587.5 days).
    static let julianDayOffset: Int64 = 210_866_760_000_000
    static let perDay: Int64 = 86_400_000

    /// The largest instant the arithmetic handles, in either direction: 100,000,000 days
    /// (about 273,790 years), which every representation holds exactly.
    static let limit: Int64 = 8_640_000_000_000_000
    static let limitDouble = Double(limit)

    /// The instants SQLite's date functions handle: julian days 0 (4714-11-24 BC, 12:00)
    /// through 9999-12-31 23:59:59.999. Outside, `julianday()` is NULL and every wrapped
    /// comparison silently fails, so the codecs refuse to write or read such instants.
    static let supported: ClosedRange<Int64> = -julianDayOffset...253_402_300_799_999

    /// `value` rounded to the nearest integer, halves toward the future; `nil` beyond
    /// ±`bound` or when not finite.
    @inline(__always)
    static func roundedHalfUp(_ value: Double, within bound: Double) -> Int64? {
        guard value.isFinite else { return nil }
        let floor = value.rounded(.down)
        let rounded = value - floor >= 0.5 ? floor + 1 : floor
        guard rounded.magnitude <= bound else { return nil }
        return Int64(rounded)
    }

    /// `date` in milliseconds since 1970, rounded to the nearest; `nil` beyond ``limit``.
    @inline(__always)
    static func milliseconds(of date: Date) -> Int64? {
        // From the reference date, where a Date's Double is exact: no detour through 1970.
        guard let fromReference = roundedHalfUp(date.timeIntervalSinceReferenceDate * 1000, within: limitDouble) else {
            return nil
        }
        let milliseconds = fromReference + referenceOffset
        return milliseconds.magnitude <= limit ? milliseconds : nil
    }

    /// `date` in milliseconds since 1970 if SQLite's date functions handle it (see
    /// ``supported``), for the numeric representations; `nil` otherwise.
    @inline(__always)
    static func supportedMilliseconds(of date: Date) -> Int64? {
        milliseconds(of: date).flatMap { supported.contains($0) ? $0 : nil }
    }

    /// `date` in whole units of `millisecondsPerUnit` since 1970 (1,000: seconds; 1:
    /// milliseconds), rounded to the nearest, halves toward the future; `nil` beyond
    /// ``limit`` or what SQLite's date functions handle (``supported``).
    @inline(__always)
    static func wholeUnits(of date: Date, millisecondsPerUnit unit: Int64) -> Int64? {
        // From the reference date, where a Date's Double is exact; scaled once (by 1 for
        // seconds, so exactly).
        let scale = Double(1000 / unit)
        guard
            let fromReference = roundedHalfUp(
                date.timeIntervalSinceReferenceDate * scale, within: limitDouble / Double(unit))
        else {
            return nil
        }
        let units = fromReference + referenceOffset / unit
        return units.magnitude <= limit / unit && supported.contains(units * unit) ? units : nil
    }

    /// `date` in whole seconds since 1970, rounded to the nearest; `nil` beyond ``limit``.
    @inline(__always)
    static func seconds(of date: Date) -> Int64? {
        guard let fromReference = roundedHalfUp(date.timeIntervalSinceReferenceDate, within: limitDouble / 1000) else {
            return nil
        }
        let seconds = fromReference + referenceOffset / 1000
        return seconds.magnitude <= limit / 1000 && supported.contains(seconds * 1000) ? seconds : nil
    }

    /// The Date `milliseconds` after 1970: the Double nearest the instant.
    @inline(__always)
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(milliseconds - referenceOffset) / 1000)
    }

    /// The encoding error for a date outside ``supported`` (or not finite).
    static func outOfRange(_ date: Date, as type: Any.Type) -> SQLEncodingError {
        SQLEncodingError(
            type: SQLTypeName.of(type), valuePreview: preview(date),
            reason: "outside julian days 0 (4714 BC) through 9999-12-31, the dates SQLite's date functions handle"
        )
    }

    /// `date` for an error message. Not `Date.description`, which traps for dates far
    /// outside the calendar (and for infinities).
    static func preview(_ date: Date) -> String {
        guard let milliseconds = milliseconds(of: date) else {
            return "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
        }
        let day = milliseconds >= 0 ? milliseconds / perDay : (milliseconds - perDay + 1) / perDay
        let time = milliseconds - day * perDay
        let civil = SQLCivilDate(dayNumber: Int(day))
        func padded(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(civil.year)-\(padded(Int64(civil.month), 2))-\(padded(Int64(civil.day), 2)) "
            + "\(padded(time / 3_600_000, 2)):\(padded(time / 60_000 % 60, 2)):\(padded(time / 1000 % 60, 2))."
            + "\(padded(time % 1000, 3)) UTC"
    }
}
