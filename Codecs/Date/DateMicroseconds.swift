import CoddCore
import Foundation

/// A date as a native timestamp (``SQLNativeValue/timestamp(microsecondsSince1970:)``,
/// PostgreSQL's `timestamptz`): microseconds since 1970 UTC, counted from the reference
/// date, where a `Date`'s `Double` is exact.
@usableFromInline
enum DateMicroseconds {
    @usableFromInline
    static let referenceOffset: Int64 = 978_307_200_000_000

    static func microseconds(of date: Date) -> Int64? {
        guard let milliseconds = DateMilliseconds.supportedMilliseconds(of: date),
            let fromReference = DateMilliseconds.roundedHalfUp(
                date.timeIntervalSinceReferenceDate * 1_000_000, within: Double(DateMilliseconds.limit) * 1000
            )
        else { return nil }
        _ = milliseconds
        return fromReference + referenceOffset
    }

    @inlinable
    static func date(microseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(microseconds - referenceOffset) / 1_000_000)
    }
}

extension SQLColumnReader {
    /// A native `timestamptz` (PostgreSQL) as milliseconds since 1970, for the numeric
    /// representations, which count milliseconds.
    @inline(__always)
    func readNativeTimestampMilliseconds(at index: Int) -> Int64? {
        guard case .timestamp(let microseconds)? = readNative(at: index) else { return nil }
        let (quotient, remainder) = microseconds.quotientAndRemainder(dividingBy: 1000)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
