import Codd
import CoddTesting
import Foundation
import Testing

enum Level: String, Codable, Equatable, Sendable {
    case low, high
}

@Table("renamedRows")
struct RenamedRow: Codable, Equatable {
    let id: Int
    @Column("due_label") var dueLabel: String?
}

/// The JSON codec at its edges: documents that are strings, renamed columns, exact
/// integers and doubles, representations inside optionals, malformed documents inside an
/// aggregate, and error paths that quote odd keys.
@Suite("JSON edge cases")
struct JSONEdgeCaseTests {
    func decode<T: Decodable>(_ type: T.Type, _ text: String, representations: [any SQLCustomType.Type] = []) throws
        -> T
    {
        try JSONDocumentDecoder(representations: representations).decode(type, from: text)
    }

    @Test func documentsThatAreStringsNestInsideJSONAndReadBack() throws {
        // renderJSON nests the document as JSON: a document that is the string "low" is that string.
        try RoundTripCheck(JSONRepresentation<Level>.self).run(values: [.low, .high])
        try RoundTripCheck(JSONRepresentation<String>.self).run(values: ["123", "", "[1,2]", "x"])
        try RoundTripCheck(JSONRepresentation<[Level]>.self).run(values: [[.low, .high], []])
    }

    @Test func renamedColumnsSurviveAJSONColumn() throws {
        let database = try Database.inMemory()
        let rows = [RenamedRow(id: 7, dueLabel: "soon"), RenamedRow(id: 8, dueLabel: nil)]
        try database.write { db in
            try db.execute(#"CREATE TABLE "docs" ("rows" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "docs" VALUES (?)"#, [RenamedRow].JSONRepresentation(represented: rows))
        }
        // Codable wrote property names; the generated decoder reads them as well as column names.
        let read = try database.read { db in
            try db.fetchOne([RenamedRow].JSONRepresentation.self, #"SELECT "rows" FROM "docs""#)
        }
        #expect(read?.represented == rows)
        #expect(
            try decode([RenamedRow].self, #"[{"id":7,"due_label":"soon"}]"#) == [RenamedRow(id: 7, dueLabel: "soon")])
    }

    @Test func integersAreReadExactlyOrRejected() throws {
        #expect(try decode(UInt64.self, "12345678901234567891") == 12_345_678_901_234_567_891)
        #expect(try decode([UInt64].self, try JSONDocumentEncoder().encode([UInt64.max])) == [UInt64.max])
        #expect(try decode(Int64.self, "-9223372036854775808") == .min)
        let overflow = #expect(throws: SQLDecodingError.self) { try decode(Int64.self, "-9223372036854775809") }
        #expect(overflow?.reason == .outOfRange)
        #expect(throws: SQLDecodingError.self) { try decode(Int8.self, "128") }
        #expect(throws: SQLDecodingError.self) { try decode(Int.self, "1.5") }
    }

    @Test func doublesReadAnyNumberTokenAndKeepNegativeZero() throws {
        #expect(try decode(Double.self, "9007199254740993") == 9_007_199_254_740_992)
        let zero = try decode(Double.self, "-0")
        #expect(zero == 0 && zero.sign == .minus)
        // Beyond Double's range, above or below, is an error (as in JSONDecoder), not a zero
        // or an infinity; the smallest subnormal reads.
        #expect(throws: SQLDecodingError.self) { try decode(Double.self, "1e-400") }
        #expect(throws: SQLDecodingError.self) { try decode(Double.self, "-1e400") }
        #expect(try decode(Double.self, "5e-324") == .leastNonzeroMagnitude)
        #expect(try decode([Double].self, #"["Inf","-Inf"]"#) == [.infinity, -.infinity])
    }

    @Test func listedRepresentationsApplyInsideOptionals() throws {
        let milliseconds: [any SQLCustomType.Type] = [Date.UnixTimeMillisecondsRepresentation.self]
        let encoder = JSONDocumentEncoder(representations: milliseconds)
        let instant = date(1_700_000_000_123)
        #expect(try encoder.encode([instant, nil] as [Date?]) == "[1700000000123,null]")
        #expect(try encoder.encode(["a": instant] as [String: Date?]) == #"{"a":1700000000123}"#)
        #expect(try decode([Date?].self, "[1700000000123,null]", representations: milliseconds) == [instant, nil])
    }

    @Test func infinitiesAndMalformedJSONColumnsInAnAggregateAreNotAFailedQuery() throws {
        let database = try makeTodosDatabase()
        try database.write { db in
            try db.execute(#"UPDATE "todos" SET "score" = 9e999 WHERE "id" = 1"#)
        }
        let query = Todo.where { $0.id.eq(1) }.select { $0.jsonObject() }
        #expect(try database.read { try query.fetchAll($0) }.first?.score == .infinity)
        try database.write { db in
            try db.execute(#"UPDATE "todos" SET "tags" = 'not json' WHERE "id" = 1"#)
        }
        let error = #expect(throws: SQLDecodingError.self) { try database.read { try query.fetchAll($0) } }
        #expect(error?.jsonPath == "$.tags", "\(String(describing: error))")
    }

    @Test func aBlobUUIDOfTheWrongLengthIsAnErrorThroughJSONToo() throws {
        let database = try makeTodosDatabase()
        for bad in ["x'00112233445566778899AABBCCDDEEFF42'", "'8c2b6f0e-1a2b-4c3d-8e9f-0a1b2c3d4e5f'", "x'010203'"] {
            try database.write { db in
                try db.execute(#"UPDATE "todos" SET "token" = \#(bad) WHERE "id" = 1"#)
            }
            let error = #expect(throws: SQLDecodingError.self, "\(bad)") {
                try database.read { try Todo.where { $0.id.eq(1) }.select { $0.jsonObject() }.fetchAll($0) }
            }
            #expect(error?.jsonPath == "$.token")
        }
    }

    @Test func keysThatAreNotPlainNamesAreQuotedInPaths() throws {
        let error = #expect(throws: SQLDecodingError.self) {
            try decode([String: [String: Int]].self, #"{"a.b": {"n": "x"}}"#)
        }
        #expect(error?.jsonPath == #"$."a.b".n"#, "\(String(describing: error))")
    }
}

@Suite("The one-pass [String] path")
struct PlainStringArrayTests {
    func read(_ text: String) throws -> [String] {
        let database = try Database.inMemory()
        return try database.read { db in
            try db.fetchOne([String].JSONRepresentation.self, "SELECT ?", text)?.represented ?? []
        }
    }

    @Test func agreesWithTheGeneralParser() throws {
        for text in [
            "[]", " [ ] ", #"["a"]"#, #"[ "a" , "b" ]"#, #"["é","🎉",""]"#, #"["a\"b"]"#, #"["\u00e9"]"#, "[\"x\"]\n",
        ] {
            let general = try JSONDocumentDecoder().decode([String].self, from: text)
            #expect(try read(text) == general, "\(text)")
        }
    }

    /// The array is allocated once, at its final size: appending to an empty array would
    /// reallocate at each doubling (capacity 4 for three strings). Linux's allocator reports
    /// no usable size, so there the capacity is exactly what was reserved.
    /// The one-pass reader's answer for `text`, read in place.
    func plain(_ text: String) throws -> [String]? {
        try #require(
            text.utf8.withContiguousStorageIfAvailable { SQLJSONValue.plainStringArray(UnsafeRawBufferPointer($0)) })
    }

    @Test func allocatesTheArrayOnceAtItsSize() throws {
        for text in [#"["a","b","c"]"#, #"[ "one, two" , "[x]" , "", "🎉", "e" ]"#, #"["only"]"#] {
            let strings = try #require(try plain(text))
            #expect(strings == (try JSONDocumentDecoder().decode([String].self, from: text)), "\(text)")
            #if os(Linux)
            #expect(strings.capacity == strings.count, "\(text)")
            #endif
        }
    }

    /// The reservation is capped before the text is validated: an array longer than the
    /// cap still reads whole, and a long run of quotes that is no array is refused.
    @Test func aLongArrayReadsWholeAndALongRunOfQuotesIsRefused() throws {
        let many = (0..<3_000).map { "t\($0)" }
        let text = "[" + many.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        #expect(try read(text) == many)
        let quotes = "[" + String(repeating: "\"", count: 100_001) + "]"
        #expect(try plain(text) == many)
        #expect(try plain(quotes) == nil)
        #expect(throws: SQLDecodingError.self) { try read(quotes) }
    }

    @Test func leavesBadInputToTheGeneralParsersErrors() throws {
        for text in [#"["a""#, #"["a",]"#, #"["a"] x"#, #"[1]"#, #"["a" "b"]"#, "[\"\u{1}\"]", #"{"a":1}"#, ""] {
            #expect(throws: SQLDecodingError.self, "\(text)") { try read(text) }
        }
    }
}
