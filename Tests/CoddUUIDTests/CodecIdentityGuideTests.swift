import CoddTesting
import Foundation
import Testing

/// A money amount stored as INTEGER cents: docs/Codecs.md's third-party codec.
struct Cents: SQLCustomType, SQLComparable {
    var represented: Int
    init(represented: Int) { self.represented = represented }
    static var storage: SQLStorage { .integer }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try Int(reader: reader, at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindInteger(Int64(represented)) }
}

/// docs/Codecs.md: codec identity and CoddTesting.
@Suite("docs/Codecs.md: identity and testing")
struct CodecIdentityGuideTests {
    @Test func lookups() throws {
        let registry = SQLCodecRegistry.standard
        let blobUUID = try registry.codec(for: "BLOB AS UUID")  // UUID.BlobRepresentation
        let isoDate = try registry.codec(for: "text AS Date USING iso8601")  // Date.ISO8601Representation
        do {
            _ = try registry.codec(for: "BLOB AS Date")
        } catch let error as SQLCodecLookupError {
            print(error)
            // Date has no BLOB codec; available: TEXT (text, iso8601),
            // INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)
        }

        #expect(ObjectIdentifier(blobUUID.representation) == ObjectIdentifier(UUID.BlobRepresentation.self))
        #expect(ObjectIdentifier(isoDate.representation) == ObjectIdentifier(Date.ISO8601Representation.self))
    }

    @Test func thirdPartyRegistration() throws {
        var registry = SQLCodecRegistry.standard
        try registry.register([
            SQLCodec(typeName: "Money", name: "cents", isDefault: true, representation: Cents.self)
        ])
        let money = try registry.codec(for: "INTEGER AS Money")  // Cents

        #expect(ObjectIdentifier(money.representation) == ObjectIdentifier(Cents.self))
    }

    @Test func testingAPresentation() throws {
        try RoundTripCheck(Cents.self).run(values: [0, 1, -1, 99, 100, 1_000_000, Int.max / 2])
        try RoundTripCheck(UUID.BlobRepresentation.self).run(values: (0..<1_000).map { _ in UUID() })
    }
}
