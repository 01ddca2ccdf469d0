import Codd
import CoddFTS5SQLite
import Testing

/// A deterministic generator (SplitMix64), so a failing input can be reproduced.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// What users type, and worse: FTS5 syntax, quotes, NUL, other scripts.
let hostilePieces = [
    "\"", "\"\"", "'", "(", ")", "{", "}", "*", "^", "+", "-", ":", ",", ".", "NEAR", "NEAR(", "AND", "OR", "NOT",
    "near", "and", " ", "  ", "\t", "\n", "\0", "\u{1A}", "title", "notes", "title:", "nosuch:", "take", "out", "a",
    "1", "10", "东京", "東京都", "ไทย", "résumé", "😀", "\u{301}", "\\", "%", "_", "[", "]", "`", ";", "--", "/*",
]

func hostileInput(_ generator: inout SplitMix64) -> String {
    let count = Int.random(in: 0...8, using: &generator)
    return (0..<count).map { _ in hostilePieces.randomElement(using: &generator) ?? "" }.joined()
}

/// Patterns from user text never make FTS5 fail, and the raw-pattern check agrees with
/// SQLite on what it accepts.
@Suite struct FTS5PatternFuzzTests {
    @Test func patternsFromHostileTextAlwaysRun() throws {
        let database = try makeRemindersDatabase()
        var generator = SplitMix64(state: 0xC0DD)
        try database.write { db in
            try ReminderText.insert([ReminderText(rowid: 1, title: "take out", notes: "东京 résumé", tags: "a")]).execute(
                db)
            try StemmedNote.createTable().execute(db)
            var executed = 0
            for _ in 0..<3000 {
                let text = hostileInput(&generator)
                let other = hostileInput(&generator)
                var patterns = [
                    FTS5Pattern(matchingAllTokensIn: text), FTS5Pattern(matchingAnyTokenIn: text),
                    FTS5Pattern(matchingPhrase: text), FTS5Pattern(matchingPrefixesIn: text),
                    FTS5Pattern.near([text, other], within: Int.random(in: -3...20, using: &generator)),
                ].compactMap { $0 }
                if let first = patterns.first, let last = patterns.last {
                    patterns += [
                        first.and(last), first.or(last), first.not(last),
                        first.inColumns(["title", "notes"]), last.notInColumns(["tags"]),
                    ]
                }
                if text.split(whereSeparator: \.isWhitespace).filter({ $0 != "\0" }).isEmpty {
                    #expect(FTS5Pattern(matchingAllTokensIn: text) == nil)
                }
                for pattern in patterns {
                    // Valid by the raw-pattern check too.
                    _ = try FTS5Pattern(validating: pattern.rawValue, columns: ReminderText.fts5ColumnNames)
                    _ = try ReminderText.where { $0.match(pattern) }.fetchCount(db)
                    _ = try StemmedNote.where { $0.match(pattern.rawValue.contains("{") ? .nothing : pattern) }
                        .fetchCount(db)
                    executed += 1
                }
            }
            #expect(executed > 10_000)
        }
    }

    @Test func rawPatternCheckAgreesWithSQLite() throws {
        let database = try makeRemindersDatabase()
        var generator = SplitMix64(state: 0xF75)
        var accepted = 0
        var rejected = 0
        try database.read { db in
            for _ in 0..<4000 {
                let raw = hostileInput(&generator)
                let sqliteAccepts: Bool
                do {
                    _ = try db.fetchOne(
                        Int.self, #"SELECT count(*) FROM "reminderTexts" WHERE "reminderTexts" MATCH ?"#, raw)
                    sqliteAccepts = true
                } catch {
                    sqliteAccepts = false
                }
                let checkAccepts = (try? FTS5Pattern(validating: raw, columns: ReminderText.fts5ColumnNames)) != nil
                #expect(checkAccepts == sqliteAccepts, "\(raw.debugDescription)")
                if sqliteAccepts { accepted += 1 } else { rejected += 1 }
            }
        }
        // Both sides of the check are exercised.
        #expect(accepted > 300)
        #expect(rejected > 300)
    }
}
