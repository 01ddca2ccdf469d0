import CoddCore
import CoddFTS5
import CoddSQLite
import FuzzSupport

// The FTS5 pattern builder and raw-pattern validator (Codecs/FTS5/Codec/FTS5Pattern.swift,
// FTS5PatternValidator.swift: the module CoddFTS5), against a real FTS5 table.
//
// The input is read as text (invalid UTF-8 repaired, as a `String` always is). It is
// validated whole as a raw pattern, then split at U+0001 into texts that feed every builder
// and combine their patterns with AND, OR, NOT and column filters.
//
// Properties:
// - every pattern the builder returns is accepted by SQLite in a MATCH;
// - every raw pattern the validator accepts is accepted by SQLite (the validator may
//   refuse more, never less);
// - the validator refuses with FTS5PatternError, never another error.

/// The table's columns, one with a name that needs quoting in a column filter.
private let columns = ["title", "body", "we\"ird col"]

nonisolated(unsafe) private let fuzz = FuzzDatabase { db in
    try db.execute(#"CREATE VIRTUAL TABLE "docs" USING fts5("title", "body", "we""ird col")"#)
    for (title, body) in [
        ("Buy milk", "whole milk, two bottles"), ("Call Ann", "about the NEAR meeting"),
        ("çà et là", "émoji 🎉 and AND OR NOT"),
    ] {
        try db.execute(#"INSERT INTO "docs" VALUES (?, ?, ?)"#, title, body, "x")
    }
}

/// Whether SQLite accepts `pattern` in a MATCH; a refusal is reported with its message.
private func sqliteError(_ pattern: String, _ db: Connection) -> SQLiteError? {
    do {
        _ = try db.fetchOne(Int.self, #"SELECT count(*) FROM "docs" WHERE "docs" MATCH ?"#, pattern)
        return nil
    } catch let error as SQLiteError {
        return error
    } catch {
        fuzzCheck(false, "untyped error \(error) for \(pattern.debugDescription)")
        return nil
    }
}

private func requireAccepted(_ pattern: FTS5Pattern, from input: String, _ db: Connection, _ how: String) {
    if let error = sqliteError(pattern.rawValue, db) {
        fuzzCheck(
            false,
            "\(how) built \(pattern.rawValue.debugDescription) from \(input.debugDescription); SQLite: \(error.message)"
        )
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFTS5(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    fuzz.run { db in
        // The validator.
        do {
            let pattern = try FTS5Pattern(validating: text, columns: columns)
            requireAccepted(pattern, from: text, db, "the validator accepted and")
        } catch is FTS5PatternError {
        } catch {
            fuzzCheck(false, "untyped error \(error) validating \(text.debugDescription)")
        }

        // The builder, on each part, and the parts' patterns combined.
        let parts = text.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
        var built: [FTS5Pattern] = []
        for part in parts.prefix(8) {
            let patterns: [(String, FTS5Pattern?)] = [
                ("matchingAllTokensIn", FTS5Pattern(matchingAllTokensIn: part)),
                ("matchingAnyTokenIn", FTS5Pattern(matchingAnyTokenIn: part)),
                ("matchingPhrase", FTS5Pattern(matchingPhrase: part)),
                ("matchingPrefixesIn", FTS5Pattern(matchingPrefixesIn: part)),
                ("near", FTS5Pattern.near(part.split(separator: " ").map(String.init), within: part.utf8.count % 20)),
            ]
            for case let (how, pattern?) in patterns {
                requireAccepted(pattern, from: part, db, how)
                built.append(pattern)
            }
        }
        guard var combined = built.first else { return }
        for (index, pattern) in built.dropFirst().prefix(12).enumerated() {
            switch (index + text.utf8.count) % 5 {
            case 0: combined = combined.and(pattern)
            case 1: combined = combined.or(pattern)
            case 2: combined = combined.not(pattern)
            case 3: combined = combined.inColumns(Array(columns.prefix(1 + index % columns.count)))
            default: combined = combined.notInColumns([columns[index % columns.count]]).and(pattern)
            }
            requireAccepted(combined, from: text, db, "combining")
        }
    }
    return 0
}

@main
enum FuzzFTS5Main {
    static func main() { runFuzzer(fuzzFTS5) }
}
