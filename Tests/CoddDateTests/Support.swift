import Codd
import Foundation
import Testing

/// SplitMix64: a small seeded generator, so that every run tests the same values.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Milliseconds between 1970-01-01 and 2001-01-01, `Date`'s reference date.
let referenceOffsetMilliseconds: Int64 = 978_307_200_000

/// The Date `milliseconds` after 1970-01-01 00:00:00 UTC: the Double nearest the instant,
/// which is what a millisecond-precision Date is.
func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSinceReferenceDate: Double(milliseconds - referenceOffsetMilliseconds) / 1000)
}

/// The milliseconds since 1970 of a millisecond-precision Date.
func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSinceReferenceDate * 1000).rounded()) + referenceOffsetMilliseconds
}

/// A UTC date from its parts.
func utc(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    milliseconds ms: Int = 0
) -> Date {
    // Days since 1970 (proleptic Gregorian), after Hinnant, independent of the codec's copy.
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return date(milliseconds: Int64(days) * 86_400_000 + Int64(hour * 3_600_000 + minute * 60_000 + second * 1000 + ms))
}

/// 0001-01-01 00:00:00.000 and 9999-12-31 23:59:59.999, in milliseconds since 1970.
let firstMillisecondOfYear1: Int64 = -62_135_596_800_000
let lastMillisecondOfYear9999: Int64 = 253_402_300_799_999

/// The error reading `sql`'s first column as `R`.
func decodingError<R: SQLCustomType>(_ type: R.Type, _ sql: String, in db: Connection) throws -> SQLDecodingError {
    let error = #expect(throws: SQLDecodingError.self) { try db.fetchAll(R.self, sql) }
    return try #require(error)
}

/// The message of an `.invalidValue` reason, or a description of another reason.
func message(_ error: SQLDecodingError) -> String {
    if case .invalidValue(let message) = error.reason { return message }
    return "\(error.reason)"
}

extension SQLStatement {
    /// The SQL for execution, with its bindings.
    var parameterSQL: String { (try? fragment.sql) ?? "<error>" }
}
