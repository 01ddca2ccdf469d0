import CoddTesting
import Foundation
import Testing

/// The shipped Date codecs under the round-trip kit, on generated dates from year 1 to
/// 9999 (milliseconds, or whole seconds for unix time), ordering included.
@Suite("Date codecs under CoddTesting")
struct DateRoundTripKitTests {
    /// Seconds from 0001-01-01 to 9999-12-31 relative to 1970.
    static let range = -62_135_596_800_000...253_402_300_799_999

    static func dates(count: Int, unit: Int64) -> [Date] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            let milliseconds = Int64.random(in: Int64(range.lowerBound)...Int64(range.upperBound), using: &generator)
            // A millisecond-precision Date is the Double nearest its millisecond in Date's own
            // (reference-date) terms; a detour through 1970 can land one ulp away.
            return date(milliseconds: milliseconds / unit * unit)
        }
    }

    @Test func text() throws { try RoundTripCheck(Date.self).run(values: Self.dates(count: 1_000, unit: 1)) }
    @Test func iso8601() throws {
        try RoundTripCheck(Date.ISO8601Representation.self).run(values: Self.dates(count: 1_000, unit: 1))
    }
    @Test func unixTime() throws {
        try RoundTripCheck(Date.UnixTimeRepresentation.self).run(values: Self.dates(count: 1_000, unit: 1_000))
    }
    @Test func unixTimeMilliseconds() throws {
        try RoundTripCheck(Date.UnixTimeMillisecondsRepresentation.self).run(values: Self.dates(count: 1_000, unit: 1))
    }
    @Test func unixTimeReal() throws {
        try RoundTripCheck(Date.UnixTimeRealRepresentation.self).run(values: Self.dates(count: 1_000, unit: 1))
    }
    @Test func julianDay() throws {
        try RoundTripCheck(Date.JulianDayRepresentation.self).run(values: Self.dates(count: 1_000, unit: 1))
    }
}
