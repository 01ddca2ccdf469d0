import Codd
import Foundation
import Testing

@Suite("Codec lookup of the shipped codecs")
struct ShippedCodecLookupTests {
    let registry = SQLCodecRegistry.standard

    @Test func schemaAnnotationsResolveToTheShippedRepresentations() throws {
        #expect(try registry.codec(for: "TEXT AS UUID").representation == UUID.self)
        #expect(try registry.codec(for: "text as UUID").representation == UUID.self)
        #expect(
            try registry.codec(for: "TEXT AS UUID USING uppercase").representation
                == UUID.UppercaseTextRepresentation.self)
        #expect(try registry.codec(for: "BLOB AS UUID").representation == UUID.BlobRepresentation.self)
        #expect(try registry.codec(for: "TEXT AS Date").representation == Date.self)
        #expect(try registry.codec(for: "TEXT AS Date USING iso8601").representation == Date.ISO8601Representation.self)
        #expect(try registry.codec(for: "INTEGER AS Date").representation == Date.UnixTimeRepresentation.self)
        #expect(
            try registry.codec(for: "INTEGER AS Date USING unixTimeMilliseconds").representation
                == Date.UnixTimeMillisecondsRepresentation.self)
        #expect(try registry.codec(for: "REAL AS Date").representation == Date.JulianDayRepresentation.self)
        #expect(
            try registry.codec(for: "real AS Date USING unixTime").representation
                == Date.UnixTimeRealRepresentation.self)
        #expect(try registry.codec(for: "TEXT AS Decimal").representation == Decimal.self)
    }

    @Test func anUnsupportedPairListsWhatExists() {
        let error = #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: "BLOB AS Date") }
        #expect(
            error?.description
                == "Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)"
        )
        let uuid = #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: "INTEGER AS UUID") }
        #expect(uuid?.description == "UUID has no INTEGER codec; available: TEXT (lowercase, uppercase), BLOB (bytes)")
    }

    @Test func everyShippedCodecDeclaresItsRepresentationsStorage() throws {
        for codec in registry.all {
            #expect(codec.storage == codec.representation.storage, "\(codec)")
        }
        let representationCodecs: Int = UUID.codecs.count + Date.codecs.count + Decimal.codecs.count
        // 15 built-in types, and `TEXT AS JSON`.
        #expect(registry.all.count == 15 + 1 + representationCodecs)
        #expect(
            ObjectIdentifier(try registry.codec(for: "TEXT AS JSON").representation)
                == ObjectIdentifier(SQLJSONDocumentText.self))
    }
}
