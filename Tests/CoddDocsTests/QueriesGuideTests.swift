import Codd
import Foundation
import Testing
import CoddDocSupport

// The declarations of docs/Queries.md, verbatim.

@Table
struct RemindersList: Identifiable {
    let id: Int
    var title = ""
    var position = 0
}

@Table
struct Reminder: Identifiable {
    let id: Int
    var title = ""
    var notes = ""
    var isCompleted = false
    var priority: Priority?
    var dueAt: String?
    @Column("list_id") var remindersListID: RemindersList.ID
    @Ignored var isSelected = false
}

enum Priority: Int, SQLCustomType, SQLComparable {
    case low = 1, medium, high
}

@Table
struct Employee: Identifiable {
    let id: Int
    var name = ""
    var managerID: Int?
}

struct ManagerAlias: TableAlias {
    typealias Table = Employee
}

@Selection
struct ListSummary {
    let list: RemindersList
    let openCount: Int
}

extension Reminder {
    static let open = Self.where { !$0.isCompleted }
}

@Table
struct Meeting: Identifiable {
    let id: Int
    var startsAt: Date
}

@Table("reminders")
struct LiveReminder {
    let id: Int
    var title = ""
    var deletedAt: String?

    static let all = Self.where { $0.deletedAt.is(nil) }
}

