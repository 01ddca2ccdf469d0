import Codd
import Foundation

/// The row every contender decodes: `(id INTEGER, uuid TEXT, created TEXT, score REAL,
/// title TEXT, tags TEXT JSON array)`.
struct Item: Equatable {
    var id: Int
    var uuid: UUID
    var created: Date
    var score: Double
    var title: String
    var tags: [String]

    /// The deterministic row `id`.
    static func make(_ id: Int) -> Item {
        var bytes = [UInt8](repeating: 0, count: 16)
        var seed = UInt64(id) &* 0x9E37_79B9_7F4A_7C15 | 1
        for index in 0..<16 {
            seed ^= seed << 13; seed ^= seed >> 7; seed ^= seed << 17
            bytes[index] = UInt8(truncatingIfNeeded: seed)
        }
        let uuid = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        // Millisecond-precision instants between 2001 and 2033, built as the codecs build them.
        let milliseconds = Int64(id) * 5_003_017 % 1_000_000_000_000
        let created = Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000)
        return Item(
            id: id, uuid: uuid, created: created, score: Double(id) * 0.25, title: "Item number \(id)",
            tags: ["tag\(id % 7)", "group\(id % 3)"]
        )
    }

    var tagsJSON: String { "[" + tags.map { "\"\($0)\"" }.joined(separator: ",") + "]" }
}

/// `[String]` stored as a JSON array in TEXT: a representation written for the benchmark,
/// with the hand parser, until Codd's JSON codec exists.
struct StringArrayJSON: SQLCustomType, SQLEquatable {
    var represented: [String]
    init(represented: [String]) { self.represented = represented }
    static var storage: SQLStorage { .text }

    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        try reader.requireStorage(.text, at: index, for: StringArrayJSON.self)
        let parsed = reader.withUnsafeTextBytes(at: index) { HandCodecs.stringArray($0) }
        guard let parsed else {
            throw reader.decodingError(
                at: index, for: StringArrayJSON.self, expected: [.text],
                reason: .invalidValue("not a JSON array of strings"))
        }
        represented = parsed
    }

    /// `["a","b"]` (strings without escapes, as the hand parser reads), formatted into a
    /// stack buffer as a codec would.
    func bind(into context: inout some SQLBindingContext) throws {
        let count = represented.reduce(2) { $0 + $1.utf8.count + 3 }
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            var offset = 0
            func append(_ byte: UInt8) { buffer[offset] = byte; offset += 1 }
            append(UInt8(ascii: "["))
            for (index, string) in represented.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                append(UInt8(ascii: "\""))
                for byte in string.utf8 { append(byte) }
                append(UInt8(ascii: "\""))
            }
            append(UInt8(ascii: "]"))
            try context.bindText(utf8: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<offset]))
        }
    }
}

/// The Codd contender's table.
@Table("items")
struct CoddItem {
    let id: Int
    var uuid: UUID
    var created: Date
    var score: Double
    var title: String
    @Column(as: [String].JSONRepresentation.self) var tags: [String]

    var item: Item { Item(id: id, uuid: uuid, created: created, score: score, title: title, tags: tags) }
}

extension Item {
    /// Equal, with dates compared to the millisecond (libraries may build the `Double` of
    /// the same millisecond differently).
    func matches(_ other: Item) -> Bool {
        id == other.id && uuid == other.uuid && score == other.score && title == other.title && tags == other.tags
            && (created.timeIntervalSinceReferenceDate * 1000).rounded()
                == (other.created.timeIntervalSinceReferenceDate * 1000).rounded()
    }
}
