import Codd
import CoddTesting
import Foundation
import Testing

struct Settings: Codable, Equatable, Sendable {
    var theme: String
    var fontSize: Double
    var owner: UUID
    var lastOpened: Date
    var thumbnail: Data
    var flags: [Bool]
    var nested: [String: [Int?]]
    var link: URL?
}

@Table("documents")
struct Document: Equatable {
    let id: Int
    @Column(as: Settings.JSONRepresentation.self)
    var settings: Settings
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String] = []
}

@Suite("JSON columns")
struct JSONColumnTests {
    static let settings = Settings(
        theme: "dark \"night\" -- '; DROP TABLE x; 🎉 \u{0}", fontSize: 0.1 + 0.2,
        owner: UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!, lastOpened: date(1_700_000_000_123),
        thumbnail: Data([0xDE, 0xAD, 0xBE, 0xEF]), flags: [true, false], nested: ["a": [1, nil, -3]],
        link: URL(string: "https://example.com/a?b=c")
    )

    func makeDatabase() throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "documents" ("id" INTEGER PRIMARY KEY, "settings" TEXT, "tags" TEXT NOT NULL)"#)
        }
        return database
    }

    @Test func codableDocumentsRoundTripThroughAColumn() throws {
        let database = try makeDatabase()
        let document = Document(id: 1, settings: Self.settings, tags: ["x", "y"])
        try database.write { try Document.insert([document]).execute($0) }
        let read = try database.read { try Document.all.fetchAll($0) }
        #expect(read == [document])
    }

    @Test func datesUUIDsAndDataInsideJSONAreStoredAsTheirColumnsStoreThem() throws {
        let database = try makeDatabase()
        try database.write { try Document.insert([Document(id: 1, settings: Self.settings)]).execute($0) }
        let stored = try database.read { db in
            try db.fetchOne(
                (String, String, String).self,
                #"SELECT "settings" ->> '$.owner', "settings" ->> '$.lastOpened', "settings" ->> '$.thumbnail' FROM "documents""#
            )
        }
        #expect(stored?.0 == "8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f")  // lowercase, as a UUID column
        #expect(stored?.1 == "2023-11-14 22:13:20.123")  // as a Date column, SQLite's own format
        #expect(stored?.2 == "DEADBEEF")  // as hex() renders a BLOB inside json_object
        // SQLite's date functions read the date inside the document.
        let milliseconds = try database.read { db in
            try db.fetchOne(
                Int.self,
                #"SELECT CAST(round((julianday("settings" ->> '$.lastOpened') - 2440587.5) * 86400000) AS INTEGER) FROM "documents""#
            )
        }
        #expect(milliseconds == 1_700_000_000_123)
    }

    @Test func configuredRepresentationsReplaceTheDefaultInsideJSON() throws {
        enum EpochDates: JSONCodingOptions {
            static var representations: [any SQLCustomType.Type] { [Date.UnixTimeMillisecondsRepresentation.self] }
        }
        let encoded = try JSONDocumentEncoder(representations: EpochDates.representations).encode([
            "at": date(1_700_000_000_123)
        ])
        #expect(encoded == #"{"at":1700000000123}"#)
        let decoded = try JSONDocumentDecoder(representations: EpochDates.representations).decode(
            [String: Date].self, from: encoded)
        #expect(decoded == ["at": date(1_700_000_000_123)])
        try RoundTripCheck(JSONDocument<Settings, EpochDates>.self).run(values: [Self.settings])
    }

    @Test func everyCodableShapeRoundTripsUnderTheKit() throws {
        try RoundTripCheck([String].JSONRepresentation.self).run(values: [
            [], ["a"], ["it's", "\"", "--", "🎉", "\u{0}", "\\", "\n\t"],
        ])
        try RoundTripCheck(Settings.JSONRepresentation.self).run(values: [Self.settings])
        try RoundTripCheck([Int?].JSONRepresentation.self).run(values: [[Int.max, Int.min, nil, 0]])
        try RoundTripCheck([Double].JSONRepresentation.self).run(values: [
            [0.1, Double.leastNormalMagnitude / 1024, -0.0, 1.7976931348623157e308, Double.leastNonzeroMagnitude]
        ])
        try RoundTripCheck([String: [Date]].JSONRepresentation.self).run(values: [
            ["d": [date(0), date(-62_135_596_800_000), date(253_402_300_799_999)]]
        ])
    }

    @Test func generatedNestedValuesRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let values = (0..<200).map { _ in
            Settings(
                theme: String(
                    (0..<Int.random(in: 0..<20, using: &generator)).map { _ in
                        Character(UnicodeScalar(UInt32.random(in: 1...0x2FFF, using: &generator)) ?? "x")
                    }),
                fontSize: Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &generator)),
                owner: UUID(),
                lastOpened: date(Int64.random(in: -62_135_596_800_000...253_402_300_799_999, using: &generator)),
                thumbnail: Data(
                    (0..<Int.random(in: 0..<8, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }),
                flags: (0..<3).map { _ in Bool.random(using: &generator) },
                nested: [
                    "k\(Int.random(in: 0..<9, using: &generator))": [
                        Int.random(in: Int.min...Int.max, using: &generator), nil,
                    ]
                ],
                link: nil
            )
        }
        try RoundTripCheck(Settings.JSONRepresentation.self).run(values: values)
    }

    // MARK: Bad input

    func decodeError(_ storedSQL: String) throws -> SQLDecodingError? {
        let database = try makeDatabase()
        try database.write { db in
            try db.execute(#"INSERT INTO "documents" VALUES (1, \#(storedSQL), '[]')"#)
        }
        do {
            _ = try database.read { try Document.all.fetchAll($0) }
            return nil
        } catch let error as SQLDecodingError {
            return error
        }
    }

    @Test func invalidJSONIsATypedErrorNamingTheColumnAndValue() throws {
        for text in ["''", "'{'", "'{\"theme\": }'", "'[1,]'", "'nul'", "'{\"a\":1} x'", "'\"unterminated'", "'01'"] {
            let error = try #require(try decodeError(text), "\(text)")
            #expect(error.table == "documents")
            #expect(error.column == "settings")
            guard case .invalidValue(let message) = error.reason else {
                Issue.record("\(text): \(error.reason)")
                continue
            }
            #expect(message.hasPrefix("invalid JSON at byte"), "\(text): \(message)")
        }
    }

    /// Text that is not JSON, met by a query's JSON function rather than by decoding: SQLite
    /// names no row, so the error says how to find it; decoding the row names its value.
    @Test func textThatIsNotJSONInAQueryTellsHowToFindIt() throws {
        let database = try makeDatabase()
        try database.write { db in
            try db.execute(#"INSERT INTO "documents" ("id", "settings", "tags") VALUES (9, NULL, 'home, work')"#)
        }
        let error = #expect(throws: SQLiteError.self) {
            try database.read { db in try Document.where { $0.tags.contains("home") }.select(\.id).fetchAll(db) }
        }
        #expect(error?.message.hasPrefix("malformed JSON (a JSON column or value holds text that is not JSON") == true)
        #expect(error?.message.contains(#"json_valid("column") = 0"#) == true)
        let invalid = try database.read { db in
            try db.fetchAll(Int.self, #"SELECT "id" FROM "documents" WHERE json_valid("tags") = 0"#)
        }
        #expect(invalid == [9])
        let decoding = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try Document.find(9).select(\.tags).fetchOne(db) }
        }
        #expect(decoding?.column == "tags")
        #expect(decoding?.valuePreview == "'home, work'")
    }

    @Test func wrongShapesNameTheJSONPath() throws {
        let error = try #require(try decodeError(#"'{"theme":"x","fontSize":"big"}'"#))
        #expect(error.column == "settings")
        #expect(error.description.contains("fontSize"), "\(error)")
        let uuidError = try #require(
            try decodeError(
                #"'{"theme":"x","fontSize":1,"owner":"not-a-uuid","lastOpened":"2024-01-01","thumbnail":"","flags":[],"nested":{}}'"#
            ))
        #expect(uuidError.jsonPath == "$.owner", "\(uuidError)")
        #expect(uuidError.valuePreview.contains("not-a-uuid"))
        let dateError = try #require(
            try decodeError(
                #"'{"theme":"x","fontSize":1,"owner":"8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f","lastOpened":"yesterday","thumbnail":"","flags":[],"nested":{}}'"#
            ))
        #expect(dateError.jsonPath == "$.lastOpened", "\(dateError)")
        let hexError = try #require(
            try decodeError(
                #"'{"theme":"x","fontSize":1,"owner":"8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f","lastOpened":"2024-01-01","thumbnail":"XYZ","flags":[],"nested":{}}'"#
            ))
        #expect(hexError.jsonPath == "$.thumbnail", "\(hexError)")
    }

    @Test func nullWhereNoneIsAllowed() throws {
        let error = try #require(try decodeError("NULL"))
        #expect(error.reason == .unexpectedNull)
        #expect(error.column == "settings")
    }

    /// The text `null` in a JSON column is JSON's null, and the error says so: its storage
    /// reads as NULL, which alone read as if the column were SQL NULL.
    @Test func jsonNullWhereAnObjectBelongsSaysItIsJSONs() throws {
        let error = try #require(try decodeError("'null'"))
        #expect(error.column == "settings")
        #expect(error.reason == .invalidValue("expected a JSON object, found JSON null"), "\(error)")
    }

    @Test func nonTextStorageIsAMismatch() throws {
        let error = try #require(try decodeError("x'7B7D'"))
        #expect(error.reason == .storageMismatch)
    }

    @Test func elementErrorsInAnAggregateNameTheElement() throws {
        let database = try makeTodosDatabase()
        try database.write { db in
            try db.execute(#"UPDATE "todos" SET "token" = x'010203' WHERE "id" = 2"#)
        }
        let query = TodoList.group(by: \.id).join(Todo.all) { $0.id.eq($1.listID) }
            .select { ListWithTodos.Columns(list: $0, todos: $1.jsonGroupArray()) }
        do {
            _ = try database.read { try query.fetchAll($0) }
            Issue.record("a 3-byte UUID decoded")
        } catch let error as SQLDecodingError {
            #expect(error.column == "todos")
            #expect(error.jsonPath == "$[1].token", "\(error)")
        }
    }

    @Test func hostileNestingIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: SQLJSONSyntaxError.self) {
            try JSONDocumentDecoder().decode([String].self, from: deep)
        }
        #expect(throws: (any Error).self) {
            try JSONDocumentDecoder().decode([String].self, from: #"["\ud800"]"#)
        }
        #expect(
            try JSONDocumentDecoder().decode([String].self, from: #"["\ud83c\udf89", "\u0000", "a\/b"]"#) == [
                "🎉", "\u{0}", "a/b",
            ])
    }

    @Test func nonFiniteDoublesAreAnEncodingError() throws {
        #expect(throws: EncodingError.self) { try JSONDocumentEncoder().encode([Double.infinity]) }
        #expect(throws: EncodingError.self) { try JSONDocumentEncoder().encode([Double.nan]) }
    }
}

