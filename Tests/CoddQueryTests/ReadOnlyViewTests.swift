import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// A view the DSL only reads: `insert`, `update` and `delete` do not exist on it
/// (Tests/CompileFail/ReadOnlyView*.swift show the compile errors).
@Table("openReminderTitles")
struct OpenReminderTitle: ReadOnlyView, Identifiable, Equatable {
    let id: Int
    var title = ""
}

/// A view written through INSTEAD OF triggers: a plain `@Table`, so the DSL writes to it.
@Table("listNames")
struct ListName: Identifiable, Equatable {
    let id: Int
    var title = ""
}

/// A view whose name holds a NUL byte.
@Table("view\u{0}nul")
struct NULNamedView {
    var title = ""
}

@Suite("Read-only views and INSTEAD OF triggers")
struct ReadOnlyViewTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    @Test func aReadOnlyViewIsQueriedWithTheDSL() throws {
        let view = OpenReminderTitle.createTemporaryView(
            as: Reminder.where { !$0.isCompleted && $0.deletedAt.is(nil) }.select { ($0.id, $0.title) }
        )
        assertSQL(view) {
            """
            CREATE TEMPORARY VIEW "openReminderTitles" ("id", "title") AS SELECT "id", "title" FROM "reminders" WHERE ((NOT "isCompleted") AND ("deletedAt" IS NULL))
            """
        }
        try database.write { db in try view.execute(db) }
        assertQuery(OpenReminderTitle.where { $0.title.like("%o%") }.order(by: \.id), in: database) {
            """
            SELECT "id", "title" FROM "openReminderTitles" WHERE ("title" LIKE ?) ORDER BY "id"
            """
        } results: {
            """
            ┌──────────────────────┐
            │ OpenReminderTitle(   │
            │   id: 1,             │
            │   title: "Groceries" │
            │ )                    │
            ├──────────────────────┤
            │ OpenReminderTitle(   │
            │   id: 3,             │
            │   title: "Passport"  │
            │ )                    │
            ├──────────────────────┤
            │ OpenReminderTitle(   │
            │   id: 4,             │
            │   title: "Report"    │
            │ )                    │
            └──────────────────────┘
            """
        }
        #expect(
            try database.read { db in try OpenReminderTitle.find(3).fetchOne(db) }
                == OpenReminderTitle(id: 3, title: "Passport"))
    }

    /// A view declared as a plain `@Table`, with no INSTEAD OF trigger: SQLite refuses the
    /// write with a typed error that names the view.
    @Test func aWriteToAViewWithoutATriggerIsATypedErrorNamingIt() throws {
        try database.write { db in
            try ListName.createTemporaryView(as: RemindersList.select { ($0.id, $0.title) }).execute(db)
        }
        let error = #expect(throws: SQLiteError.self) {
            try database.write { db in try ListName.insert { ListName.Draft(title: "Groceries") }.execute(db) }
        }
        #expect(error?.code == .error)
        #expect(error?.message == "cannot modify listNames because it is a view")
    }

    /// An INSTEAD OF INSERT trigger says what an insert into the view means: here, a new
    /// list in the base table.
    @Test func anInsteadOfInsertTriggerWritesTheBaseTable() throws {
        let view = ListName.createTemporaryView(
            as: RemindersList.where { $0.deletedAt.is(nil) }.select { ($0.id, $0.title) })
        let trigger = ListName.createTemporaryTrigger(
            insteadOf: .insert { new in
                RemindersList.insert {
                    ($0.title, $0.position)
                } values: {
                    (new.title, RemindersList.select { ($0.position.max() ?? 0) + 1 })
                }
            }
        )
        assertSQL(trigger) {
            """
            CREATE TEMPORARY TRIGGER "insteadOf_insert_on_listNames_db209a73" INSTEAD OF INSERT ON "listNames" FOR EACH ROW BEGIN INSERT INTO "remindersLists" ("title", "position") VALUES ("new"."title", (SELECT coalesce(max("remindersLists"."position"), 0) + 1 FROM "remindersLists")); END
            """
        }
        try database.write { db in
            try view.execute(db)
            try trigger.execute(db)
            try ListName.insert { ListName.Draft(title: "Groceries") }.execute(db)
        }
        assertQuery(RemindersList.select { ($0.id, $0.title, $0.position) }.order(by: \.id), in: database) {
            """
            SELECT "id", "title", "position" FROM "remindersLists" ORDER BY "id"
            """
        } results: {
            """
            ┌───┬─────────────┬───┐
            │ 1 │ "Personal"  │ 1 │
            │ 2 │ "Work"      │ 2 │
            │ 3 │ "Old"       │ 3 │
            │ 4 │ "Groceries" │ 4 │
            └───┴─────────────┴───┘
            """
        }
        assertQuery(ListName.all.order(by: \.id), in: database) {
            """
            SELECT "id", "title" FROM "listNames" ORDER BY "id"
            """
        } results: {
            """
            ┌──────────────────────┐
            │ ListName(            │
            │   id: 1,             │
            │   title: "Personal"  │
            │ )                    │
            ├──────────────────────┤
            │ ListName(            │
            │   id: 2,             │
            │   title: "Work"      │
            │ )                    │
            ├──────────────────────┤
            │ ListName(            │
            │   id: 4,             │
            │   title: "Groceries" │
            │ )                    │
            └──────────────────────┘
            """
        }
    }

    /// A NUL in a view's name is quoted as written; the driver refuses the SQL (a typed
    /// error), and no view is created under a truncated name.
    @Test func aNULInAViewNameIsAnError() throws {
        let view = NULNamedView.createTemporaryView(as: Tag.select(\.name))
        #expect(try view.fragment.sql.hasPrefix("CREATE TEMPORARY VIEW \"view\u{0}nul\""))
        #expect(throws: SQLiteError.self) { try database.write { db in try view.execute(db) } }
        #expect(try schemaNames(of: "view", temporary: true, in: database).isEmpty)
    }
}
