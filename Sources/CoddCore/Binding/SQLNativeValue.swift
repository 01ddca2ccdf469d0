import Foundation

/// A value in a type that PostgreSQL has natively and SQLite does not: a codec offers it
/// to the binding context first (`bindNative(_:)`), and binds its SQLite storage form when
/// the context declines.
///
/// In the PostgreSQL dialect the builder renders it as a placeholder with a cast, and
/// binds its text form: `$1::uuid`, `$2::timestamptz`, `$3::jsonb`, `$4::boolean`.
public enum SQLNativeValue: Sendable, Hashable {
    /// A `uuid`.
    case uuid(UUID)
    /// A `timestamptz`: microseconds since 1970-01-01 00:00:00 UTC.
    case timestamp(microsecondsSince1970: Int64)
    /// A `jsonb` document, as JSON text.
    case jsonb(String)
    /// A `boolean`.
    case boolean(Bool)

    /// The text the value binds as, which the cast turns back into the native type.
    package var text: String {
        switch self {
        case .uuid(let uuid): uuid.uuidString.lowercased()
        case .timestamp(let microseconds): Self.timestampText(microseconds)
        case .jsonb(let json): json
        case .boolean(let value): value ? "true" : "false"
        }
    }

    /// The type name of the cast: `uuid`, `timestamptz`, `jsonb`, `boolean`.
    package var castName: StaticString {
        switch self {
        case .uuid: "uuid"
        case .timestamp: "timestamptz"
        case .jsonb: "jsonb"
        case .boolean: "boolean"
        }
    }

    /// `2024-01-02 03:04:05.678901+00`: microseconds since 1970 as UTC text, for any year
    /// from 1 to 9999 (days to civil date: Howard Hinnant's algorithm).
    package static func timestampText(_ microseconds: Int64) -> String {
        let perDay: Int64 = 86_400_000_000
        var days = microseconds / perDay
        var rest = microseconds % perDay
        if rest < 0 {
            rest += perDay
            days -= 1
        }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let seconds = rest / 1_000_000
        let fraction = rest % 1_000_000
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):"
            + "\(pad(seconds % 60, 2)).\(pad(fraction, 6))+00"
    }
}
