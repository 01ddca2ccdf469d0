import Codd
@testable import CoddFTS5Query
import CoddFTS5SQLite
import Testing

/// A table whose tokenizer each test chooses.
@Table
struct Probe: FTS5 {
    let body: String
}

/// `CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = …)` for `tokenizer`.
func probeDDL(_ tokenizer: FTS5Tokenizer) throws -> String {
    var options = Probe.fts5Options.rendering
    options.tokenizer = tokenizer
    return try FTS5CreateTable(
        tableName: "probes", columns: ["body"], options: options, ifNotExists: false, requirements: []
    ).sql()
}

/// The rows of a fresh `probes` table with `tokenizer` holding `documents` that match `pattern`.
func probe(_ tokenizer: FTS5Tokenizer, documents: [String], pattern: FTS5Pattern) throws -> [String] {
    let database = try Database.inMemory()
    return try database.write { db in
        try db.execute(probeDDL(tokenizer))
        try Probe.insert(documents.map { Probe(body: $0) }).execute(db)
        return try Probe.where { $0.match(pattern) }.select(\.body).fetchAll(db)
    }
}

/// Every tokenizer config's DDL, exactly, with hostile arguments, and SQLite reading the
/// arguments back as written.
@Suite struct FTS5TokenizerConfigTests {
    @Test func unicode61() throws {
        #expect(
            try probeDDL(.unicode61()) == #"CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'unicode61')"#)
        let full = FTS5Tokenizer.unicode61(
            removeDiacritics: .keep, categories: ["L*", "N*", "Co"], tokenCharacters: ["'", "-", "\""],
            separators: ["x", " "]
        )
        #expect(
            full.description
                == #"unicode61 remove_diacritics 0 categories 'L* N* Co' tokenchars '"''-' separators ' x'"#)
        #expect(
            try probeDDL(full) == #"""
                CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'unicode61 remove_diacritics 0 \#
                categories ''L* N* Co'' tokenchars ''"''''-'' separators '' x''')
                """#)
        // The token characters reached FTS5: "don't" and "e-mail" are single tokens, x separates.
        #expect(
            try probe(full, documents: ["don't e-mail", "don t"], pattern: FTS5Pattern(matchingAllTokensIn: "don't")!)
                == ["don't e-mail"])
        #expect(try probe(full, documents: ["boxcar"], pattern: FTS5Pattern(matchingAllTokensIn: "car")!) == ["boxcar"])
        #expect(try probe(full, documents: ["café"], pattern: FTS5Pattern(matchingAllTokensIn: "cafe")!) == [])
        for legacy in [FTS5Tokenizer.unicode61(removeDiacritics: .removeLegacy), .unicode61(removeDiacritics: .remove)]
        {
            #expect(
                try probe(legacy, documents: ["café"], pattern: FTS5Pattern(matchingAllTokensIn: "cafe")!) == ["café"])
        }
    }

    @Test func setsRenderInAStableOrder() {
        let sets: [Set<Character>] = [["z", "a", "-", "é", "'"], ["'", "é", "-", "a", "z"]]
        let rendered = sets.map { FTS5Tokenizer.ascii(tokenCharacters: $0, separators: $0).description }
        #expect(rendered == Array(repeating: "ascii tokenchars '''-az\u{E9}' separators '''-az\u{E9}'", count: 2))
    }

    @Test func ascii() throws {
        let tokenizer = FTS5Tokenizer.ascii(tokenCharacters: ["."], separators: ["'"])
        #expect(
            try probeDDL(tokenizer) == #"""
                CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'ascii tokenchars ''.'' separators ''''''''')
                """#)
        #expect(
            try probe(tokenizer, documents: ["v1.2 it's"], pattern: FTS5Pattern(matchingAllTokensIn: "v1.2 it")!) == [
                "v1.2 it's"
            ])
    }

    @Test func porterWrapsAnotherTokenizer() throws {
        #expect(try probeDDL(.porter()) == #"CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'porter')"#)
        let wrapped = FTS5Tokenizer.porter(wrapping: .unicode61(removeDiacritics: .remove, tokenCharacters: ["'"]))
        #expect(
            try probeDDL(wrapped) == #"""
                CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'porter unicode61 remove_diacritics 2 tokenchars ''''''''')
                """#)
        #expect(
            try probe(wrapped, documents: ["Résumés running"], pattern: FTS5Pattern(matchingAllTokensIn: "resume run")!)
                == ["Résumés running"])
        #expect(
            try probeDDL(.porter(wrapping: .ascii()))
                == #"CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'porter ascii')"#)
    }

    @Test func trigram() throws {
        #expect(try probeDDL(.trigram()) == #"CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'trigram')"#)
        let sensitive = FTS5Tokenizer.trigram(caseSensitive: true)
        #expect(
            try probeDDL(sensitive)
                == #"CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = 'trigram case_sensitive 1')"#)
        #expect(
            try probe(
                sensitive, documents: ["Groceries", "GROCERIES"], pattern: FTS5Pattern(matchingAllTokensIn: "roc")!)
                == ["Groceries"])
        #expect(
            try probe(
                .trigram(caseSensitive: false), documents: ["GROCERIES"],
                pattern: FTS5Pattern(matchingAllTokensIn: "roc")!)
                == ["GROCERIES"])
        #expect(FTS5Tokenizer.trigram(removeDiacritics: true).description == "trigram remove_diacritics 1")
        #expect(FTS5Tokenizer.trigram(removeDiacritics: true).requirements == [.trigramRemoveDiacritics])
    }

    @Test func customNamesAndArgumentsReachSQLiteAsWritten() throws {
        let custom = FTS5Tokenizer.custom("my tok'enizer", arguments: ["a b", "it's", "\"q\"", "plain_1", "東京"])
        #expect(custom.description == #"'my tok''enizer' 'a b' 'it''s' '"q"' plain_1 東京"#)
        #expect(
            try probeDDL(custom) == #"""
                CREATE VIRTUAL TABLE "probes" USING fts5("body", tokenize = '''my tok''''enizer'' ''a b'' ''it''''s'' ''"q"'' plain_1 東京')
                """#)
        let database = try Database.inMemory()
        let error = #expect(throws: SQLiteError.self) { try database.write { db in try db.execute(probeDDL(custom)) } }
        #expect(error?.message == "no such tokenizer: my tok'enizer")
        #expect(throws: SQLEncodingError.self) { try probeDDL(.custom("nul\0")) }
    }
}
