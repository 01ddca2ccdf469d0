import CoddTesting
import Foundation
import Testing

/// A decimal stored as TEXT, declared comparable: the classic bug (`'100' < '9'`).
private struct DecimalText: SQLCustomType, SQLComparable {
    var represented: Int
    init(represented: Int) { self.represented = represented }
    static var storage: SQLStorage { .text }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        let text = try String(reader: reader, at: index)
        guard let value = Int(text) else {
            throw reader.decodingError(
                at: index, for: DecimalText.self, expected: [.text], reason: .invalidValue("not a number"))
        }
        represented = value
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindText(String(represented)) }
}

/// A codec that loses data: it stores whole seconds of a fractional value.
private struct Truncating: SQLCustomType, SQLEquatable {
    var represented: Double
    init(represented: Double) { self.represented = represented }
    static var storage: SQLStorage { .integer }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = Double(try Int64(reader: reader, at: index))
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindInteger(Int64(represented)) }
}

/// A codec whose literal differs from its bound value.
private struct WrongLiteral: SQLCustomType, SQLEquatable {
    var represented: Int
    init(represented: Int) { self.represented = represented }
    static var storage: SQLStorage { .integer }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try Int(reader: reader, at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindInteger(Int64(represented)) }
    func render(literalInto builder: inout SQLBuilder) throws { builder.integer(Int64(represented) + 1) }
}

@Suite("CoddTesting round-trip kit")
struct RoundTripCheckTests {
    @Test func builtInTypesPassEveryCheck() throws {
        try RoundTripCheck(Int.self).run(values: [Int.min, -1, 0, 1, 1 << 40, Int.max])
        try RoundTripCheck(String.self).run(values: ["", "it's", "🎉", "ünïcödé", "-- x", "\"quoted\"", "back\\slash"])
        try RoundTripCheck(Double.self).run(values: [-1e300, -0.5, 0.1, 3.25, 1e300, .leastNonzeroMagnitude])
        try RoundTripCheck(Data.self).run(values: [Data(), Data([0]), Data([0xFF, 0x00, 0x10])])
        try RoundTripCheck(Bool.self).run(values: [true, false])
        try RoundTripCheck(Data.Base64TextRepresentation.self).run(
            values: [Data(), Data([0]), Data([0, 0, 0]), Data([0xFF, 0x00, 0x10]), Data((0...255).map { UInt8($0) })])
    }

