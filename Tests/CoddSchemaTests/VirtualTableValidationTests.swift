import Codd
import CoddFTS5SQLite
import CoddMigrations
import Testing

/// The full-text search guide's `Article`, every option set. Its columns are optional:
/// without a migrator's schema an FTS5 column admits NULL, and these tests are about the
/// arguments.
@Table("articles")
struct ValidatedArticle: FTS5 {
    let rowid: Int
    let title: String?
    let body: String?
    let path: String?
    static let fts5Options = FTS5Options<ValidatedArticle>(
        tokenizer: .porter(wrapping: .unicode61(removeDiacritics: .remove)),
        unindexed: [\.path],
        prefixes: [2, 3],
        columnSize: false,
        detail: .column
    )
}

/// No options: FTS5's defaults (unicode61, no prefix index, stored content, full detail).
@Table("plainTexts")
struct PlainText: FTS5 {
    let rowid: Int
    let text: String?
}

/// Hostile names: a quote and a parenthesis in the table's, a comma and a space in the
/// columns', a quote among the token characters.
@Table("we\"ird(")
struct WeirdText: FTS5 {
    let rowid: Int
    @Column("a,b") let ab: String?
    @Column("c d") let cd: String?
    static let fts5Options = FTS5Options<WeirdText>(
        tokenizer: .unicode61(tokenCharacters: ["-", "'"]), unindexed: [\.cd])
}

/// The full-text search guide's `ReminderText`.
@Table("reminderTexts")
struct GuideReminderText: FTS5 {
    let rowid: Int
    let title: String?
    let notes: String?
    let tags: String?
    static let fts5Options = FTS5Options<GuideReminderText>(tokenizer: .trigram())
}

/// An index over another table's rows.
@Table("sourceNotes")
struct SourceNote {
    let id: Int
    let body: String
}

@Table("noteTexts")
struct NoteText: FTS5 {
    let rowid: Int
    let body: String?
    static let fts5Options = FTS5Options<NoteText>(content: .externalContent(SourceNote.self, rowID: "id"))
}

/// A no-break space is a token character: beyond ASCII, FTS5 splits no words on it.
@Table("spacedTexts")
struct SpacedText: FTS5 {
    let rowid: Int
    let text: String?
    static let fts5Options = FTS5Options<SpacedText>(tokenizer: .unicode61(tokenCharacters: ["\u{A0}"]))
}

/// Non-optional columns over a content table: as nullable as its columns.
@Table("strictNoteTexts")
struct StrictNoteText: FTS5 {
    let rowid: Int
    let body: String
    static let fts5Options = FTS5Options<StrictNoteText>(content: .externalContent(SourceNote.self, rowID: "id"))
}

/// A contentless table: its columns read NULL, whatever is written.
@Table("silentTexts")
struct SilentText: FTS5 {
    let rowid: Int
    let text: String
    static let fts5Options = FTS5Options<SilentText>(content: .contentless(deletable: false))
}

/// Two tokenizer options, which the statement may write in either order.
@Table("orderedTexts")
struct OrderedText: FTS5 {
    let rowid: Int
    let text: String?
    static let fts5Options = FTS5Options<OrderedText>(
        tokenizer: .unicode61(removeDiacritics: .keep, separators: ["."]))
}

/// Validation compares an FTS5 table's arguments with the ones its Swift type declares,
/// reading both as FTS5 does, on real databases.
@Suite("Virtual table arguments")
struct VirtualTableValidationTests {
    func database(_ sql: String) throws -> Database {
        let database = try Database.inMemory()
        try database.write { db in try db.execute(sql) }
        return database
    }

