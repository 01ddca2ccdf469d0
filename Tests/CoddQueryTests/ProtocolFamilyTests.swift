import Codd
import Foundation
import Testing

/// A value that only binds: `execute` takes it, nothing else is required of it.
struct Shouted: SQLBindable {
    var text: String
    static var storage: SQLStorage { .text }
    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(text.uppercased())
    }
}

/// A value that only reads: a fetch takes it, nothing else is required of it. Its reader
/// is not declared `borrowing` (as code written before Codd's requirement said so): it
/// still conforms, at the cost of a retain per column.
struct WordCount: SQLColumnDecodable {
    var words: Int
    init(reader: some SQLColumnReader, at index: Int) throws {
        words = try String(reader: reader, at: index).split(separator: " ").count
    }
}

/// A custom type that does not wrap and declares nothing about comparisons: the safe
/// default compares it wrapped (its wrap renders nothing, so only `IN` subqueries differ).
struct Code: SQLCustomType, SQLEquatable {
    var represented: String
    init(represented: String) { self.represented = represented }
    static var storage: SQLStorage { .text }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try String(reader: reader, at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindText(represented) }
}

/// The same type, declaring that its stored text compares as its values do.
struct CanonicalCode: SQLCustomType, SQLEquatable {
    var represented: String
    init(represented: String) { self.represented = represented }
    static var storage: SQLStorage { .text }
    static var comparesUnwrapped: Bool { true }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try String(reader: reader, at: index)
    }
    func bind(into context: inout some SQLBindingContext) throws { try context.bindText(represented) }
}

@Table
struct Voucher {
    let id: Int
    @Column(as: Code.self) var code: String
    @Column(as: CanonicalCode.self) var canonicalCode: String
}

/// The `SQLCustomType` family: each small protocol does its one job on its own, and the
/// comparison facts are declared by the types, not inferred.
@Suite("SQLCustomType protocol family")
struct ProtocolFamilyTests {
    @Test func aBindableOnlyValueIsAnExecuteArgument() throws {
        let database = try Database.inMemory()
        func store(_ db: Connection) throws -> [String] {
            try db.execute(#"CREATE TABLE "notes" ("text" TEXT NOT NULL)"#)
            try db.execute(#"INSERT INTO "notes" VALUES (?)"#, Shouted(text: "it's -- quiet 🎉"))
            return try db.fetchAll(String.self, #"SELECT "text" FROM "notes""#)
        }
        let stored = try database.write(store)
        #expect(stored == ["IT'S -- QUIET 🎉"])
    }

    @Test func aColumnDecodableOnlyValueIsFetched() throws {
        let database = try Database.inMemory()
        let counts = try database.read { db in
            try db.fetchAll(WordCount.self, "SELECT 'one two three' UNION ALL SELECT 'four'")
        }
        #expect(counts.map(\.words) == [3, 1])
        // NULL where a String is read is the String reader's typed error.
        #expect(throws: SQLDecodingError.self) {
            try database.read { db in try db.fetchAll(WordCount.self, "SELECT NULL") }
        }
    }

    @Test func comparisonFactsAreDeclaredPerType() {
        #expect(Int.comparesUnwrapped)
        #expect(String.comparesUnwrapped)
        #expect(Double.comparesUnwrapped)
        #expect(Bool.comparesUnwrapped)
        #expect(Data.comparesUnwrapped)
        #expect([UInt8].comparesUnwrapped)
        #expect(Optional<Int>.comparesUnwrapped)
        #expect(UUID.comparesUnwrapped)
        #expect(UUID.BlobRepresentation.comparesUnwrapped)
        #expect(Date.UnixTimeRepresentation.comparesUnwrapped)
        #expect(Date.JulianDayRepresentation.comparesUnwrapped)
        // Text dates may hold any format SQLite reads: always wrapped.
        #expect(!Date.comparesUnwrapped)
        #expect(!Optional<Date>.comparesUnwrapped)
        #expect(!Date.ISO8601Representation.comparesUnwrapped)
        // A type that says nothing is compared the safe way.
        #expect(!Code.comparesUnwrapped)
        #expect(CanonicalCode.comparesUnwrapped)
    }

    @Test func anUndeclaredTypeComparesWrappedInSubqueriesAndTheAnswersAgree() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "vouchers" ("id" INTEGER PRIMARY KEY, "code" TEXT NOT NULL, "canonicalCode" TEXT NOT NULL)"#
            )
            try db.execute(#"INSERT INTO "vouchers" VALUES (1, 'A''1', 'A''1'), (2, 'b--2', 'b--2'), (3, 'c', 'c')"#)
        }
        let undeclared = Voucher.where { $0.code.in(Voucher.where { $0.id.lte(2) }.select(\.code)) }.select(\.id)
        #expect(
            undeclared.parameterSQL == """
                SELECT "id" FROM "vouchers" WHERE ("code" IN \
                (SELECT "value" FROM (SELECT "code" AS "value" FROM "vouchers" WHERE ("id" <= ?))))
                """)
        let declared = Voucher.where { $0.canonicalCode.in(Voucher.where { $0.id.lte(2) }.select(\.canonicalCode)) }
            .select(\.id)
        #expect(
            declared.parameterSQL == """
                SELECT "id" FROM "vouchers" WHERE ("canonicalCode" IN \
                (SELECT "canonicalCode" FROM "vouchers" WHERE ("id" <= ?)))
                """)
        let (wrapped, plain) = try database.read { db in (try undeclared.fetchAll(db), try declared.fetchAll(db)) }
        #expect(wrapped == [1, 2])
        #expect(plain == [1, 2])
        // Equality between two plain values renders the same either way: the wrap is empty.
        #expect(
            Voucher.where { $0.code.eq("c") }.select(\.id).parameterSQL
                == #"SELECT "id" FROM "vouchers" WHERE ("code" = ?)"#)
    }

    @Test func representationsNameThemselvesAndTheirCodecs() {
        #expect(UUID.BlobRepresentation.typeName == "UUID.BlobRepresentation")
        #expect(Date.UnixTimeMillisecondsRepresentation.typeName == "Date.UnixTimeMillisecondsRepresentation")
        #expect(
            UUID.codecs.map(\.description) == [
                "TEXT AS UUID USING lowercase", "TEXT AS UUID USING uppercase", "BLOB AS UUID USING bytes",
            ])
        #expect(Date.codecs.map(\.typeName) == Array(repeating: "Date", count: 6))
    }
}

/// A statement renders in the dialect its caller asks for; SQLite is the default.
@Suite("Statements render per dialect")
struct StatementDialectTests {
    @Test func aStatementRendersNumberedPlaceholdersInOrder() throws {
        let numbered = SQLDialect(
            name: "Numbered", placeholderStyle: .dollarNumbered, capabilities: [], spelling: SQLiteSpelling.self)
        let query = Voucher.where { $0.id.gt(1) && $0.code.neq("it's") }.order(by: \.id).limit(5).select(\.code)
        let fragment = try query.fragment(mode: .parameters, dialect: numbered)
        #expect(
            fragment.sql
                == #"SELECT "code" FROM "vouchers" WHERE (("id" > $1) AND ("code" <> $2)) ORDER BY "id" LIMIT $3"#)
        #expect(fragment.bindings == [.integer(1), .text("it's"), .integer(5)])
        #expect(
            try query.fragment(mode: .parameters).sql
                == #"SELECT "code" FROM "vouchers" WHERE (("id" > ?) AND ("code" <> ?)) ORDER BY "id" LIMIT ?"#)
    }
}
