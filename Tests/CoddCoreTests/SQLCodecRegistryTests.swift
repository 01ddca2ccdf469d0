import CoddCore
import Foundation
import Testing

/// A stand-in representation per storage class, as a codec module would declare them.
private struct FakeCodec<Marker>: SQLCustomType {
    static var storage: SQLStorage {
        switch Marker.self {
        case is TextMarker.Type, is OtherTextMarker.Type: .text
        case is IntegerMarker.Type, is OtherIntegerMarker.Type: .integer
        default: .real
        }
    }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {}
    func bind(into context: inout some SQLBindingContext) throws { try context.bindNull() }
}
private enum TextMarker {}
private enum IntegerMarker {}
private enum RealMarker {}
private enum OtherTextMarker {}
private enum OtherIntegerMarker {}

@Suite("Codec identity")
struct SQLCodecRegistryTests {
    func dateRegistry() throws -> SQLCodecRegistry {
        var registry = SQLCodecRegistry.builtIn
        try registry.register([
            SQLCodec(typeName: "Date", name: "text", isDefault: true, representation: FakeCodec<TextMarker>.self),
            SQLCodec(typeName: "Date", name: "iso8601", representation: FakeCodec<TextMarker>.self),
            SQLCodec(
                typeName: "Date", name: "unixTime", isDefault: true, representation: FakeCodec<IntegerMarker>.self),
            SQLCodec(
                typeName: "Date", name: "unixTimeMilliseconds", representation: FakeCodec<OtherIntegerMarker>.self),
            SQLCodec(typeName: "Date", name: "julianDay", isDefault: true, representation: FakeCodec<RealMarker>.self),
        ])
        return registry
    }

    @Test func annotationsResolveWithCaseInsensitiveStorage() throws {
        let registry = try dateRegistry()
        #expect(try registry.codec(for: "TEXT AS Date").name == "text")
        #expect(try registry.codec(for: "text as Date").name == "text")
        #expect(try registry.codec(for: "Integer AS Date").name == "unixTime")
        #expect(try registry.codec(for: "REAL AS Date").name == "julianDay")
        #expect(try registry.codec(for: "TEXT AS Date USING iso8601").name == "iso8601")
        #expect(
            try registry.codec(for: "integer  AS  Date  using  unixTimeMilliseconds").name == "unixTimeMilliseconds")
        #expect(try registry.codec(for: "INTEGER AS Int").representation == Int.self)
        #expect(try registry.codec(for: "BLOB AS Data").representation == Data.self)
        #expect(try registry.codec(for: "TEXT AS Date USING iso8601").description == "TEXT AS Date USING iso8601")
    }

    @Test func anUnsupportedPairListsWhatExists() throws {
        let registry = try dateRegistry()
        let error = #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: "BLOB AS Date") }
        #expect(
            error?.description
                == "Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay)"
        )
        let name = #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: "TEXT AS Date USING rfc2822") }
        #expect(name?.description == "Date has no TEXT codec named rfc2822; available: text, iso8601")
        let type = #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: "TEXT AS Instant") }
        #expect(type?.description.hasPrefix("no codec is registered for Instant; registered types: ") == true)
    }

    @Test(arguments: [
        "", "TEXT", "TEXT Date", "TEXT AS", "VARCHAR AS Date", "NULL AS Date", "TEXT AS Date USING", "TEXT IS Date",
        "TEXT AS Date WITH iso8601",
    ])
    func malformedAnnotationsAreErrors(annotation: String) throws {
        let registry = try dateRegistry()
        let error = #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: annotation) }
        #expect(error == .malformed(annotation))
    }

    @Test func thirdPartyCodecsRegisterTheSameWayAndDuplicatesAreRefused() throws {
        var registry = try dateRegistry()
        try registry.register([
            SQLCodec(typeName: "Money", name: "cents", isDefault: true, representation: FakeCodec<IntegerMarker>.self)
        ])
        #expect(try registry.codec(for: "INTEGER AS Money").name == "cents")
        #expect(throws: SQLCodecLookupError.self) {
            try registry.register([
                SQLCodec(typeName: "Money", name: "cents", representation: FakeCodec<IntegerMarker>.self)
            ])
        }
        #expect(throws: SQLCodecLookupError.self) {
            try registry.register([
                SQLCodec(
                    typeName: "Money", name: "other", isDefault: true, representation: FakeCodec<IntegerMarker>.self)
            ])
        }
    }

    @Test func aRefusedBatchRegistersNothing() throws {
        var registry = try dateRegistry()
        #expect(throws: SQLCodecLookupError.self) {
            try registry.register([
                SQLCodec(
                    typeName: "Money", name: "cents", isDefault: true, representation: FakeCodec<IntegerMarker>.self),
                SQLCodec(
                    typeName: "Int", name: "default", isDefault: true, representation: FakeCodec<IntegerMarker>.self),
            ])
        }
        #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: "INTEGER AS Money") }
        // A duplicate inside one batch is refused too.
        #expect(throws: SQLCodecLookupError.self) {
            try registry.register([
                SQLCodec(typeName: "Money", name: "cents", representation: FakeCodec<IntegerMarker>.self),
                SQLCodec(typeName: "Money", name: "cents", representation: FakeCodec<IntegerMarker>.self),
            ])
        }
        // The same batch, corrected, registers.
        try registry.register([
            SQLCodec(typeName: "Money", name: "cents", isDefault: true, representation: FakeCodec<IntegerMarker>.self)
        ])
        #expect(try registry.codec(for: "INTEGER AS Money").name == "cents")
    }

    @Test func severalCodecsWithoutADefaultAskForUsing() throws {
        var registry = SQLCodecRegistry()
        try registry.register([
            SQLCodec(typeName: "Color", name: "hex", representation: FakeCodec<TextMarker>.self),
            SQLCodec(typeName: "Color", name: "css", representation: FakeCodec<OtherTextMarker>.self),
        ])
        let error = #expect(throws: SQLCodecLookupError.self) { try registry.codec(for: "TEXT AS Color") }
        #expect(error?.description == "Color has several TEXT codecs and no default; add USING with one of: hex, css")
        #expect(try registry.codec(for: "TEXT AS Color USING css").name == "css")
    }
}
