import Codd
import CoddFTS5SQLite
import Foundation

/// The FTS5 table every tokenizer contender indexes.
@Table
struct BenchDocument: FTS5 {
    let body: String
}

/// A tokenizer written in Swift: runs of letters and digits, lowercased. Its cost against
/// unicode61 (in C) is what the workload shows.
final class SwiftWordTokenizer: FTS5CustomTokenizer {
    func tokenize(_ text: FTS5Text, reason: FTS5TokenizeReason, into sink: FTS5TokenSink) throws {
        for word in text.words() { try sink.emit(word.text.lowercased(), range: word.range) }
    }
}

/// Indexing documents and searching them with unicode61, trigram, the ICU word-break
/// tokenizer and a tokenizer written in Swift; ratios are to unicode61.
enum FTS5Workload {
    static let tokenizers: [(name: String, tokenizer: FTS5Tokenizer)] = [
        ("unicode61", .unicode61()),
        ("trigram", .trigram()),
        ("ICU word break (C target)", .icu()),
        ("Swift tokenizer", .custom("swift_words")),
    ]

    /// `documents` documents of eight words from a vocabulary of 2,000 six-letter words,
    /// and `searches` searches for one word each.
    static func workloads(documents: Int, searches: Int) throws -> [Workload] {
        var generator = SplitMix(state: 0xF75)
        let vocabulary = (0..<2_000).map { _ in
            String((0..<6).map { _ in Character(Unicode.Scalar(UInt8(97 + Int(generator.next() % 26)))) })
        }
        let texts = (0..<documents).map { _ in
            (0..<8).map { _ in vocabulary[Int(generator.next() % UInt64(vocabulary.count))] }.joined(separator: " ")
        }
        let queries = (0..<searches).map { _ in vocabulary[Int(generator.next() % UInt64(vocabulary.count))] }

        let indexing = Workload(
            name: "FTS5: index \(documents) documents", rows: documents, floor: "unicode61", grdb: nil,
            contenders: tokenizers.map { entry in
                Contender(name: entry.name) {
                    let database = try makeDatabase(entry.tokenizer)
                    return try database.write { db in
                        for text in texts { try db.execute(#"INSERT INTO "benchDocuments" ("body") VALUES (?)"#, text) }
                        return texts.count
                    }
                }
            }
        )
        // One indexed database per tokenizer; every tokenizer finds the same rows.
        let databases = try tokenizers.map { entry in
            let database = try makeDatabase(entry.tokenizer)
            try database.write { db in
                for text in texts { try db.execute(#"INSERT INTO "benchDocuments" ("body") VALUES (?)"#, text) }
            }
            return database
        }
        let searching = Workload(
            name: "FTS5: \(searches) searches", rows: searches, floor: "unicode61", grdb: nil,
            contenders: zip(tokenizers, databases).map { entry, database in
                Contender(name: entry.name) {
                    try database.read { db in
                        try queries.reduce(0) { total, word in
                            let pattern = FTS5Pattern(matchingAllTokensIn: word) ?? .nothing
                            return total + (try BenchDocument.where { $0.match(pattern) }.fetchCount(db))
                        }
                    }
                }
            }
        )
        return [indexing, searching]
    }

    /// An in-memory database with the tokenizers registered and `benchDocuments` created.
    static func makeDatabase(_ tokenizer: FTS5Tokenizer) throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in
            try db.registerICUTokenizer()
            try db.registerFTS5Tokenizer(named: "swift_words") { _ in SwiftWordTokenizer() }
            var builder = SQLBuilder(mode: .inlineLiterals)
            builder.text(tokenizer.description)
            try db.execute(#"CREATE VIRTUAL TABLE "benchDocuments" USING fts5("body", tokenize = "# + builder.sql + ")")
        }
        return database
    }
}

/// A deterministic generator, so every run indexes the same documents.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
