import CoddCore

/// The collation a codec's values must be compared in because the stored form Codd writes
/// does not order as the Swift values do (a `Decimal`'s text: `'10' < '9.5'`): what Codd's
/// DSL renders around them, and SQL written by hand must write itself.
///
/// Taken from the representation (`SQLComparisonWrapping`, a wrap that keeps the value),
/// so a query file is held to the form the DSL renders: `amount COLLATE "codd_decimal"`.
package struct ComparisonWrap: Sendable, Hashable {
    /// The wrap around an expression, ``marker`` standing for it.
    private let template: String
    /// The collation's name.
    package let collation: String

    private static let marker = "\u{1}"

    /// The collation of `representation`, or `nil` when its stored values compare as they
    /// are or its wrap computes another value.
    init?(_ representation: any SQLCustomType.Type) {
        guard !representation.comparesUnwrapped, representation.wrapKeepsValue else { return nil }
        var builder = SQLBuilder(mode: .inlineLiterals)
        representation.wrapSQL(into: &builder) { $0.appendRaw(Self.marker) }
        guard let collation = builder.collations.first?.name else { return nil }
        self.template = builder.sql
        self.collation = collation
    }

    /// `expression` in the collation: `amount COLLATE "codd_decimal"`.
    package func wrapping(_ expression: String) -> String {
        template.replacingOccurrences(of: Self.marker, with: expression)
    }
}
