import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A table with a `Date` column, for a named `Date` parameter compared as an instant.
@Table("invoices")
struct Invoice: Identifiable, Equatable {
    let id: Int
    var dueDate: Date
}

@Suite("Prepared statements with named parameters")
struct PreparedStatementTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    static let id = SQLNamedBindingReference<Int>(name: "id")
    static let title = SQLNamedBindingReference<String>(name: "title")
    static let list = SQLNamedBindingReference<Int>(name: "list")

    @Test func renderedOnceRunManyTimes() throws {
        let byID = try Reminder.where { $0.id == Self.id }.prepared()
        #expect(
            byID.sql
                == #"SELECT "id", "title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", "remindersListID" FROM "reminders" WHERE ("id" = ?)"#
        )
        #expect(byID.parameterNames == ["id"])
        let titles = try database.read { db in
            try [3, 1, 99, 4].map { try byID.fetchOne(db, Self.id.bound(to: $0))?.title }
        }
        #expect(titles == ["Passport", "Groceries", nil, "Report"])
    }

    @Test func displayShowsTheParameterByName() {
        let query = Reminder.where { $0.id == Self.id }.select(\.title)
        #expect(query.description == #"SELECT "title" FROM "reminders" WHERE ("id" = :id)"#)
    }

    @Test func fixedValuesAndParametersBindInTheirPlaces() throws {
        let open =
            try Reminder
            .where { !$0.isCompleted && $0.remindersListID == Self.list && $0.title.neq("it's -- \"x\" 🎉") }
            .order(by: \.id)
            .select(\.title)
            .prepared()
        #expect(
            open.sql
                == #"SELECT "title" FROM "reminders" WHERE (((NOT "isCompleted") AND ("remindersListID" = ?)) AND ("title" <> ?)) ORDER BY "id""#
        )
        let lists = try database.read { db in try [1, 2, 42].map { try open.fetchAll(db, Self.list.bound(to: $0)) } }
        #expect(lists == [["Groceries", "Passport"], ["Report", "Archived"], []])
    }

    @Test func oneNameUsedTwiceTakesOneValue() throws {
        let query =
            try Reminder
            .where { $0.id == Self.id || $0.remindersListID == Self.id }
            .order(by: \.id)
            .select(\.id)
            .prepared()
        #expect(query.parameterNames == ["id"])
        #expect(try database.read { db in try query.fetchAll(db, Self.id.bound(to: 2)) } == [2, 4, 5])
    }

    @Test func parametersInsideASubquery() throws {
        let inList =
            try Reminder
            .where { $0.remindersListID.in(RemindersList.where { $0.title == Self.title }.select(\.id)) }
            .order(by: \.id)
            .select(\.title)
            .prepared()
        #expect(
            inList.sql
                == #"SELECT "reminders"."title" FROM "reminders" WHERE ("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists" WHERE ("remindersLists"."title" = ?))) ORDER BY "reminders"."id""#
        )
        let titles = try database.read { db in
            try ["Work", "it's -- \"x\" 🎉\u{0}"].map { try inList.fetchAll(db, Self.title.bound(to: $0)) }
        }
        #expect(titles == [["Report", "Archived"], []])
    }

    @Test func aDateParameterIsComparedAsAnInstant() throws {
        try database.write { db in
            try db.execute(#"CREATE TABLE "invoices" ("id" INTEGER PRIMARY KEY, "dueDate" TEXT NOT NULL)"#)
            for (id, day) in [(1, 1.0), (2, 10.0), (3, 20.0)] {
                try Invoice.insert { Invoice(id: id, dueDate: Date(timeIntervalSince1970: day * 86_400)) }.execute(db)
            }
        }
        let date = SQLNamedBindingReference<Date>(name: "date")
        let overdue = try Invoice.where { $0.dueDate < date }.order(by: \.id).select(\.id).prepared()
        #expect(
            overdue.sql == #"SELECT "id" FROM "invoices" WHERE (julianday("dueDate") < julianday(?)) ORDER BY "id""#)
        let ids = try database.read { db in
            try [15.0, 0].map { try overdue.fetchAll(db, date.bound(to: Date(timeIntervalSince1970: $0 * 86_400))) }
        }
        #expect(ids == [[1, 2], []])
    }

    @Test func preparedWritesRunWithNewValues() throws {
        let rename = try Reminder.where { $0.id == Self.id }.update { $0.title = Self.title }.prepared()
        let remove = try Reminder.where { $0.id == Self.id }.delete().prepared()
        let hostile = "it's -- \"x\" 🎉\u{0}end"
        try database.write { db in
            try rename.execute(db, Self.id.bound(to: 1), Self.title.bound(to: hostile))
            try rename.execute(db, Self.title.bound(to: "Renamed"), Self.id.bound(to: 3))
            try remove.execute(db, Self.id.bound(to: 2))
        }
        let titles = try database.read { db in
            try Reminder.where { $0.id <= 3 }.order(by: \.id).select(\.title).fetchAll(db)
        }
        #expect(titles == [hostile, "Renamed"])
    }

    @Test func onePreparedStatementRunsOnAnyDatabase() throws {
        let byID = try Reminder.where { $0.id == Self.id }.select(\.title).prepared()
        let other = try makeRemindersDatabase()
        try other.write { db in try Reminder.where { $0.id == 1 }.update { $0.title = "Elsewhere" }.execute(db) }
        #expect(try database.read { db in try byID.fetchOne(db, Self.id.bound(to: 1)) } == "Groceries")
        #expect(try other.read { db in try byID.fetchOne(db, Self.id.bound(to: 1)) } == "Elsewhere")
    }

    @Test func anErrorListsTheValuesAsBound() throws {
        var configuration = Configuration()
        configuration.errorsIncludeBoundValues = true
        let database = try Database.inMemory(configuration: configuration)
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "position" INTEGER NOT NULL DEFAULT 0, "deletedAt" TEXT)"#
            )
        }
        let rename = try RemindersList.where { $0.id == Self.id }.update { $0.title = Self.title }.prepared()
        try database.write { db in try db.execute(#"INSERT INTO "remindersLists" ("id", "title") VALUES (1, 'a')"#) }
        try database.write { db in
            try db.execute(
                #"CREATE TRIGGER "refuse" BEFORE UPDATE ON "remindersLists" BEGIN SELECT RAISE(ABORT, 'no'); END"#)
        }
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in try rename.execute(db, Self.id.bound(to: 1), Self.title.bound(to: "it's -- 🎉")) }
        }
        #expect(error?.boundValues == [.text("it's -- 🎉"), .integer(1)])
    }

    // MARK: Misuse: each a typed error, and nothing runs

    @Test func aMissingValueIsATypedError() throws {
        let query = try Reminder.where { $0.id == Self.id && $0.title == Self.title }.select(\.id).prepared()
        #expect(throws: SQLParameterError.missingValue(name: "title", sql: query.sql)) {
            try database.read { db in try query.fetchAll(db, Self.id.bound(to: 1)) }
        }
        #expect(throws: SQLParameterError.missingValue(name: "id", sql: query.sql)) {
            try database.read { db in try query.fetchAll(db) }
        }
    }

    @Test func anUnknownOrRepeatedValueIsATypedError() throws {
        let query = try Reminder.where { $0.id == Self.id }.select(\.id).prepared()
        #expect(throws: SQLParameterError.unknownName(name: "title", sql: query.sql)) {
            try database.read { db in try query.fetchAll(db, Self.id.bound(to: 1), Self.title.bound(to: "x")) }
        }
        #expect(throws: SQLParameterError.duplicateValue(name: "id")) {
            try database.read { db in try query.fetchAll(db, Self.id.bound(to: 1), Self.id.bound(to: 2)) }
        }
    }

    /// One value runs through its own overloads (no parameter pack): the same checks,
    /// errors and bound values as several.
    @Test func oneValueTakesTheSameChecksAndErrorsAsSeveral() throws {
        let byID = try Reminder.where { $0.id == Self.id }.select(\.title).prepared()
        #expect(throws: SQLParameterError.unknownName(name: "title", sql: byID.sql)) {
            try database.read { db in try byID.fetchOne(db, Self.title.bound(to: "x")) }
        }
        #expect(throws: SQLParameterError.unknownName(name: "title", sql: byID.sql)) {
            try database.read { db in try byID.fetchAll(db, Self.title.bound(to: "x")) }
        }
        #expect(try database.read { db in try byID.fetchAll(db, Self.id.bound(to: 3)) } == ["Passport"])

        var configuration = Configuration()
        configuration.errorsIncludeBoundValues = true
        let strict = try Database.inMemory(configuration: configuration)
        try strict.write { db in
            try db.execute(
                #"CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "position" INTEGER NOT NULL DEFAULT 0, "deletedAt" TEXT)"#
            )
            try db.execute(#"INSERT INTO "remindersLists" ("id", "title") VALUES (1, 'a'), (2, 'b')"#)
        }
        let rename = try RemindersList.where { $0.id == 1 }.update { $0.title = Self.title }.prepared()
        try strict.write { db in try rename.execute(db, Self.title.bound(to: "it's -- 🎉")) }
        #expect(
            try strict.read { db in try db.fetchAll(String.self, #"SELECT "title" FROM "remindersLists" ORDER BY "id""#)
            }
                == ["it's -- 🎉", "b"])
        try strict.write { db in
            try db.execute(
                #"CREATE TRIGGER "refuse" BEFORE UPDATE ON "remindersLists" BEGIN SELECT RAISE(ABORT, 'no'); END"#)
        }
        let error = #expect(throws: SQLiteError.self) {
            try strict.write { db in try rename.execute(db, Self.title.bound(to: "x\u{0}y")) }
        }
        #expect(error?.boundValues == [.text("x\u{0}y"), .integer(1)])
    }

    @Test func aStatementWithParametersDoesNotRunUnprepared() throws {
        let query = Reminder.where { $0.id == Self.id }.select(\.title)
        let sql = #"SELECT "title" FROM "reminders" WHERE ("id" = ?)"#
        #expect(throws: SQLParameterError.unbound(names: ["id"], sql: sql)) {
            try database.read { db in try query.fetchAll(db) }
        }
        #expect(throws: SQLParameterError.unbound(names: ["id"], sql: sql)) {
            try database.read { db in try db.fetchAll(String.self, try query.fragment) }
        }
        let delete = Reminder.where { $0.id == Self.id }.delete()
        #expect(throws: SQLParameterError.unbound(names: ["id"], sql: #"DELETE FROM "reminders" WHERE ("id" = ?)"#)) {
            try database.write { db in try delete.execute(db) }
        }
        #expect(try database.read { db in try Reminder.all.fetchCount(db) } == 6)
    }

    @Test(arguments: ["", "1st", "a b", "id'--", "x;DROP", "🎉", "a\u{0}b", "ü"])
    func anInvalidNameIsATypedError(name: String) {
        let parameter = SQLNamedBindingReference<Int>(name: name)
        #expect(throws: SQLParameterError.invalidName(name)) {
            try Reminder.where { $0.id == parameter }.prepared()
        }
    }

    @Test func aViewCannotHoldAParameter() throws {
        let view = OpenReminder.createTemporaryView(
            as: Reminder.where { $0.id == Self.id }.select { ($0.id, $0.title, $0.notes) })
        #expect(throws: SQLiteError.self) {
            try database.write { db in try view.execute(db) }
        }
    }
}
