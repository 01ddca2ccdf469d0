import Codd
import CoddFTS5SQLite
import CoddMigrations
import Foundation
import Testing

/// The reminders schema of the validation tests: every problem validation reports, on one
/// table.
@Table("reminders")
struct ValidatedReminder {
    let id: Int
    @Column(as: UUID.BlobRepresentation.self) var externalID: UUID
    var title = ""
    var dueAt: Date?
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var createdAt: Date
    var listID: Int
}

/// The same table as an app that drifted from the schema declares it.
@Table("reminders")
struct DriftedReminder {
    let id: Int
    var externalID: UUID
    var title: String?
    var dueAt: Date
    @Column(as: Date.UnixTimeRepresentation.self) var createdAt: Date
    var notes = ""
    var listID: Int
}

@Table("missingTable")
struct MissingTable {
    let id: Int
}

/// A table as GRDB's schema builder declares one: dates in `DATETIME` and `DATE` columns
/// (NUMERIC affinity), which hold Codd's and GRDB's date text as TEXT.
@Table("grdbEvents")
struct GRDBEvent: Equatable {
    let id: Int
    var startsAt: Date
    @Column(as: Date.ISO8601Representation.self) var day: Date?
    var externalID: UUID
    var label: String
    var amount: Decimal
}

/// The seed's FTS5 table, typed: `id INTEGER NOT NULL` makes `id` non-optional.
@Table("searchIndex")
struct SearchIndex {
    var id: Int
    var text: String?
}

/// An FTS5 table declared as the full-text search guide declares one: `rowid` reads FTS5's
/// rowid, which no column lists.
@Table("bookmarkSearch")
struct BookmarkSearch: FTS5 {
    let rowid: Int
    let title: String
    let url: String
    static let fts5Options = FTS5Options<BookmarkSearch>(tokenizer: .trigram())
}

/// The rowid of an ordinary table, under each of its names, beside a real column.
@Table("notes")
struct RowidNote {
    let rowid: Int
    @Column("oid") let objectID: Int64
    @Column("_rowid_") let alias: Int
    var body: String
}

/// A rowid read as text: its storage class is INTEGER.
@Table("notes")
struct TextRowidNote {
    let rowid: String
    var body: String
}

@Table("flags")
struct Flag {
    let id: String
    var isOn: Bool
    var label: String
    var anything: Double
}

/// Some of `ValidatedReminder`'s columns in a `TableColumns` written by hand, as stored
/// properties: `columnsByProperty` finds them by reflection, where `@Table` generates it.
struct HandWrittenReminderColumns: TableDefinition {
    typealias QueryValue = ValidatedReminder
    let qualifier: String
    let id: TableColumn<ValidatedReminder, Int>
    let externalID: TableColumn<ValidatedReminder, UUID.BlobRepresentation>
    let dueAt: TableColumn<ValidatedReminder, Date?>

    init(qualifier: String) {
        self.qualifier = qualifier
        id = TableColumn(qualifier: qualifier, name: "id")
        externalID = TableColumn(qualifier: qualifier, name: "externalID")
        dueAt = TableColumn(qualifier: qualifier, name: "dueAt")
    }

    static var columnNames: [String] { ["id", "externalID", "dueAt"] }

    func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        try ValidatedReminder.TableColumns(qualifier: qualifier).renderSelection(into: &builder, alias: alias)
    }

    func renderJSON(into builder: inout SQLBuilder) throws {
        try ValidatedReminder.TableColumns(qualifier: qualifier).renderJSON(into: &builder)
    }
}

/// A row of `handNotes` written by hand, as a table declared without `@Table` is: two
/// types below differ only in their `TableColumns`.
protocol HandWrittenNoteRow: Table {
    init(id: Int, body: String)
    var id: Int { get }
    var body: String { get }
}

extension HandWrittenNoteRow {
    static var tableName: String { "handNotes" }
    static var columnCount: Int { 2 }

    init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        let id = try Int(decodingRow: reader, at: &index)
        self.init(id: id, body: try String(decodingRow: reader, at: &index))
    }

    init(decodingJSON json: SQLJSONValue) throws {
        var members = try json.members(for: Self.self)
        let id = try Int(decodingJSON: members.value(forKey: "id"))
        self.init(id: id, body: try String(decodingJSON: members.value(forKey: "body")))
    }

    func renderColumnValues(into builder: inout SQLBuilder) throws {
        try builder.listItem { try $0.value(id) }
        try builder.listItem { try $0.value(body) }
    }
}

/// The columns of a `HandWrittenNoteRow`, however each is declared.
protocol HandWrittenNoteColumns: TableDefinition {
    var id: TableColumn<QueryValue, Int> { get }
    var body: TableColumn<QueryValue, String> { get }
}

