import Codd
import Foundation
import Testing

/// A color whose own form is TEXT `#RRGGBB`.
struct SwatchColor: SQLCustomType, SQLEquatable, Codable, Hashable {
    var red: UInt8
    var green: UInt8
    var blue: UInt8

    static var storage: SQLStorage { .text }
    static var comparesUnwrapped: Bool { true }

    init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let text = try String(reader: reader, at: index)
        let digits = Array(text.utf8.dropFirst())
        guard text.hasPrefix("#"), digits.count == 6,
            let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else {
            throw reader.decodingError(
                at: index, for: Self.self, expected: [.text], reason: .invalidValue("not a #RRGGBB color"))
        }
        self.init(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    func bind(into context: inout some SQLBindingContext) throws {
        let hex = String(format: "#%02X%02X%02X", red, green, blue)
        try context.bindText(hex)
    }
}

/// The same color stored as three bytes: a representation of its own, whose JSON form
/// (hex digits of a BLOB) is not the color's.
struct SwatchColorBytes: SQLRepresentation, SQLEquatable {
    var represented: SwatchColor
    init(represented: SwatchColor) { self.represented = represented }

    static var storage: SQLStorage { .blob }
    static var comparesUnwrapped: Bool { true }

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.blob, at: index, for: Self.self)
        let bytes = reader.withUnsafeBlobBytes(at: index) { [UInt8]($0) }
        guard bytes.count == 3 else {
            throw reader.decodingError(
                at: index, for: Self.self, expected: [.blob], reason: .invalidValue("not 3 bytes"))
        }
        represented = SwatchColor(red: bytes[0], green: bytes[1], blue: bytes[2])
    }

    func bind(into context: inout some SQLBindingContext) throws {
        try [represented.red, represented.green, represented.blue].withUnsafeBytes { try context.bindBlob($0) }
    }
}

/// A card of plain `Codable` values, stored in an array as JSON.
struct SwatchCard: Codable, Equatable {
    var title: String
    var weight: Int
}

@Table("swatches")
struct Swatch: Equatable {
    let id: Int
    @Column(as: SwatchColorBytes.self) var accent: SwatchColor
    @Column(as: SwatchColorBytes.self) var highlight: SwatchColor?
    var label: SwatchColor
    @Column(as: [SwatchCard].JSONRepresentation.self) var cards: [SwatchCard]
}

/// A selection whose field is a column aggregate of a type that is its own representation.
@Selection
struct SwatchLabels: Equatable {
    @Column(as: [SwatchColor].JSONRepresentation.self) let labels: [SwatchColor]
    @Column(as: [String?].JSONRepresentation.self) let names: [String?]
}

/// `jsonGroupArray()` of a column stored through a representation of its own reads the
/// array back through that representation, the form SQL built it in.
@Suite("JSON aggregates of a column's own representation")
struct RepresentationAggregateTests {
    static let teal = SwatchColor(red: 0, green: 0x80, blue: 0x80)
    static let red = SwatchColor(red: 0xFF, green: 0, blue: 0)

    func database() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "swatches" ("id" INTEGER PRIMARY KEY, "accent" BLOB NOT NULL, "highlight" BLOB, "label" TEXT NOT NULL, "cards" TEXT NOT NULL)"#
            )
            try Swatch.insert([
                Swatch(
                    id: 1, accent: Self.teal, highlight: nil, label: Self.red,
                    cards: [SwatchCard(title: "a", weight: 1)]),
                Swatch(id: 2, accent: Self.red, highlight: Self.teal, label: Self.teal, cards: []),
            ]).execute(db)
        }
        return database
    }

    @Test func aColumnsOwnRepresentationAggregatesAndReadsBack() throws {
        let database = try database()
        // In the table's order (json_group_array's ORDER BY needs SQLite 3.44).
        let accents = try database.read { db in try Swatch.select { $0.accent.jsonGroupArray() }.fetchOne(db) }
        let highlights = try database.read { db in try Swatch.select { $0.highlight.jsonGroupArray() }.fetchOne(db) }
        let labels = try database.read { db in try Swatch.select { $0.label.jsonGroupArray() }.fetchOne(db) }
        #expect(accents == [Self.teal, Self.red])
        #expect(highlights == [nil, Self.teal])
        #expect(labels == [Self.red, Self.teal])
        // The SQL's own forms: the bytes' hex digits, the color's text.
        let texts = try database.read { db in
            try db.fetchOne(
                (String, String).self,
                #"SELECT json_group_array(hex("accent")), json_group_array("label") FROM "swatches""#)
        }
        #expect(texts?.0 == #"["008080","FF0000"]"#)
        #expect(texts?.1 == ##"["#FF0000","#008080"]"##)
    }

    /// A type that is its own representation aggregates as `[V].JSONRepresentation`, the
    /// type a `@Selection` field declares.
    @Test func anAggregateFillsASelectionsField() throws {
        let database = try database()
        let selected = try database.read { db in
            try Swatch.select {
                SwatchLabels.Columns(
                    labels: $0.label.jsonGroupArray(), names: $0.id.cast(as: String?.self).jsonGroupArray())
            }.fetchOne(db)
        }
        #expect(selected == SwatchLabels(labels: [Self.red, Self.teal], names: ["1", "2"]))
    }

    @Test func theOptionsListOnlyARepresentationOfItsOwn() {
        #expect(RepresentationJSONOptions<String>.representations.isEmpty)
        #expect(RepresentationJSONOptions<String?>.representations.isEmpty)
        #expect(RepresentationJSONOptions<SwatchColor>.representations.isEmpty)
        #expect(
            RepresentationJSONOptions<SwatchColorBytes>.representations.map(ObjectIdentifier.init) == [
                ObjectIdentifier(SwatchColorBytes.self)
            ])
        #expect(
            RepresentationJSONOptions<SwatchColorBytes?>.representations.map(ObjectIdentifier.init) == [
                ObjectIdentifier(SwatchColorBytes.self)
            ])
    }

    /// `[SwatchCard].JSONRepresentation`, an array of a plain `Codable` struct, is a column.
    @Test func anArrayOfCodableStructsIsAJSONColumn() throws {
        let database = try database()
        let cards = try database.read { db in try Swatch.order(by: \.id).select(\.cards).fetchAll(db) }
        #expect(cards == [[SwatchCard(title: "a", weight: 1)], []])
        let text = try database.read { db in
            try db.fetchOne(String.self, #"SELECT "cards" FROM "swatches" WHERE "id" = 1"#)
        }
        #expect(text == #"[{"title":"a","weight":1}]"#)
    }
}
