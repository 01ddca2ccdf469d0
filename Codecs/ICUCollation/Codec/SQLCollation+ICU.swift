import CICUCollation
import CoddCore

/// How much of a difference an ICU collation sees (ICU's comparison levels).
public enum ICUCollationStrength: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Base letters only: `e` = `é` = `E`, `ß` = `ss`. Case- and accent-insensitive.
    case primary = 1
    /// Base letters and accents: `e` ≠ `é`, `e` = `E`. Case-insensitive.
    case secondary
    /// Base letters, accents and case: ICU's default.
    case tertiary
    /// As tertiary, and punctuation ignored at the lower levels is told apart.
    case quaternary
    /// Any difference in the text (after normalization) tells two texts apart.
    case identical

    public var description: String {
        switch self {
        case .primary: "primary"
        case .secondary: "secondary"
        case .tertiary: "tertiary"
        case .quaternary: "quaternary"
        case .identical: "identical"
        }
    }
}

extension SQLCollation {
    /// A locale's order, by ICU (the system's `libicu`): `é` sorts with `e` in French, `ä`
    /// after `z` in Swedish, and at ``ICUCollationStrength/primary`` strength case and
    /// accents are ignored (`ß` equals `ss`), so `=` and `GROUP BY` compare that way too.
    ///
    /// ```swift
    /// let french = SQLCollation.icu(locale: "fr", strength: .primary)   // named "icu_fr_primary"
    /// var configuration = Configuration()
    /// configuration.add(collation: french)            // every connection, before any statement
    /// // CREATE INDEX "people_name" ON "people" ("name" COLLATE "icu_fr_primary")
    /// // … ORDER BY "name" COLLATE "icu_fr_primary"
    /// ```
    ///
    /// Each connection opens its own ICU collator when the collation is registered on it. A
    /// locale ICU has no collation for is an `SQLCollationError/unavailable(name:reason:)`
    /// then, never a silent fallback to the root order (ask for that with `""`, `"root"` or
    /// `"und"`); so is a system without ICU.
    ///
    /// - Parameters:
    ///   - name: the name SQL uses; by default `icu_`, the locale (non-alphanumeric
    ///     characters as `_`), the strength and `_numeric` when `numeric`.
    ///   - locale: an ICU locale identifier: `fr`, `sv_SE`, `de@collation=phonebook`.
    ///   - strength: what differences count (``ICUCollationStrength/tertiary``, ICU's
    ///     default, tells case and accents apart).
    ///   - numeric: orders runs of digits by value (`a2` before `a10`).
    public static func icu(
        _ name: String? = nil, locale: String, strength: ICUCollationStrength = .tertiary, numeric: Bool = false
    ) -> SQLCollation {
        let name = name ?? defaultICUName(locale: locale, strength: strength, numeric: numeric)
        return SQLCollation(
            name,
            comparison: SQLCollationComparison {
                try ICUComparator(name: name, locale: locale, strength: strength, numeric: numeric)
            }
        )
    }

    static func defaultICUName(locale: String, strength: ICUCollationStrength, numeric: Bool) -> String {
        let sanitized = String(
            String.UnicodeScalarView(
                locale.unicodeScalars.map {
                    ($0.properties.isAlphabetic && $0.isASCII) || ("0"..."9").contains($0) ? $0 : "_"
                }))
        return "icu_" + (sanitized.isEmpty ? "root" : sanitized) + "_\(strength)" + (numeric ? "_numeric" : "")
    }
}

/// One connection's ICU collator.
final class ICUComparator: SQLTextComparator {
    private let collator: OpaquePointer

    init(name: String, locale: String, strength: ICUCollationStrength, numeric: Bool) throws {
        guard codd_icu_collation_available() != 0 else {
            throw SQLCollationError.unavailable(
                name: name, reason: "this build has no ICU (its headers were not found)")
        }
        if locale.utf8.contains(0) {
            throw SQLCollationError.unavailable(name: name, reason: "the locale contains a NUL byte")
        }
        var status: Int32 = 0
        guard let collator = codd_icu_collator_open(locale, Int32(strength.rawValue), numeric ? 1 : 0, &status) else {
            let reason =
                status == -127
                ? "ICU has no collation for the locale \(locale.debugDescription) (it would use the root order: ask for \"root\" for that)"
                : "ICU cannot open a collator for the locale \(locale.debugDescription): \(String(cString: codd_icu_error_name(status)))"
            throw SQLCollationError.unavailable(name: name, reason: reason)
        }
        self.collator = collator
    }

    deinit {
        codd_icu_collator_close(collator)
    }

    func compare(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let left = lhs.baseAddress?.assumingMemoryBound(to: CChar.self)
        let right = rhs.baseAddress?.assumingMemoryBound(to: CChar.self)
        return Int(
            codd_icu_collator_compare(collator, left, Int32(clamping: lhs.count), right, Int32(clamping: rhs.count)))
    }
}