extension HandWrittenNoteColumns {
    static var columnNames: [String] { ["id", "body"] }

    func renderJSON(into builder: inout SQLBuilder) throws {
        try builder.jsonObject {
            try $0.jsonMember("id", id)
            try $0.jsonMember("body", body)
        }
    }
}

/// A `TableColumns` written by hand, one column stored and one computed: reflection sees
/// only the stored one, so validation must report the other as unchecked rather than pass it.
struct HandWrittenNote: HandWrittenNoteRow {
    struct TableColumns: HandWrittenNoteColumns {
        typealias QueryValue = HandWrittenNote
        let qualifier: String
        let id: TableColumn<HandWrittenNote, Int>
        var body: TableColumn<HandWrittenNote, String> { TableColumn(qualifier: qualifier, name: "body") }

        init(qualifier: String) {
            self.qualifier = qualifier
            id = TableColumn(qualifier: qualifier, name: "id")
        }
    }

    let id: Int
    var body: String
}

/// The same table, its computed columns listed for validation as the protocol asks.
struct ListedHandWrittenNote: HandWrittenNoteRow {
    struct TableColumns: HandWrittenNoteColumns {
        typealias QueryValue = ListedHandWrittenNote
        let qualifier: String
        var id: TableColumn<ListedHandWrittenNote, Int> { TableColumn(qualifier: qualifier, name: "id") }
        var body: TableColumn<ListedHandWrittenNote, String> { TableColumn(qualifier: qualifier, name: "body") }
        var columnsByProperty: [(property: String, column: any SQLExpression)] { [("id", id), ("body", body)] }

        init(qualifier: String) { self.qualifier = qualifier }
    }

    let id: Int
    var body: String
}

@Suite struct ValidationTests {
    static let schema = """
        CREATE TABLE reminders (
          id INTEGER PRIMARY KEY,
          externalID BLOB AS UUID NOT NULL UNIQUE,
          title TEXT NOT NULL,
          dueAt TEXT AS Date,
          createdAt INTEGER AS Date USING unixTimeMilliseconds NOT NULL,
          listID INTEGER NOT NULL
        );
        CREATE VIRTUAL TABLE searchIndex USING fts5 (
            id INTEGER NOT NULL,
            text TEXT
        );
        """

    func database() throws -> (Database, Migrator) {
        var migrator = Migrator()
        try migrator.registerMigration("1", sql: Self.schema, file: "Migrations/1.sql")
        return (try Database.inMemory(migrator: migrator), migrator)
    }

    @Test func matchingTypesValidate() throws {
        let (database, migrator) = try database()
        try database.validate(ValidatedReminder.self, SearchIndex.self, schema: migrator.schema)
        try database.validate(ValidatedReminder.self)
        _ = try Database.inMemory(migrator: migrator, validating: [ValidatedReminder.self, SearchIndex.self])
    }