    /// A table made by `createTable()` validates: the Swift type reads its own SQL back.
    @Test func createdFromSwiftValidates() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute("CREATE TABLE sourceNotes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try ValidatedArticle.createTable().execute(db)
            try PlainText.createTable().execute(db)
            try WeirdText.createTable().execute(db)
            try NoteText.createTable().execute(db)
            try SpacedText.createTable().execute(db)
        }
        try database.validate(ValidatedArticle.self, PlainText.self, WeirdText.self, NoteText.self, SpacedText.self)
    }

    /// Spellings FTS5 reads alike agree: the module's case, double quotes around the
    /// tokenizer, the prefix lengths in another order and as two options, a keyword's case,
    /// a comment; a default spelled out agrees with one left out.
    @Test func spellingsFTS5ReadsAlikeAgree() throws {
        let database = try database(
            """
            CREATE VIRTUAL TABLE articles USING FTS5(title, [body], "path" unindexed,
              tokenize="porter unicode61 remove_diacritics 2", prefix=3, prefix=2, columnsize=0,
              detail=COLUMN, content_rowid = rowid) -- the guide's table
            """)
        try database.validate(ValidatedArticle.self)
        let plain = try self.database(
            "CREATE VIRTUAL TABLE plainTexts USING fts5(text, tokenize = 'unicode61', detail = full, columnsize = 1)")
        try plain.validate(PlainText.self)
        let weird = try self.database(
            #"CREATE VIRTUAL TABLE "we""ird(" USING fts5("a,b", [c d] UNINDEXED, tokenize = 'unicode61 tokenchars ''-''''''')"#
        )
        try weird.validate(WeirdText.self)
    }

    /// FTS5 reads an option's name and a `detail` value by the word they begin, names and
    /// keywords without case, `UNINDEXED` quoted or not, a built-in tokenizer's options in any
    /// order, repeated `tokenchars` as one set, an empty tokenizer as `unicode61`; a comment
    /// inside the arguments is kept by SQLite and skipped here.
    @Test func shortenedCasedAndReorderedSpellingsAgree() throws {
        try database(
            """
            CREATE VIRTUAL TABLE articles USING fts5(Title /* a comment */, BODY, path 'unindexed',
              TOK = "Porter Unicode61 Remove_Diacritics 2", pre = '3,2', col = 0, d = col)
            """
        ).validate(ValidatedArticle.self)
        try database(
            #"CREATE VIRTUAL TABLE "we""ird(" USING fts5("a,b", "c d" UNINDEXED, tokenize = 'unicode61 tokenchars '''''''' tokenchars ''-''')"#
        ).validate(WeirdText.self)
        try database("CREATE VIRTUAL TABLE plainTexts USING fts5(text, tokenize = '')").validate(PlainText.self)
        try database(
            """
            CREATE TABLE sourceNotes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            CREATE VIRTUAL TABLE noteTexts USING fts5(body, content = SourceNotes, content_rowid = ID);
            """
        ).validate(NoteText.self, SourceNote.self)
        try database("CREATE VIRTUAL TABLE spacedTexts USING fts5(text, tokenize = 'unicode61 tokenchars \u{A0}')")
            .validate(SpacedText.self)
    }

    /// What FTS5 reads differently is reported, however close the spelling: a quoted
    /// `'unindexed'`, another content table or rowid, another character beyond ASCII.
    @Test func closeSpellingsThatDifferAreReported() throws {
        let unindexed = try database("CREATE VIRTUAL TABLE plainTexts USING fts5(text 'unindexed')")
        #expect(
            caught(SchemaValidationError.self) { try unindexed.validate(PlainText.self) }?.problems.map(\.description)
                == [#"plainTexts.text: expected "text", found "text" UNINDEXED"#])
        let content = try database(
            """
            CREATE TABLE sourceNotes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
            CREATE VIRTUAL TABLE noteTexts USING fts5(body, content = 'otherNotes');
            """)
        #expect(
            caught(SchemaValidationError.self) { try content.validate(NoteText.self) }?.problems.map(\.description)
                == [
                    "noteTexts.content: expected content = 'sourceNotes', found content = 'otherNotes'",
                    "noteTexts.content_rowid: expected content_rowid = 'id', found no content_rowid option (content_rowid = 'rowid')",
                ])
        let spaced = try database(
            "CREATE VIRTUAL TABLE spacedTexts USING fts5(text, tokenize = 'unicode61 tokenchars \u{2003}')")
        #expect(
            caught(SchemaValidationError.self) { try spaced.validate(SpacedText.self) }?.problems.map(\.description)
                == [
                    "spacedTexts.tokenize: expected tokenize = 'unicode61 tokenchars \u{A0}', found tokenize = 'unicode61 tokenchars \u{2003}'"
                ])
    }

    /// An FTS5 column declares no NOT NULL: over a content table it is as nullable as that
    /// table's column, in a contentless table always nullable (it reads NULL), and in a table
    /// that keeps what is written as its type says (`BookmarkSearch` in ValidationTests).
    @Test func columnNullabilityFollowsWhereTheValuesComeFrom() throws {
        let strict = try Database.inMemory()
        try strict.write { db in
            try db.execute("CREATE TABLE sourceNotes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
            try StrictNoteText.createTable().execute(db)
            try SilentText.createTable().execute(db)
        }
        try strict.validate(StrictNoteText.self)
        #expect(
            caught(SchemaValidationError.self) { try strict.validate(SilentText.self) }?.problems.map(\.description)
                == ["silentTexts.text: expected NOT NULL (text is not optional), found a nullable column"])
        let loose = try Database.inMemory()
        try loose.write { db in
            try db.execute("CREATE TABLE sourceNotes (id INTEGER PRIMARY KEY, body TEXT)")
            try StrictNoteText.createTable().execute(db)
        }
        #expect(
            caught(SchemaValidationError.self) { try loose.validate(StrictNoteText.self) }?.problems.map(\.description)
                == ["strictNoteTexts.body: expected NOT NULL (body is not optional), found a nullable column"])
        // A NULL that reaches such a table anyway is a typed error when read, naming the column.
        try loose.write { db in try db.execute(#"INSERT INTO "sourceNotes" ("id", "body") VALUES (1, NULL)"#) }
        let readError = caught(SQLDecodingError.self) {
            _ = try loose.read { db in try StrictNoteText.all.fetchAll(db) }
        }
        #expect(readError?.column == "body")
    }

    /// A built-in tokenizer's options in another order, and their keys in another case,
    /// agree; another value for one of them does not.
    @Test func tokenizerOptionsInAnyOrder() throws {
        try database(
            "CREATE VIRTUAL TABLE orderedTexts USING fts5(text, tokenize = 'unicode61 separators ''.'' REMOVE_DIACRITICS 0')"
        ).validate(OrderedText.self)
        let other = try database(
            "CREATE VIRTUAL TABLE orderedTexts USING fts5(text, tokenize = 'unicode61 separators ''.'' remove_diacritics 2')"
        )
        #expect(
            caught(SchemaValidationError.self) { try other.validate(OrderedText.self) }?.problems.map(\.column)
                == ["tokenize"])
    }

    /// Every argument that differs is one problem naming it, what the Swift type declares
    /// and what the database has, a default shown where an option is left out.
    @Test func everyDifferingArgumentIsReported() throws {
        let database = try database(
            "CREATE VIRTUAL TABLE articles USING fts5(body, title, path, tokenize = 'trigram', prefix = '2', content = '', detail = full)"
        )
        let error = caught(SchemaValidationError.self) { try database.validate(ValidatedArticle.self) }
        #expect(
            error?.description == """
                7 problems between the Swift tables and the database:
                  articles.columns: expected "title", "body", "path" UNINDEXED, found "body", "title", "path"
                  articles.path: expected "path" UNINDEXED, found "path"
                  articles.columnsize: expected columnsize = 0, found no columnsize option (columnsize = 1)
                  articles.content: expected no content option, found content = ''
                  articles.detail: expected detail = column, found detail = full
                  articles.prefix: expected prefix = '2 3', found prefix = '2'
                  articles.tokenize: expected tokenize = 'porter unicode61 remove_diacritics 2', found tokenize = 'trigram'
                """)
        #expect(error?.problems.allSatisfy { $0.kind == .virtualTableArgument } == true)
    }

    /// The full-text search guide's example: a migration written apart from the type.
    @Test func theGuidesMigrationWrittenApart() throws {
        let database = try database(
            "CREATE VIRTUAL TABLE reminderTexts USING fts5(title, notes, tags, tokenize = 'unicode61', detail = column)"
        )
        let error = caught(SchemaValidationError.self) { try database.validate(GuideReminderText.self) }
        #expect(
            error?.description == """
                2 problems between the Swift tables and the database:
                  reminderTexts.detail: expected no detail option (detail = full), found detail = column
                  reminderTexts.tokenize: expected tokenize = 'trigram', found tokenize = 'unicode61'
                """)
    }

    /// A type with no options expects FTS5's defaults: another tokenizer is a difference.
    @Test func theDefaultTokenizerIsUnicode61() throws {
        let database = try database("CREATE VIRTUAL TABLE plainTexts USING fts5(text, tokenize = 'ascii')")
        let error = caught(SchemaValidationError.self) { try database.validate(PlainText.self) }
        #expect(
            error?.problems.map(\.description) == [
                "plainTexts.tokenize: expected no tokenize option (tokenize = 'unicode61'), found tokenize = 'ascii'"
            ])
    }

    /// The token characters are a set: another order agrees, another character does not.
    @Test func tokenCharactersAreASet() throws {
        let database = try database(
            #"CREATE VIRTUAL TABLE "we""ird(" USING fts5("a,b", "c d" UNINDEXED, tokenize = 'unicode61 tokenchars ''-_''')"#
        )
        let error = caught(SchemaValidationError.self) { try database.validate(WeirdText.self) }
        #expect(
            error?.problems.map(\.description) == [
                #"we"ird(.tokenize: expected tokenize = 'unicode61 tokenchars ''''''-''', found tokenize = 'unicode61 tokenchars ''-_'''"#
            ])
    }

    /// A statement that is not an FTS5 table's, or not one at all, is a difference, not a
    /// crash: another module, an unclosed argument list, nothing, hostile text.
    @Test func unreadableDefinitionsAreDifferences() {
        #expect(
            ValidatedArticle.virtualTableDifferences(
                fromLiveDefinition: "CREATE VIRTUAL TABLE articles USING rtree(id, minX, maxX)")
                == [VirtualTableDifference(argument: "module", expected: "fts5", found: "rtree")])
        for sql in [
            "CREATE VIRTUAL TABLE articles USING fts5(title, body",
            "",
            "CREATE VIRTUAL TABLE \u{0}💥 USING fts5(\u{0}'\"",
            "CREATE VIRTUAL TABLE articles USING fts5(title) AND MORE",
            "CREATE VIRTUAL TABLE articles USING fts5(title, tokenize = 'unclosed)",
        ] {
            #expect(
                ValidatedArticle.virtualTableDifferences(fromLiveDefinition: sql) == [
                    VirtualTableDifference(
                        argument: "definition", expected: "a CREATE VIRTUAL TABLE statement", found: sql)
                ])
            #expect(ValidatedArticle.virtualTableColumnValues(fromLiveDefinition: sql) == .asWritten)
        }
    }
}