@Suite("JSON forms of the built-in types")
struct JSONFormTests {
    @Test func realsKeepEveryDigitInsideJSON() throws {
        var generator = SystemRandomNumberGenerator()
        // Finite doubles of every exponent; SQLite's own JSON would keep 15 digits. Why 18
        // and not 17: SQLite 3.40's `printf('%!.17g')` lost the last bit for 147 of 60,000
        // doubles above 1e140, while `%!.18g` was exact for 150,000 random bit patterns.
        let values =
            (0..<2_000).map { _ in
                Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &generator))
                    * (Bool.random(using: &generator) ? 1 : -1)
            } + [0.1 + 0.2, Double.leastNonzeroMagnitude, 1.7976931348623157e308, -0.0, 1e300, 123_456_789_012_345_680]
        try RoundTripCheck(Double.self).run(values: values)
    }

    @Test func blobsTextAndIntegersInsideJSON() throws {
        let pattern: [UInt8] = (0..<64).map { (index: Int) in UInt8(index * 4 % 256) }
        try RoundTripCheck(Data.self).run(values: [Data(), Data([0]), Data([0xFF, 0x00, 0x7F]), Data(pattern)])
        try RoundTripCheck([UInt8].self).run(values: [[], [1, 2, 3]])
        // (Text with NUL is cut by SQLite's JSON functions; CoddTestingTests shows it.)
        try RoundTripCheck(String.self).run(values: ["", "it's", "\"", "--", "🎉", "\\u0000", "é", "\u{1F}"])
        try RoundTripCheck(Int64.self).run(values: [.min, .max, 0, -1])
        try RoundTripCheck(Bool.self).run(values: [true, false])
    }
}
