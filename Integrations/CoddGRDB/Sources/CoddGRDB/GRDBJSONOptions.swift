import Codd
import Foundation

/// JSON documents in the form GRDB's records give a JSON column: a `Date` as milliseconds
/// since 1970 (a JSON number), `Data` as base64, a `UUID` as uppercase text. Codd's own
/// form (``StandardJSONOptions``) is the form of each type's column: date text, hex digits,
/// lowercase text. Declare a column that GRDB's records also read and write with these
/// options, and each side reads what the other wrote:
///
/// ```swift
/// @Column(as: JSONDocument<EventDetails, GRDBJSONOptions>.self) var details: EventDetails
/// ```
public enum GRDBJSONOptions: JSONCodingOptions {
    public static var representations: [any SQLCustomType.Type] {
        [GRDBJSONDate.self, Data.Base64TextRepresentation.self, UUID.UppercaseTextRepresentation.self]
    }
}

/// A date as GRDB's JSON encoder writes it (`dateEncodingStrategy = .millisecondsSince1970`):
/// `1000 * timeIntervalSince1970` as a number, its fraction kept, read back the same way.
struct GRDBJSONDate: SQLRepresentation, SQLComparable {
    var represented: Date

    init(represented: Date) {
        self.represented = represented
    }

    static var storage: SQLStorage { .real }

    /// Milliseconds order as the dates do.
    static var comparesUnwrapped: Bool { true }

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let milliseconds: Double
        switch reader.storage(at: index) {
        case .integer: milliseconds = Double(reader.readInt64(at: index))
        case .real: milliseconds = reader.readDouble(at: index)
        default:
            try reader.requireStorage(.real, at: index, for: Date.self)
            throw reader.decodingError(at: index, for: Date.self, expected: [.real], reason: .storageMismatch)
        }
        represented = Date(timeIntervalSince1970: milliseconds / 1000)
    }

    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindReal(1000 * represented.timeIntervalSince1970)
    }
}
