import Codd
import CoddFTS5SQLite
import Testing

/// Splits at spaces, lowercases, and records what FTS5 asked of it.
final class RecordingTokenizer: FTS5CustomTokenizer {
    nonisolated(unsafe) static var arguments: [[String]] = []
    var reasons: [FTS5TokenizeReason] = []

    init(arguments: [String]) {
        Self.arguments.append(arguments)
    }

    func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws {
        reasons.append(reason)
        for word in text.words() { try sink.emit(word.text.lowercased(), range: word.range) }
    }
}

/// A table for each test's tokenizer.
@Table
struct Snippet: FTS5 {
    let body: String
}

func createSnippets(_ tokenizer: FTS5Tokenizer, _ db: Connection, _ documents: [String]) throws {
    try db.execute(#"DROP TABLE IF EXISTS "snippets""#)
    try db.execute(
        #"CREATE VIRTUAL TABLE "snippets" USING fts5("body", tokenize = "#
            + "'\(tokenizer.description.replacingOccurrences(of: "'", with: "''"))')")
    if !documents.isEmpty { try Snippet.insert(documents.map { Snippet(body: $0) }).execute(db) }
}

func search(_ text: String, _ db: Connection) throws -> [String] {
    guard let pattern = FTS5Pattern(matchingAllTokensIn: text) else { return [] }
    return try Snippet.where { $0.match(pattern) }.select(\.body).fetchAll(db)
}

/// Tokenizers written in Swift: arguments, offsets, query and document calls, colocated
/// synonyms, wrappers, ICU word breaking, and typed errors.
@Suite(.serialized) struct FTS5SwiftTokenizerTests {
    @Test func swiftTokenizerGetsItsArgumentsAndItsOffsetsDriveHighlight() throws {
        let database = try Database.inMemory()
        nonisolated(unsafe) var instances: [RecordingTokenizer] = []
        try database.write { db in
            try db.registerFTS5Tokenizer(named: "recording") { arguments in
                let tokenizer = RecordingTokenizer(arguments: arguments)
                instances.append(tokenizer)
                return tokenizer
            }
            RecordingTokenizer.arguments = []
            let tokenizer = FTS5Tokenizer.custom("recording", arguments: ["it's", "a b", "\"q\"", "東京"])
            try createSnippets(tokenizer, db, ["Ünïcode Words, and MORE words"])
            #expect(RecordingTokenizer.arguments.first == ["it's", "a b", "\"q\"", "東京"])
            let highlighted = try Snippet.where { $0.match(FTS5Pattern(matchingAllTokensIn: "WORDS")!) }
                .select { $0.body.highlight("[", "]") }.fetchAll(db)
            #expect(highlighted == ["Ünïcode [Words], and MORE [words]"])
            _ = try Snippet.where { $0.match(FTS5Pattern(matchingPrefixesIn: "mo")!) }.fetchCount(db)
        }
        let reasons = instances.flatMap(\.reasons)
        #expect(reasons.contains { $0.isDocument })
        #expect(reasons.contains { $0.isQuery && !$0.isPrefixQuery })
        #expect(reasons.contains { $0.isQuery && $0.isPrefixQuery })
        #expect(reasons.contains { $0.isAuxiliary })
    }

    @Test func wrapperEmitsColocatedSynonyms() throws {
        let database = try Database.inMemory()
        func check(_ db: Connection) throws {
            try db.registerFTS5WrapperTokenizer(named: "synonyms") { token, reason in
                // Synonyms at indexing time: queries stay plain.
                guard reason.isDocument else { return [token] }
                return token == "1st" ? ["1st", "first"] : [token]
            }
            try createSnippets(.wrapper("synonyms", around: .unicode61()), db, ["The 1st prize", "The second prize"])
            #expect(try search("first prize", db) == ["The 1st prize"])
            #expect(try search("1st", db) == ["The 1st prize"])
            #expect(
                try Snippet.where { $0.match(FTS5Pattern(matchingPhrase: "the first prize")!) }.select(\.body).fetchAll(
                    db)
                    == ["The 1st prize"])
            let highlighted = try Snippet.where { $0.match(FTS5Pattern(matchingAllTokensIn: "first")!) }
                .select { $0.body.highlight("<", ">") }.fetchAll(db)
            #expect(highlighted == ["The <1st> prize"])
        }
        try database.write(check)
    }

    @Test func wrapperFoldsToASCIIOverAnotherTokenizer() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.registerFTS5WrapperTokenizer(named: "ascii_fold") { token, _ in
                [
                    String(
                        String.UnicodeScalarView(
                            token.unicodeScalars.map { scalar in
                                switch scalar {
                                case "é", "è", "ê": "e"
                                case "ø": "o"
                                default: scalar
                                }
                            }))
                ]
            }
            let tokenizer = FTS5Tokenizer.wrapper("ascii_fold", around: .unicode61(removeDiacritics: .keep))
            #expect(tokenizer.description == "ascii_fold unicode61 remove_diacritics 0")
            try createSnippets(tokenizer, db, ["Crème brûlée", "Smørrebrød"])
            #expect(try search("creme", db) == ["Crème brûlée"])
            #expect(try search("smorrebrod", db) == ["Smørrebrød"])
            // The wrapped tokenizer keeps its own arguments: û stays (remove_diacritics 0).
            #expect(try search("brulee", db) == [])
        }
    }

    @Test func icuSegmentsJapaneseChineseAndThai() throws {
        let database = try Database.inMemory()
        func check(_ db: Connection) throws {
            try db.registerICUTokenizer()
            try createSnippets(.icu(), db, ["東京都に住んでいます", "我爱北京天安门", "ภาษาไทยง่ายนิดเดียว", "Straße in Köln"])
            #expect(try search("東京", db) == ["東京都に住んでいます"])
            #expect(try search("北京", db) == ["我爱北京天安门"])
            #expect(try search("ไทย", db) == ["ภาษาไทยง่ายนิดเดียว"])
            #expect(try search("STRASSE", db) == ["Straße in Köln"])
            #expect(try search("koln", db) == [])
            let highlighted = try Snippet.where { $0.match(FTS5Pattern(matchingAllTokensIn: "東京")!) }
                .select { $0.body.highlight("[", "]") }.fetchAll(db)
            #expect(highlighted == ["[東京]都に住んでいます"])

            // unicode61 sees no word boundaries in the same text.
            try createSnippets(.unicode61(), db, ["東京都に住んでいます"])
            #expect(try search("東京", db) == [])
        }
        try database.write(check)
    }

    @Test func icuRemovesDiacriticsForALocale() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.registerICUTokenizer(named: "icu_words")
            let tokenizer = FTS5Tokenizer.icu(locale: "ja_JP", removeDiacritics: true, name: "icu_words")
            #expect(tokenizer.description == "icu_words ja_JP remove_diacritics 1")
            try createSnippets(tokenizer, db, ["Mon résumé", "東京都に住んでいます"])
            #expect(try search("resume", db) == ["Mon résumé"])
            #expect(try search("RÉSUMÉ", db) == ["Mon résumé"])
            #expect(try search("東京", db) == ["東京都に住んでいます"])
        }
    }

    @Test func failuresAreTypedErrors() throws {
        #expect(throws: FTS5TokenizerError.self) { try ICUWordBreakTokenizer(arguments: ["en", "bogus"]) }
        #expect(throws: FTS5TokenizerError.self) { try ICUWordBreakTokenizer(arguments: ["remove_diacritics", "2"]) }
        let database = try Database.inMemory()
        try database.write { db in
            try db.registerFTS5Tokenizer(named: "refuses") { arguments in
                try ICUWordBreakTokenizer(arguments: arguments + ["remove_diacritics", "9"])
            }
            let refused = #expect(throws: SQLiteError.self) { try createSnippets(.custom("refuses"), db, []) }
            #expect(refused?.functionError?.function == "refuses")
            #expect(
                refused?.message
                    == #"error in tokenizer constructor: Function "refuses" failed: the FTS5 tokenizer threw while starting with arguments []: FTS5 tokenizer icu: unknown option remove_diacritics"#
            )
            try db.registerFTS5WrapperTokenizer(named: "wraps") { token, _ in [token] }
            #expect(throws: SQLiteError.self) {
                try createSnippets(.wrapper("wraps", around: .custom("missing")), db, [])
            }
            #expect(throws: SQLiteError.self) { try createSnippets(.custom("wraps"), db, []) }
        }
    }

    /// A tokenizer's own error reaches the caller: which tokenizer, and what it threw.
    @Test func aTokenizerThatThrowsFailsTheStatementWithItsError() throws {
        struct Refusal: Error, CustomStringConvertible {
            var description: String { "no digits, please" }
        }
        final class NoDigits: FTS5CustomTokenizer {
            func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws {
                for word in text.words() {
                    if word.text.contains(where: \.isNumber) { throw Refusal() }
                    try sink.emit(word.text, range: word.range)
                }
            }
        }
        let database = try Database.inMemory()
        try database.write { db in try Self.failedWritesLeaveNothing(db, NoDigits()) }
        // An error that leaves the write access rolls it back.
        #expect(throws: SQLiteError.self) {
            try database.write { db in try Snippet.insert([Snippet(body: "room 103")]).execute(db) }
        }
        #expect(try database.read { db in try Snippet.select(\.body).fetchAll(db) } == ["plain words"])
        try database.write { db in try db.execute(#"INSERT INTO "snippets" ("snippets") VALUES ('integrity-check')"#) }
    }

    /// The statements of `aTokenizerThatThrowsFailsTheStatementWithItsError`, in a function
    /// of their own: in the access's closure they took over 150 ms to type-check.
    static func failedWritesLeaveNothing(_ db: Connection, _ tokenizer: some FTS5CustomTokenizer) throws {
        try db.registerFTS5Tokenizer(named: "no_digits") { _ in tokenizer }
        try createSnippets(.custom("no_digits"), db, ["plain words"])
        let error = #expect(throws: SQLiteError.self) {
            try Snippet.insert([Snippet(body: "room 101")]).execute(db)
        }
        #expect(
            error?.functionError
                == SQLFunctionError(
                    function: "no_digits", message: "the FTS5 tokenizer threw while tokenizing: no digits, please"))
        #expect(
            error?.message
                == #"SQL logic error: Function "no_digits" failed: the FTS5 tokenizer threw while tokenizing: no digits, please"#
        )
        // The failed statement leaves nothing: FTS5 had written the content row before its
        // tokenizer threw (SQLite keeps no statement journal for a one-row write), and
        // the table passes FTS5's integrity check.
        #expect(try Snippet.select(\.body).fetchAll(db) == ["plain words"])
        let searched = try search("room", db)
        #expect(searched.isEmpty)
        try db.execute(#"INSERT INTO "snippets" ("snippets") VALUES ('integrity-check')"#)
        // SQL written by hand, with values and without, and an update.
        #expect(throws: SQLiteError.self) {
            try db.execute(#"INSERT INTO "snippets" ("body") VALUES (?)"#, "room 7")
        }
        #expect(throws: SQLiteError.self) { try db.execute(#"INSERT INTO "snippets" ("body") VALUES ('room 8')"#) }
        #expect(throws: SQLiteError.self) { try db.execute(#"UPDATE "snippets" SET "body" = 'room 9'"#) }
        #expect(try Snippet.select(\.body).fetchAll(db) == ["plain words"])
        try db.execute(#"INSERT INTO "snippets" ("snippets") VALUES ('integrity-check')"#)
        let other = #expect(throws: SQLiteError.self) { try db.execute("SELECT * FROM missing") }
        #expect(other?.functionError == nil)
        // In a savepoint of the caller's, the same.
        #expect(throws: SQLiteError.self) {
            try db.savepoint { db in try Snippet.insert([Snippet(body: "room 102")]).execute(db) }
        }
        #expect(try Snippet.select(\.body).fetchAll(db) == ["plain words"])
        let found = try search("room", db)
        #expect(found.isEmpty)
        // A write read for its first row only (RETURNING) releases its savepoint too.
        try db.execute(#"CREATE TABLE "counters" ("id" INTEGER PRIMARY KEY, "n" INTEGER NOT NULL)"#)
        let id = try db.fetchOne(Int.self, #"INSERT INTO "counters" ("n") VALUES (1), (2) RETURNING "id""#)
        #expect(id == 1)
        #expect(try db.fetchOne(Int.self, #"SELECT count(*) FROM "counters""#) == 2)
        let ids = try db.fetchAll(Int.self, #"UPDATE "counters" SET "n" = "n" + 1 RETURNING "id""#)
        #expect(ids.sorted() == [1, 2])
    }

    /// FTS5 hands a tokenizer the bytes a row holds, valid UTF-8 or not: `words()` splits at
    /// an invalid byte, and its ranges stay those of the bytes (highlight marks the word).
    @Test func wordsSplitAtInvalidBytesAndKeepTheirByteRanges() throws {
        func words(_ bytes: [UInt8]) -> [String] {
            bytes.withUnsafeBufferPointer { buffer in
                FTS5Text(bytes: buffer).words().map { "\($0.text)@\($0.range.lowerBound)..<\($0.range.upperBound)" }
            }
        }
        #expect(words(Array("ab".utf8) + [0xFF] + Array("cd ef\n".utf8)) == ["ab@0..<2", "cd@3..<5", "ef@6..<8"])
        #expect(words([0xFF, 0xFF, 0xFF] + Array("ab cdefgh".utf8)) == ["ab@3..<5", "cdefgh@6..<12"])
        #expect(words([0xE6, 0x9D] + Array("é東京 x".utf8)) == ["é東京@2..<10", "x@11..<12"])
        #expect(words([0xC3]).isEmpty)
        #expect(words([]).isEmpty)
        let database = try Database.inMemory()
        try database.write { (db: Connection) -> Void in
            try db.registerFTS5Tokenizer(named: "lowercase_words") { arguments in
                RecordingTokenizer(arguments: arguments)
            }
            try createSnippets(.custom("lowercase_words"), db, [])
            try db.execute(
                #"INSERT INTO "snippets" ("body") VALUES (CAST(X'6162FF63642065660A' AS TEXT)), (CAST(X'FFFFFF616220636465666768' AS TEXT))"#
            )
            #expect(try Snippet.where { $0.match(FTS5Pattern(matchingAllTokensIn: "cd")!) }.fetchCount(db) == 1)
            #expect(try Snippet.where { $0.match(FTS5Pattern(matchingAllTokensIn: "cdefgh")!) }.fetchCount(db) == 1)
            #expect(try Snippet.where { $0.match(FTS5Pattern(matchingAllTokensIn: "fg")!) }.fetchCount(db) == 0)
            let marked = try db.fetchAll(
                [UInt8].self,
                #"SELECT CAST(highlight("snippets", 0, '[', ']') AS BLOB) FROM "snippets" WHERE "snippets" MATCH 'cd OR cdefgh' ORDER BY rowid"#
            )
            #expect(
                marked == [
                    Array("ab".utf8) + [0xFF] + Array("[cd] ef\n".utf8),
                    [0xFF, 0xFF, 0xFF] + Array("ab [cdefgh]".utf8),
                ])
        }
    }
}