/// The examples of docs/Queries.md, verbatim, in the guide's order.
let queriesGuideExamples: [@Sendable () -> any SQLStatement] = [
    {
        let query = Reminder.where { !$0.isCompleted }
        return query
    },
    {
        let query =
            Reminder
            .where { $0.priority.eq(Priority.high) }
            .where { $0.title.hasPrefix("Re") }
            .order { ($0.dueAt.desc(nulls: .last), $0.title) }
            .limit(10, offset: 20)
            .select { ($0.id, $0.title) }
        return query
    },
    {
        let query = Reminder.select(\.title)
        return query
    },
    {
        let query = Reminder.select(\.id).select(\.title).offset(1)
        return query
    },
    {
        let query = Reminder.find(42)
        return query
    },
    {
        let query = Reminder.where { $0.isCompleted }.count()
        return query
    },
    {
        let query = Reminder.where { $0.priority == nil || $0.dueAt.isNot(nil) }
        return query
    },
    {
        let query = Reminder.where { $0.id.in([1, 2, 3]) && $0.priority.between(.medium, and: .high) }
        return query
    },
    {
        let query = Reminder.where { 1 < $0.id && SQLBound("Report").in([$0.title, $0.notes]) }
        return query
    },
    {
        let query = Reminder.where { ($0.remindersListID, $0.id) > (1, 10) }.select(\.id)
        return query
    },
    {
        let query = RemindersList.where { $0.eq(RemindersList(id: 1, title: "Personal")) }.select(\.id)
        return query
    },
    {
        let query =
            Reminder
            .where { $0.notes.contains("50%") }
            .select { ($0.title.upper(), $0.title + "!", $0.title.length()) }
        return query
    },
    {
        let query = RemindersList.select { ($0.position.max() ?? -1) + 1 }
        return query
    },
    {
        let query = Reminder.select {
            SQLCase()
                .when($0.priority.eq(Priority.high), then: "!!!")
                .when($0.priority.eq(Priority.medium), then: "!!")
                .else("")
        }
        return query
    },
    {
        let query = Reminder.where { #sql("date(\($0.dueAt)) < date()") }
        return query
    },
    {
        let query = RemindersList.select {
            ($0.position / $0.id, $0.position % 3, ($0.position & 6) | 1, ~$0.position.negate())
        }
        return query
    },
    {
        let query =
            Reminder
            .where { $0.title.collate(.nocase).eq("report") }
            .order { $0.title.collate(.nocase) }
            .select { ($0.id.cast(as: String.self), SQLCase($0.priority).when(.high, then: "!!!").else("")) }
        return query
    },
    {
        let query = Meeting.where { $0.startsAt.year.eq(2024) && $0.startsAt.weekday != 0 }.select { $0.startsAt.month }
        return query
    },
    {
        let query = Reminder.select {
            (
                $0.notes.nullif(""), SQLBound("[1, 2]").jsonArrayLength(), $0.priority.ifnull(.low),
                SQLFunctions.iif($0.isCompleted, then: "done", else: $0.title)
            )
        }
        return query
    },
    {
        let query = Reminder.select {
            ($0.count(filter: !$0.isCompleted), $0.priority.max(), $0.title.groupConcat(separator: ", "))
        }
        return query
    },
    {
        let query = Reminder.select {
            (
                $0.title,
                SQLFunctions.rowNumber().over(partitionBy: $0.remindersListID, orderBy: $0.priority.desc()),
                $0.title.lag().over(orderBy: $0.id),
                $0.id.count(filter: !$0.isCompleted).over(partitionBy: $0.remindersListID)
            )
        }
        return query
    },
    {
        let query = Reminder.select { ($0.id.sum().over(recent($0)), $0.id.avg().over(recent($0))) }
        return query
    },
    {
        let query =
            RemindersList
            .group(by: \.id)
            .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
            .select { ($0.title, $1.count()) }
        return query
    },
    {
        let query =
            Employee
            .leftJoin(Employee.all.as(ManagerAlias.self)) { $0.managerID.eq($1.id) }
            .select { ($0.name, $1.name) }
        return query
    },
    {
        let query =
            RemindersList
            .group(by: \.id)
            .leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
            .select { ListSummary.Columns(list: $0, openCount: $1.count(filter: !$1.isCompleted)) }
        return query
    },
    {
        let query = Reminder.order(by: \.title).open.select(\.title)
        return query
    },
    {
        let query = Reminder.open.or(Reminder.where { $0.priority.eq(Priority.high) }).select(\.id)
        return query
    },
    {
        let query = LiveReminder.where { $0.title.eq("Groceries") }
        return query
    },
    {
        let query = LiveReminder.unscoped.select(\.title)
        return query
    },
    {
        let query = Reminder.insert {
            Reminder.Draft(title: "Buy milk", remindersListID: 1)
        }
        return query
    },
    {
        let query =
            RemindersList
            .insert([RemindersList(id: 1, title: "Personal")])
            .onConflict({ $0.id }, doUpdate: { $0.title = $1.title })
            .returning { $0.position }
        return query
    },
    {
        let query = RemindersList.insert(or: .ignore, [RemindersList(id: 1, title: "Personal")])
        return query
    },
    {
        let query =
            Reminder
            .insert([Reminder(id: 1, title: "Report", remindersListID: 1)])
            .onConflict(
                { ($0.remindersListID, $0.title.lower()) }, targetWhere: { !$0.isCompleted },
                doUpdate: { $0.notes = $1.notes }
            )
            .onConflictDoNothing()
        return query
    },
    {
        let query = Reminder.insert {
            Reminder(id: 10, title: "Passport", remindersListID: 1)
            Reminder.Draft(title: "Visa", remindersListID: 1)
        }
        .returning { ($0.id, $0.title, $0.isCompleted) }
        return query
    },
    {
        let query = RemindersList.insert(
            { ($0.id, $0.title, $0.position) },
            select: Reminder.where { $0.id.eq(10) }.select { ($0.id + 100, $0.title.upper(), $0.id) }
        )
        return query
    },
    {
        let query = RemindersList.insert(
            { ($0.id, $0.title, $0.position) }, values: { [(20, "Twenty", 2), (21, SQLBound("Twenty") + "-one", 3)] })
        return query
    },
    {
        let query = RemindersList.upsert { RemindersList(id: 1, title: "Home", position: 2) }
        return query
    },
    {
        let query = RemindersList.update(RemindersList(id: 1, title: "Home", position: 3))
        return query
    },
    {
        let query = RemindersList.delete(RemindersList(id: 21, title: ""))
        return query
    },
    {
        let query = Reminder.where { $0.priority.eq(Priority.high) }.update {
            $0.title += " (Urgent!)"
            $0.isCompleted = false
        }
        return query
    },
    {
        let query = Reminder.find(1).update {
            $0.isCompleted = !$0.isCompleted
            $0.priority = nil
            $0.title = $0.title.upper()
        }
        return query
    },
    {
        let query = RemindersList.find(1).update {
            $0.position = RemindersList.select { ($0.position.max() ?? -1) + 1 }
        }
        return query
    },
    {
        let query = Reminder.where { $0.isCompleted }.delete().returning { $0.id }
        return query
    },
    {
        let query = RemindersList.find(1).update {
            $0.position *= 2
            $0.position |= 1
            $0.position = -$0.position
        }
        return query
    },
    {
        let query = Reminder.find(1).update {
            $0.title += "!"
            $0.title += "?"
        }
        return query
    },
    {
        let query = Reminder.where { $0.title.eq("it's") }.select(\.id)
        let inline = query.description
        _ = inline
        return query
    },
]

extension Reminder {
    static func due(before date: String) -> SelectOf<Reminder> {
        Reminder.where { $0.dueAt < date }
    }
}

func titles(of query: some SQLSelectStatement<Reminder>, in database: Database) throws -> [String] {
    try database.read { db in try query.fetchAll(db) }.map(\.title)
}

func add(_ list: RemindersList, to database: Database) throws -> Bool {
    do {
        try database.write { db in try RemindersList.insert { list }.execute(db) }
        return true
    } catch SQLiteResultCode.constraintPrimaryKey {
        return false  // a list with this id exists
    }
}

func recent(_ reminder: Reminder.TableColumns) -> SQLWindow {
    SQLWindow(orderBy: reminder.id, frame: .rows(from: .preceding(2), to: .currentRow))
}

@Suite("docs/Queries.md")
struct QueriesGuideTests {
    @Test func everySwiftBlockIsCompiledHere() throws {
        try GuideSnippets.expectCompiled(guide: "docs/Queries.md", by: ["CoddDocsTests/QueriesGuideTests.swift"])
    }

    @Test func everyExampleRendersTheSQLShown() throws {
        let examples = try GuideSnippets.examples(in: "docs/Queries.md")
        #expect(examples.count == queriesGuideExamples.count)
        for (example, make) in zip(examples, queriesGuideExamples) {
            let rendered = try make().fragment.sql
            #expect(
                GuideSnippets.foldedSQL(rendered) == GuideSnippets.foldedSQL(example.sql),
                "\(example.swift)\nrenders\n\(rendered)"
            )
        }
    }

    @Test func queriesAreValuesOfTypesAFunctionReturns() throws {
        let database = try makeGuideDatabase(
            """
            INSERT INTO "remindersLists" VALUES (1, 'Personal', 0);
            INSERT INTO "reminders" ("id", "title", "dueAt", "list_id") VALUES
              (1, 'Passport', '2026-11-30', 1), (2, 'Groceries', '2026-11-01', 1), (3, 'Taxes', '2027-04-15', 1);
            """)
        let soon = Reminder.due(before: "2026-12-01").order(by: \.title).limit(10)  // still a SelectOf<Reminder>
        let names = try titles(of: soon, in: database)
        #expect(names == ["Groceries", "Passport"])
        let selected: Select<String, SQLTables.One<SQLTables.Inner<Reminder>>> = Reminder.select(\.title)
        let update: Update<Reminder, SQLNoRows> = Reminder.find(1).update { $0.title = "Visa" }
        let insert: Insert<Reminder, SQLNoRows> = Reminder.insert { Reminder.Draft(title: "x", remindersListID: 1) }
        let delete: Delete<Reminder, SQLNoRows> = Reminder.where { $0.isCompleted }.delete()
        let pairs: Select<SQLRow2<Int, String>, SQLTables.One<SQLTables.Inner<Reminder>>> = Reminder.order(by: \.id)
            .select { ($0.id, $0.title) }
        let fetched: [(Int, String)] = try database.read { db in try pairs.fetchAll(db) }
        #expect(fetched.map(\.1) == ["Passport", "Groceries", "Taxes"])
        #expect(
            [selected.description, update.description, insert.description, delete.description].allSatisfy {
                !$0.isEmpty
            })
    }

    @Test func aConstraintIsCaughtByItsCode() throws {
        let database = try makeGuideDatabase("")
        #expect(try add(RemindersList(id: 1, title: "Home", position: 0), to: database))
        #expect(try !add(RemindersList(id: 1, title: "Work", position: 1), to: database))
        let titles = try database.read { db in try RemindersList.select(\.title).fetchAll(db) }
        #expect(titles == ["Home"])
    }

    @Test func theLiteralFormShownIsTheDescription() {
        let query = Reminder.where { $0.title.eq("it's") }.select(\.id)
        #expect(query.description == #"SELECT "id" FROM "reminders" WHERE ("title" = 'it''s')"#)
    }

    @Test func thePreparedStatementExampleRunsAndRendersAsShown() throws {
        let database = try makeGuideDatabase(
            """
            INSERT INTO "remindersLists" VALUES (1, 'Personal', 0);
            INSERT INTO "reminders" ("id", "title", "list_id") VALUES (1, 'Groceries', 1), (3, 'Passport', 1);
            """)
        let id = SQLNamedBindingReference<Int>(name: "id")
        let titleByID = try Reminder.where { $0.id.eq(id) }.select(\.title).prepared()
        let titles = try database.read { db in
            try [1, 2, 3].compactMap { try titleByID.fetchOne(db, id.bound(to: $0)) }
        }
        #expect(titles == ["Groceries", "Passport"])
        #expect(titleByID.sql == #"SELECT "title" FROM "reminders" WHERE ("id" = ?)"#)
        #expect(titleByID.description == #"SELECT "title" FROM "reminders" WHERE ("id" = :id)"#)
        #expect("\(titleByID)" == titleByID.description)
        #expect(
            Reminder.where { $0.id.eq(id) }.select(\.title).description
                == #"SELECT "title" FROM "reminders" WHERE ("id" = :id)"#)
    }

    @Test func theTwoQueryAssociationRunsAndRendersAsShown() throws {
        let database = try makeGuideDatabase(
            """
            INSERT INTO "remindersLists" VALUES (1, 'Personal', 0), (2, 'Work', 1), (3, 'Archive', 20);
            INSERT INTO "reminders" ("id", "title", "list_id") VALUES (1, 'Passport', 1), (2, 'Groceries', 1), (3, 'Old', 3);
            """)
        let lists =
            RemindersList
            .where { $0.position < 10 }
            .including(all: Reminder.order(by: \.title), on: \.id, equals: \.remindersListID)
        let rows = try database.read { db in try lists.fetchAll(db) }
        // rows: [(RemindersList, [Reminder])]
        #expect(rows.map(\.0.title) == ["Personal", "Work"])
        #expect(rows.map { $0.1.map(\.title) } == [["Groceries", "Passport"], []])
        // The two statements are the guide's two SQL blocks after the example.
        let guide = try GuideSnippets.sqlBlocks(in: "docs/Queries.md").map(GuideSnippets.foldedSQL)
        for statement in [try lists.parents.fragment.sql, try lists.children(keyedBy: [1, 2]).fragment.sql] {
            #expect(guide.contains(GuideSnippets.foldedSQL(statement)), "docs/Queries.md does not show \(statement)")
        }
    }

    @Test func everyExampleRunsOnARealDatabase() throws {
        let database = try makeGuideDatabase(
            """
            INSERT INTO "remindersLists" VALUES (1, 'Personal', 0);
            INSERT INTO "reminders" VALUES (1, 'Report', '50% done', 0, 3, '2024-01-01', 1, NULL);
            INSERT INTO "employees" VALUES (1, 'Ada', NULL), (2, 'Bob', 1);
            """)
        for make in queriesGuideExamples {
            let statement = make()
            try database.write { db in
                if statement is Delete<Reminder, SQLNoRows> || statement is Update<Reminder, SQLNoRows> {
                    try statement.execute(db)
                } else {
                    try db.execute(statement.fragment)
                }
            }
        }
    }
}

/// A database with the guide's tables, and `rows`.
func makeGuideDatabase(_ rows: String) throws -> Database {
    let database = try Database.inMemory()
    try database.write { db in
        try db.execute(
            """
            CREATE TABLE "remindersLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "position" INTEGER NOT NULL);
            CREATE TABLE "reminders" (
              "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "notes" TEXT NOT NULL DEFAULT '',
              "isCompleted" INTEGER NOT NULL DEFAULT 0, "priority" INTEGER, "dueAt" TEXT,
              "list_id" INTEGER NOT NULL REFERENCES "remindersLists"("id"), "deletedAt" TEXT
            );
            CREATE TABLE "employees" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "managerID" INTEGER);
            CREATE UNIQUE INDEX "reminders_listTitle" ON "reminders" ("list_id", lower("title")) WHERE NOT "isCompleted";
            CREATE TABLE "meetings" ("id" INTEGER PRIMARY KEY, "startsAt" TEXT NOT NULL);
            """)
        try db.execute(rows)
    }
    return database
}