    /// Base64 text reads back its bytes, as Foundation decodes it; other text is a typed
    /// error naming the column, never other bytes.
    @Test func base64TextIsFoundationsAndRefusesOtherText() throws {
        let database = try Database.inMemory()
        let bytes = Data((0..<100).map { UInt8($0 &* 7 & 0xFF) })
        let (stored, read) = try database.read { db in
            (
                try db.fetchOne(String.self, "SELECT ?", Data.Base64TextRepresentation(represented: bytes)),
                try db.fetchOne(Data.Base64TextRepresentation.self, "SELECT ?", bytes.base64EncodedString())
            )
        }
        #expect(stored == bytes.base64EncodedString())
        #expect(read?.represented == bytes)
        for text in ["AAA", "A===", "héllo", "AA AA"] {
            let error = #expect(throws: SQLDecodingError.self) {
                try database.read { db in
                    try db.fetchOne(Data.Base64TextRepresentation.self, "SELECT ? AS thumbnail", text)
                }
            }
            #expect(error?.reason == .invalidValue("not base64 (RFC 4648, padded to a multiple of 4 characters)"))
            #expect(error?.column == "thumbnail")
        }
        let blob = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchOne(Data.Base64TextRepresentation.self, "SELECT x'00'") }
        }
        #expect(blob?.reason == .storageMismatch)
    }

    @Test func textThatSortsAsTextIsCaughtByTheOrderingCheck() {
        let failure = #expect(throws: RoundTripFailure.self) {
            try RoundTripCheck(DecimalText.self).run(values: [9, 100, 25])
        }
        #expect(failure?.check == "ORDER BY")
        #expect(failure?.detail == "SQLite orders the values differently from Swift")
        #expect(failure?.sql == #"SELECT "v" FROM "values" ORDER BY "v" , "id""#)
        #expect(failure?.value == "9, bound as '9'")
        #expect(failure?.stored == "position 0 holds 100, bound as '100'")
    }

    @Test func textWithNULDoesNotSurviveSQLitesJSONFunctions() throws {
        // SQLite's JSON functions read text up to its first NUL; columns and bound values
        // keep every byte. The kit reports it rather than hiding it.
        let failure = #expect(throws: RoundTripFailure.self) {
            try RoundTripCheck(String.self).run(values: ["a\0b"])
        }
        #expect(failure?.check == "JSON")
        #expect(failure?.detail == "read back a, bound as 'a'")
    }

    @Test func aLossyCodecFailsTheBoundRoundTripNamingTheStoredForm() {
        let failure = #expect(throws: RoundTripFailure.self) {
            try RoundTripCheck(Truncating.self).run(values: [1.0, 2.5])
        }
        #expect(failure?.check == "bound parameter")
        #expect(failure?.value == "2.5, bound as 2")
        #expect(failure?.stored == "integer 2")
        #expect(failure?.detail == "read back 2.0, bound as 2")
    }

    @Test func aLiteralThatDiffersFromTheBoundValueIsCaught() {
        let failure = #expect(throws: RoundTripFailure.self) {
            try RoundTripCheck(WrongLiteral.self).run(values: [7])
        }
        #expect(failure?.check == "literal")
        #expect(failure?.sql == #"INSERT INTO "values" ("id", "v") VALUES (2, 8)"#)
        #expect(failure?.stored == "integer 8")
    }

    /// A decimal stored as TEXT that wraps with CAST for comparison but claims its plain
    /// values compare unwrapped: wrapped comparisons are right, the ones the renderer
    /// actually runs are not. The kit checks both.
    private struct CastDecimalText: SQLCustomType, SQLComparable {
        var represented: Int
        init(represented: Int) { self.represented = represented }
        static var storage: SQLStorage { .text }
        static var comparesUnwrapped: Bool { true }
        init(reader: borrowing some SQLColumnReader, at index: Int) throws {
            represented = Int(try String(reader: reader, at: index)) ?? 0
        }
        func bind(into context: inout some SQLBindingContext) throws { try context.bindText(String(represented)) }
        static func wrapSQL(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows {
            try builder.function("CAST") { arguments in
                try arguments.listItem { argument in
                    try expression(&argument)
                    argument.keyword("AS INTEGER")
                }
            }
        }
    }

    @Test func aRepresentationThatSkipsItsWrapIsCheckedUnwrappedToo() {
        let failure = #expect(throws: RoundTripFailure.self) {
            try RoundTripCheck(CastDecimalText.self).run(values: [9, 100, 25])
        }
        #expect(failure?.check == "ORDER BY")
        #expect(failure?.sql == #"SELECT "v" FROM "values" ORDER BY "v" , "id""#)
    }

    @Test func generatedValuesAcrossTheRange() throws {
        var generator = SystemRandomNumberGenerator()
        try RoundTripCheck(Int64.self).run(
            values: (0..<500).map { _ in Int64.random(in: .min ... .max, using: &generator) })
        // NFC text: SQLite's code-point order and Swift's canonical order coincide on it.
        try RoundTripCheck(String.self).run(
            values: (0..<200).map { _ in
                String(
                    (0..<Int.random(in: 0...40, using: &generator)).compactMap { _ in
                        Unicode.Scalar(UInt32.random(in: 1...0x1FFFF, using: &generator)).flatMap {
                            $0.properties.isNoncharacterCodePoint ? nil : Character($0)
                        }
                    }
                ).precomposedStringWithCanonicalMapping
            })
    }

    @Test func textThatIsNotInNFCOrdersByCodePointInSQLite() {
        // Precomposed "é" (U+00E9) and decomposed "ê" (e + U+0302, canonically U+00EA):
        // Swift orders é < ê; SQLite compares the first code points, U+00E9 > "e".
        let failure = #expect(throws: RoundTripFailure.self) {
            try RoundTripCheck(String.self).run(values: ["\u{E9}", "e\u{302}"])
        }
        #expect(failure?.check == "ORDER BY")
    }
}