    /// Validation reads a table's columns from `columnsByProperty`: `@Table` lists its
    /// computed columns in declaration order, and a hand-written `TableColumns` is reflected
    /// (its stored columns, not its `qualifier`).
    @Test func columnsByPropertyListsEveryColumnInOrder() throws {
        func described(_ columns: [(property: String, column: any SQLExpression)]) throws -> [String] {
            try columns.map { property, column in
                var builder = SQLBuilder()
                try column.render(into: &builder)
                return "\(property): \(builder.sql)"
            }
        }
        #expect(
            try described(ValidatedReminder.columns.columnsByProperty) == [
                #"id: "reminders"."id""#, #"externalID: "reminders"."externalID""#,
                #"title: "reminders"."title""#, #"dueAt: "reminders"."dueAt""#,
                #"createdAt: "reminders"."createdAt""#, #"listID: "reminders"."listID""#,
            ])
        #expect(
            try described(RowidNote.columns.columnsByProperty) == [
                #"rowid: "notes"."rowid""#, #"objectID: "notes"."oid""#, #"alias: "notes"."_rowid_""#,
                #"body: "notes"."body""#,
            ])
        #expect(
            try described(HandWrittenReminderColumns(qualifier: "r").columnsByProperty) == [
                #"id: "r"."id""#, #"externalID: "r"."externalID""#, #"dueAt: "r"."dueAt""#,
            ])
    }

    /// A hand-written `TableColumns` whose column is a computed property: reflection does not
    /// see it, and validation says so (it passed unchecked before), even where the live
    /// column would not match; listed in `columnsByProperty`, the column is checked.
    @Test func aColumnReflectionCannotSeeIsReportedNotSkipped() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "handNotes" ("id" INTEGER PRIMARY KEY, "body" BLOB)"#)
        }
        let error = caught(SchemaValidationError.self) { try database.validate(HandWrittenNote.self) }
        #expect(
            error?.problems == [
                .init(
                    kind: .uncheckedColumn, table: "handNotes", column: "body",
                    expected: "a column listed in HandWrittenNote.TableColumns.columnsByProperty",
                    found: "none (a computed property of a hand-written TableColumns is not reflected)")
            ])
        // Listed, it is checked: a BLOB column does not keep a String, and admits NULL.
        let listed = caught(SchemaValidationError.self) { try database.validate(ListedHandWrittenNote.self) }
        #expect(listed?.problems.map(\.kind) == [.storage, .nullability])
        #expect(listed?.problems.allSatisfy { $0.column == "body" } == true)

        let good = try Database.inMemory()
        try good.write { db in
            try db.execute(#"CREATE TABLE "handNotes" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL)"#)
        }
        try good.validate(ListedHandWrittenNote.self)
        let unlisted = caught(SchemaValidationError.self) { try good.validate(HandWrittenNote.self) }
        #expect(unlisted?.problems.map(\.kind) == [.uncheckedColumn])
    }

    /// One error lists every problem: table, column, expected, found.
    @Test func everyProblemInOneError() throws {
        let (database, migrator) = try database()
        let error = caught(SchemaValidationError.self) {
            try database.validate(DriftedReminder.self, MissingTable.self, schema: migrator.schema)
        }
        #expect(
            error?.description == """
                5 problems between the Swift tables and the database:
                  reminders.externalID: expected a column storing TEXT (UUID), found BLOB
                  reminders.dueAt: expected NOT NULL (dueAt is not optional), found a nullable column
                  reminders.createdAt: expected Date.UnixTimeRepresentation, found INTEGER AS Date USING unixTimeMilliseconds (Date.UnixTimeMillisecondsRepresentation)
                  reminders.notes: expected a column, found none
                  missingTable: expected a table, found none
                """)
        #expect(error?.problems.map(\.kind) == [.storage, .nullability, .codec, .missingColumn, .missingTable])
    }

    /// A BLOB UUID property on a TEXT column: the storage classes disagree.
    @Test func blobRepresentationOnTextColumn() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                "CREATE TABLE reminders (id INTEGER PRIMARY KEY, externalID TEXT NOT NULL, title TEXT NOT NULL, dueAt TEXT, createdAt INTEGER NOT NULL, listID INTEGER NOT NULL)"
            )
        }
        let error = caught(SchemaValidationError.self) { try database.validate(ValidatedReminder.self) }
        #expect(
            error?.problems == [
                .init(
                    kind: .storage, table: "reminders", column: "externalID",
                    expected: "a column storing BLOB (UUID.BlobRepresentation)", found: "TEXT"
                )
            ])
    }

    /// Without the schema model an FTS5 column admits NULL, so a non-optional property is
    /// reported; the model knows the seed's `id INTEGER NOT NULL`.
    @Test func fts5NullabilityComesFromTheModel() throws {
        let (database, migrator) = try database()
        try database.validate(SearchIndex.self, schema: migrator.schema)
        let error = caught(SchemaValidationError.self) { try database.validate(SearchIndex.self) }
        #expect(
            error?.description == """
                1 problem between the Swift tables and the database:
                  searchIndex.id: expected NOT NULL (id is not optional), found a nullable column
                """)
    }

    /// Declared types by affinity: a NUMERIC `BOOLEAN` keeps Bool's INTEGER, a `VARCHAR`
    /// keeps TEXT, an untyped column keeps anything; a TEXT primary key that is not
    /// declared NOT NULL admits NULL in SQLite.
    @Test func affinities() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                "CREATE TABLE flags (id VARCHAR(36) PRIMARY KEY, isOn BOOLEAN NOT NULL, label NVARCHAR(10) NOT NULL, anything NOT NULL)"
            )
        }
        let error = caught(SchemaValidationError.self) { try database.validate(Flag.self) }
        #expect(
            error?.problems.map(\.description) == [
                "flags.id: expected NOT NULL (id is not optional), found a nullable column"
            ])
        #expect(SQLColumnAffinity(declaredType: "UNSIGNED BIG INT") == .integer)
        #expect(SQLColumnAffinity(declaredType: "DOUBLE PRECISION") == .real)
        #expect(SQLColumnAffinity(declaredType: "DECIMAL(10,5)") == .numeric)
        #expect(SQLColumnAffinity(declaredType: "") == .blob)
        #expect(SQLColumnAffinity(declaredType: "any") == .any)
        #expect(SQLColumnAffinity(declaredType: "FLOATING POINT") == .integer)  // "INT" wins, as in SQLite
    }

    /// A NUMERIC column (`DATETIME`, `DATE`, a `UUID` type name) keeps text that never reads
    /// as a number as TEXT: a date's or a UUID's passes; a `String`'s or a `Decimal`'s
    /// (`'10'` would be stored as INTEGER 10) is refused.
    @Test func aNumericColumnHoldsDateAndUUIDText() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE grdbEvents (
                  id INTEGER PRIMARY KEY, startsAt DATETIME NOT NULL, day DATE, externalID UUID NOT NULL,
                  label DATETIME NOT NULL, amount NUMERIC NOT NULL)
                """)
        }
        let error = caught(SchemaValidationError.self) { try database.validate(GRDBEvent.self) }
        #expect(
            error?.problems.map(\.description) == [
                "grdbEvents.label: expected a column storing TEXT (String), found DATETIME",
                "grdbEvents.amount: expected a column storing TEXT (Decimal), found NUMERIC",
            ])
        // What SQLite does with them: the date and UUID text stays TEXT; number-like text does not.
        let event = GRDBEvent(
            id: 1, startsAt: Date(timeIntervalSince1970: 1_710_493_507.089), day: Date(timeIntervalSince1970: 0),
            externalID: UUID(uuidString: "0123E4A5-0000-4000-8000-000000000001")!, label: "12", amount: 10)
        try database.write { db in try GRDBEvent.insert([event]).execute(db) }
        let classes = try database.read { db in
            try db.fetchOne(
                (String, String, String, String, String).self,
                "SELECT typeof(startsAt), typeof(day), typeof(externalID), typeof(label), typeof(amount) FROM grdbEvents"
            )
        }
        #expect(classes.map { [$0.0, $0.1, $0.2, $0.3, $0.4] } == ["text", "text", "text", "integer", "integer"])
        let read = try database.read { db in try GRDBEvent.select { ($0.startsAt, $0.day, $0.externalID) }.fetchOne(db)
        }
        #expect(read?.0 == event.startsAt)
        #expect(read?.1 == event.day)
        #expect(read?.2 == event.externalID)
    }

    /// The rowid of a rowid table, an FTS5 table included, is INTEGER and never NULL,
    /// although `PRAGMA table_xinfo` lists no column for it.
    @Test func rowidPropertiesValidate() throws {
        var migrator = Migrator()
        try migrator.registerMigration(
            "1",
            sql: """
                CREATE VIRTUAL TABLE bookmarkSearch USING fts5(title TEXT NOT NULL, url TEXT NOT NULL, tokenize = 'trigram');
                CREATE TABLE notes (body TEXT NOT NULL);
                """)
        let database = try Database.inMemory(migrator: migrator)
        try database.validate(BookmarkSearch.self, RowidNote.self, schema: migrator.schema)
        // Without the migrator's schema, an FTS5 table that keeps what is written to it is as
        // nullable as its type says (it declares no NOT NULL; Codd writes no NULL for a
        // non-optional property), and so is one created from Swift, as the full-text search
        // guide creates it. The rowid validates. (Contentless and external-content tables:
        // VirtualTableValidationTests.)
        try database.validate(BookmarkSearch.self)
        let created = try Database.inMemory()
        try created.write { db in try BookmarkSearch.createTable().execute(db) }
        try created.validate(BookmarkSearch.self)
        let error = caught(SchemaValidationError.self) { try database.validate(TextRowidNote.self) }
        #expect(
            error?.problems.map(\.description) == [
                "notes.rowid: expected a column storing TEXT (String), found the rowid, an INTEGER"
            ])
    }

    /// A WITHOUT ROWID table has no rowid, and a column that takes the name is the column.
    @Test func rowidOfATableWithoutOne() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "notes" ("body" TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID"#)
        }
        let error = caught(SchemaValidationError.self) { try database.validate(RowidNote.self) }
        #expect(
            error?.problems.map(\.description) == [
                "notes.rowid: expected a column, found none", "notes.oid: expected a column, found none",
                "notes._rowid_: expected a column, found none",
            ])
        let shadowed = try Database.inMemory()
        try shadowed.write { db in
            try db.execute(
                #"CREATE TABLE "notes" ("rowid" TEXT, "oid" INTEGER NOT NULL, "_rowid_" INTEGER NOT NULL, "body" TEXT NOT NULL)"#
            )
        }
        let shadowError = caught(SchemaValidationError.self) { try shadowed.validate(RowidNote.self) }
        #expect(
            shadowError?.problems.map(\.description) == [
                "notes.rowid: expected a column storing INTEGER (Int), found TEXT",
                "notes.rowid: expected NOT NULL (rowid is not optional), found a nullable column",
            ])
    }
}
