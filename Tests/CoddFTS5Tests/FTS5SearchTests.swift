import Codd
import CoddFTS5SQLite
import Testing

@Table
struct StemmedNote: FTS5 {
    let body: String
    static let fts5Options = FTS5Options<StemmedNote>(tokenizer: .porter())
}

@Table
struct AccentFreeNote: FTS5 {
    let body: String
    static let fts5Options = FTS5Options<AccentFreeNote>(tokenizer: .unicode61(removeDiacritics: .remove))
}

/// Searching: MATCH on the table and on a column, joins, ranking, highlight, snippet, and
/// what each tokenizer finds.
@Suite struct FTS5SearchTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
        try database.write { db in
            try ReminderText.syncTriggers(from: Reminder.self, rowID: \.id, temporary: true) { text, reminder in
                text.notes = reminder.notes.replace("\n", " ")
                text.tags = ""
            }.execute(db)
            try Reminder.insert([
                Reminder(id: 1, title: "Take out the trash", notes: "Bins go out\non Tuesday"),
                Reminder(id: 2, title: "Groceries", notes: "Milk, eggs and take-out menus"),
                Reminder(id: 3, title: "Call the dentist", notes: "Ask about the trash fee"),
            ]).execute(db)
        }
    }

    @Test func seedsSearchJoinsTheContentTable() throws {
        let pattern = try #require(FTS5Pattern(matchingAllTokensIn: "trash"))
        let query =
            ReminderText
            .where { $0.match(pattern) }
            .join(Reminder.all) { $0.rowid.eq($1.rowid) }
            .select { ($1.id, $1.title) }
        #expect(
            query.description == #"""
                SELECT "reminders"."id", "reminders"."title" FROM "reminderTexts" \#
                JOIN "reminders" ON "reminderTexts"."rowid" = "reminders"."rowid" \#
                WHERE ("reminderTexts"."reminderTexts" MATCH '"trash"')
                """#)
        let rows = try database.read { db in try query.order { text, _ in text.rank }.fetchAll(db) }
        #expect(Set(rows.map(\.0)) == [1, 3])
    }

    @Test func matchOnOneTableRendersBare() throws {
        let query = ReminderText.where { $0.match(FTS5Pattern(matchingPrefixesIn: "gro")!) }.select(\.rowid)
        #expect(query.description == #"SELECT "rowid" FROM "reminderTexts" WHERE ("reminderTexts" MATCH '"gro"*')"#)
        #expect(try database.read { db in try query.fetchAll(db) } == [2])
    }

    @Test func columnMatchSearchesOneColumn() throws {
        let query = ReminderText.where { $0.title.match(FTS5Pattern(matchingAllTokensIn: "trash")!) }.select(\.rowid)
        #expect(query.description == #"SELECT "rowid" FROM "reminderTexts" WHERE ("title" MATCH '"trash"')"#)
        #expect(try database.read { db in try query.fetchAll(db) } == [1])
        let filtered =
            ReminderText
            .where { $0.match(FTS5Pattern(matchingAllTokensIn: "trash")!.inColumns(["notes"])) }
            .select(\.rowid)
        #expect(try database.read { db in try filtered.fetchAll(db) } == [3])
    }

    @Test func syncTriggersCopyTransformedValues() throws {
        let notes = try database.read { db in try ReminderText.where { $0.rowid.eq(1) }.select(\.notes).fetchAll(db) }
        #expect(notes == ["Bins go out on Tuesday"])
        try database.write { db in
            try Reminder.where { $0.id.eq(1) }.update { $0.notes = "Recycling\nfirst" }.execute(db)
            try Reminder.where { $0.id.eq(3) }.delete().execute(db)
            try ReminderText.command(.integrityCheck).execute(db)
        }
        let rows = try database.read { db in try ReminderText.order(by: \.rowid).fetchAll(db) }
        #expect(rows.map(\.rowid) == [1, 2])
        #expect(rows.map(\.notes) == ["Recycling first", "Milk, eggs and take-out menus"])
        let matches = try database.read { db in
            try ReminderText.where { $0.match(FTS5Pattern(matchingAllTokensIn: "trash")!) }.select(\.rowid).fetchAll(db)
        }
        #expect(matches == [1])
    }

    @Test func highlightAndSnippetUnderAnAlias() throws {
        let pattern = try #require(FTS5Pattern(matchingAllTokensIn: "trash"))
        let query =
            Reminder
            .join(ReminderText.all.as(MatchAlias.self)) { $0.id.eq($1.rowid) }
            .where { _, text in text.match(pattern) }
            .order { _, text in text.bm25(weights: [10, 1]) }
            .select { _, text in (text.title.highlight("**", "**"), text.notes.snippet("[", "]", "...", 3)) }
        #expect(
            query.description == #"""
                SELECT highlight("matches"."reminderTexts", 0, '**', '**'), \#
                snippet("matches"."reminderTexts", 1, '[', ']', '...', 3) \#
                FROM "reminders" JOIN "reminderTexts" AS "matches" ON "reminders"."id" = "matches"."rowid" \#
                WHERE ("matches"."reminderTexts" MATCH '"trash"') \#
                ORDER BY bm25("matches"."reminderTexts", 10.0, 1.0)
                """#)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == ["Take out the **trash**", "Call the dentist"])

        let ranked =
            Reminder
            .join(ReminderText.all.as(MatchAlias.self)) { $0.id.eq($1.rowid) }
            .where { _, text in text.match(pattern) }
            .order { _, text in text.rank }
            .select { reminder, text in (reminder.id, text.rank) }
        #expect(ranked.description.hasSuffix(#"ORDER BY "matches"."rank""#))
        let scores = try database.read { db in try ranked.fetchAll(db) }
        #expect(scores.count == 2)
        #expect(scores.allSatisfy { $0.1 < 0 })
        #expect(scores.map(\.1) == scores.map(\.1).sorted())
        // Trigram tokens are characters: three of them are "Bin" or "[trash]" with dots around.
        #expect(rows.map(\.1) == ["Bins ...", "...[trash]..."])
    }

    @Test func tableWideSnippetAndRank() throws {
        try database.write { db in
            try StemmedNote.createTable().execute(db)
            try StemmedNote.insert([
                StemmedNote(body: "Call the dentist about the bill before Friday"),
                StemmedNote(body: "Menus: pizza, noodles, curry and more menus in the drawer"),
            ]).execute(db)
        }
        let query =
            StemmedNote
            .where { $0.match(FTS5Pattern(matchingAnyTokenIn: "menus dentist")!) }
            .order { $0.rank }
            .select { ($0.rowid, $0.snippet("<b>", "</b>", "…", 4)) }
        #expect(
            query.description == #"""
                SELECT "rowid", snippet("stemmedNotes", -1, '<b>', '</b>', '…', 4) FROM "stemmedNotes" \#
                WHERE ("stemmedNotes" MATCH '"menus" OR "dentist"') ORDER BY "rank"
                """#)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0) == [2, 1])
        #expect(rows.map(\.1) == ["<b>Menus</b>: pizza, noodles, curry…", "Call the <b>dentist</b> about…"])
    }

    @Test func rawPatternsAreCheckedBeforeSQLite() throws {
        let valid = ReminderText.where { $0.match("title:groc* OR NEAR(trash bins, 5)") }.select(\.rowid)
        #expect(try database.read { db in try valid.order(by: \.rowid).fetchAll(db) } == [2])
        // The largest distance FTS5 reads as written; a larger one given to `near` is that.
        // ("Bins go out on Tuesday": three tokens apart.)
        let near = ReminderText.where { $0.match("NEAR(bins tuesday, 2)") }.select(\.rowid)
        let widest = ReminderText.where { $0.match("NEAR(bins tuesday, 2147483647)") }.select(\.rowid)
        let (nearRows, widestRows) = try database.read { db in (try near.fetchAll(db), try widest.fetchAll(db)) }
        #expect(nearRows.isEmpty)
        #expect(widestRows == [1])
        let huge = try #require(FTS5Pattern.near(["bins", "tuesday"], within: Int.max))
        #expect(huge.rawValue == #"NEAR("bins" "tuesday", 2147483647)"#)
        let hugeRows = try database.read { db in try ReminderText.where { $0.match(huge) }.select(\.rowid).fetchAll(db)
        }
        #expect(hugeRows == [1])
        for (raw, reason) in [
            ("take (out", FTS5PatternError.Reason.syntaxError(near: "(")),
            ("\"take", .unterminatedString),
            ("nosuch:take", .noSuchColumn("nosuch")),
            ("NEAR(a b, x1)", .expectedInteger("x1")),
            ("NEAR(a b, 2147483648)", .distanceTooLarge("2147483648")),
            ("NEAR(a b, 99999999999999999999)", .distanceTooLarge("99999999999999999999")),
            ("*take", .specialQuery),
            ("it's", .syntaxError(near: "'")),
        ] {
            let error = #expect(throws: FTS5PatternError.self) {
                try database.read { db in try ReminderText.where { $0.match(raw) }.fetchAll(db) }
            }
            #expect(error?.reason == reason, "\(raw)")
        }
    }

    /// A pattern's control characters are written out in the error's description, so a NUL
    /// neither ends the message in a C-string log nor hides; the error keeps the pattern as
    /// given.
    @Test func aRejectedPatternsControlCharactersAreWrittenOut() throws {
        for (raw, shown) in [
            ("\"ta\0ke", #"fts5: unterminated string in pattern "ta\0ke"#),
            ("take\n(out", #"fts5: syntax error near "(" in pattern take\n(out"#),
            ("no\u{1B}such:take", #"fts5: syntax error near "\u{1B}" in pattern no\u{1B}such:take"#),
        ] {
            let error = #expect(throws: FTS5PatternError.self) {
                try database.read { db in try ReminderText.where { $0.match(raw) }.fetchAll(db) }
            }
            #expect(error?.description == shown)
            #expect(error?.pattern == raw)
        }
    }

    @Test func porterFindsRunningForRun() throws {
        try database.write { db in
            try StemmedNote.createTable().execute(db)
            try StemmedNote.insert([StemmedNote(body: "She was running late"), StemmedNote(body: "A quiet day")])
                .execute(db)
            let found = try StemmedNote.where { $0.match(FTS5Pattern(matchingAllTokensIn: "run")!) }.select(\.body)
                .fetchAll(db)
            #expect(found == ["She was running late"])
        }
    }

    @Test func trigramFindsSubstrings() throws {
        try database.read { db in
            let found = try ReminderText.where { $0.match(FTS5Pattern(matchingAllTokensIn: "roceri")!) }.select(\.title)
                .fetchAll(db)
            #expect(found == ["Groceries"])
            let inside = try ReminderText.where { $0.match(FTS5Pattern(matchingAllTokensIn: "ake-ou")!) }.select(
                \.rowid
            ).fetchAll(db)
            #expect(inside == [2])
        }
    }

    @Test func removeDiacriticsFindsResumeInRésumé() throws {
        try database.write { db in
            try AccentFreeNote.createTable().execute(db)
            try AccentFreeNote.insert([AccentFreeNote(body: "Send my résumé"), AccentFreeNote(body: "Resume the call")])
                .execute(db)
            let found = try AccentFreeNote.where { $0.match(FTS5Pattern(matchingAllTokensIn: "resume")!) }.select(
                \.body
            ).fetchAll(db)
            #expect(Set(found) == ["Send my résumé", "Resume the call"])
            let accented = try AccentFreeNote.where { $0.match(FTS5Pattern(matchingAllTokensIn: "RÉSUMÉ")!) }
                .fetchCount(db)
            #expect(accented == 2)
        }
    }
}
