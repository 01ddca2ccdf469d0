import CoddCore
import Foundation

extension Decimal {
    /// The Decimal codec, for annotation lookup (`SQLCodecRegistry`): `TEXT AS Decimal`
    /// (canonical text, numeric order through the `codd_decimal` collation; `numeric` on
    /// PostgreSQL).
    public static let codecs: [SQLCodec] = [
        SQLCodec(name: "text", isDefault: true, representation: Decimal.self)
    ]
}

/// A number SQLite's arithmetic would round: `sum`, `total` and `avg` of a Decimal column do
/// not compile, with a message that says why.
extension Decimal: SQLExactNumeric {}
