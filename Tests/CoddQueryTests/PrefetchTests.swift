import Codd
import Foundation
import Testing

/// Lists without their deleted ones: a parent whose default scope restricts it.
@Table("remindersLists")
struct LiveRemindersList: Identifiable, Equatable {
    static let all = Self.where { $0.deletedAt.is(nil) }
    let id: Int
    var title = ""
    var position = 0
    var deletedAt: String?
}

/// `including(all:on:equals:)`: two statements, rendered exactly, grouped in Swift, against
/// the reminders database (lists 1–3 with reminders 1–6, list 4 with none).
@Suite("Prefetched associations")
struct PrefetchTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
        try database.write { db in
            try db.execute(#"INSERT INTO "remindersLists" VALUES (4, 'Empty', 4, NULL)"#)
        }
    }

    static let reminderColumns = """
        "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", \
        "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID"
        """

    @Test func everyParentReadsTheChildrenWithoutARestriction() throws {
        let query = RemindersList.order(by: \.id)
            .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        #expect(try query.parents.fragment.sql == """
            SELECT "id", "id", "title", "position", "deletedAt" FROM "remindersLists" ORDER BY "id"
            """)
        // Every list is a parent: every reminder has its list among them, so no IN.
        #expect(try query.children.fragment.sql == """
            SELECT "remindersListID", "id", "title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", \
            "remindersListID" FROM "reminders" ORDER BY "id"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.title) == ["Personal", "Work", "Old", "Empty"])
        #expect(rows.map { $0.1.map(\.id) } == [[1, 2, 3], [4, 5], [6], []])
        #expect(rows.allSatisfy { list, reminders in reminders.allSatisfy { $0.remindersListID == list.id } })
    }

    @Test func aRestrictedParentReadsOnlyItsChildren() throws {
        let query = RemindersList.where { $0.position >= 2 }.order(by: \.title)
            .including(all: Reminder.where { !$0.isCompleted }.order { $0.title.desc() }, on: \.id, equals: \.remindersListID)
        #expect(try query.parents.fragment.sql == """
            SELECT "id", "id", "title", "position", "deletedAt" FROM "remindersLists" WHERE ("position" >= ?) \
            ORDER BY "title"
            """)
        #expect(try query.children.fragment.sql == """
            SELECT "reminders"."remindersListID", \(Self.reminderColumns) FROM "reminders" \
            WHERE (NOT "reminders"."isCompleted") AND ("reminders"."remindersListID" IN \
            (SELECT "remindersLists"."id" FROM "remindersLists" WHERE ("remindersLists"."position" >= ?) \
            ORDER BY "remindersLists"."title")) ORDER BY "reminders"."title" DESC
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        // Parents in their order, children in theirs: "Report" before "Archived".
        #expect(rows.map(\.0.title) == ["Empty", "Old", "Work"])
        #expect(rows.map { $0.1.map(\.title) } == [[], ["Old thing"], ["Report", "Archived"]])
    }

    @Test func aLimitedParentKeepsItsLimitInTheSubquery() throws {
        let query = RemindersList.order(by: \.id).limit(1)
            .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        #expect(try query.children.fragment.sql.hasSuffix("""
            "reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists" \
            ORDER BY "remindersLists"."id" LIMIT ?)) ORDER BY "reminders"."id"
            """))
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.id) == [1])
        #expect(rows.map { $0.1.map(\.id) } == [[1, 2, 3]])
    }

    @Test func theParentsDefaultScopeRestrictsTheChildren() throws {
        // `LiveRemindersList.all` leaves out the deleted list 3: its reminder is not read.
        let query = LiveRemindersList.including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        #expect(try query.children.fragment.sql == """
            SELECT "reminders"."remindersListID", \(Self.reminderColumns) FROM "reminders" \
            WHERE ("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists" \
            WHERE ("remindersLists"."deletedAt" IS NULL))) ORDER BY "reminders"."id"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.id).sorted() == [1, 2, 4])
        #expect(rows.flatMap { $0.1.map(\.id) }.sorted() == [1, 2, 3, 4, 5])
        // Unscoped, the deleted list is a parent again.
        let unscoped = LiveRemindersList.unscoped.order(by: \.id)
            .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        #expect(try database.read { db in try unscoped.fetchAll(db) }.map(\.1.count) == [3, 2, 1, 0])
    }

    @Test func anOptionalChildKeyLeavesItsNullRowsOut() throws {
        // Employees with those they manage: a self-reference on `managerID: Int?`. Ada,
        // whose manager is NULL, is nobody's report: every employee is a parent, so only
        // the NULL keys are left out.
        let query = Employee.order(by: \.id)
            .including(all: Employee.order(by: \.name), on: \.id, equals: \.managerID)
        #expect(try query.children.fragment.sql == """
            SELECT "managerID", "id", "name", "managerID" FROM "employees" WHERE ("managerID" IS NOT NULL) ORDER BY "name"
            """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.name) == ["Ada", "Bob", "Cy", "Di"])
        #expect(rows.map { $0.1.map(\.name) } == [["Bob", "Cy"], ["Di"], [], []])
        // Restricted parents: the IN leaves NULLs out by itself. One table on both sides
        // renders bare names; each resolves to the nearest FROM, the subquery's inside it.
        let managers = Employee.where { $0.managerID.is(nil) }
            .including(all: Employee.order(by: \.name), on: \.id, equals: \.managerID)
        #expect(try managers.children.fragment.sql == """
            SELECT "managerID", "id", "name", "managerID" FROM "employees" WHERE ("managerID" IN \
            (SELECT "id" FROM "employees" WHERE ("managerID" IS NULL))) ORDER BY "name"
            """)
        #expect(try database.read { db in try managers.fetchAll(db) }.map { $0.1.map(\.name) } == [["Bob", "Cy"]])
    }

    @Test func parentsThatShareAKeyShareTheirChildren() throws {
        // Reminders with their list: the key repeats among the parents.
        let query = Reminder.where { $0.id <= 4 }.order(by: \.id)
            .including(all: RemindersList.all, on: \.remindersListID, equals: \.id)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.id) == [1, 2, 3, 4])
        #expect(rows.map { $0.1.map(\.title) } == [["Personal"], ["Personal"], ["Personal"], ["Work"]])
    }

    @Test func noParentsIsNoRows() throws {
        let query = RemindersList.where { $0.id > 100 }
            .including(all: Reminder.all, on: \.id, equals: \.remindersListID)
        #expect(try database.read { db in try query.fetchAll(db) }.isEmpty)
    }

    @Test func itReadsInOneTransactionAndJoinsAnOpenOne() throws {
        let query = RemindersList.order(by: \.id)
            .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        // Outside a transaction it opens one for both statements, and closes it.
        let outside = try database.withConnection { db in
            let rows = try query.fetchAll(db)
            #expect(!db.isInsideTransaction)
            return rows
        }
        #expect(outside.map(\.1.count) == [3, 2, 1, 0])
        // Inside one, it reads that transaction's uncommitted row and leaves it open.
        #expect(throws: CancellationError.self) {
            try database.write { db in
                try db.execute(#"INSERT INTO "reminders" ("id", "title", "remindersListID") VALUES (7, 'New', 4)"#)
                let rows = try query.fetchAll(db)
                #expect(rows.last?.1.map(\.title) == ["New"])
                #expect(db.isInsideTransaction)
                throw CancellationError()
            }
        }
        #expect(try database.read { db in try query.fetchAll(db) }.last?.1.isEmpty == true)
    }

    @Test func aChildThatCannotDecodeThrowsATypedErrorNamingItsColumn() throws {
        try database.write { db in
            try db.execute(#"UPDATE "reminders" SET "priority" = 9 WHERE "id" = 5"#)
        }
        let query = RemindersList.all.including(all: Reminder.all, on: \.id, equals: \.remindersListID)
        let error = #expect(throws: SQLDecodingError.self) {
            try database.read { db in try query.fetchAll(db) }
        }
        #expect(error?.description.contains("priority") == true)
        // The read opened and closed its own transaction, even though it threw.
        #expect(try database.withConnection { db in db.isInsideTransaction } == false)
    }

    @Test func hostileStringsRoundTripThroughBothStatements() throws {
        let hostile = "Robert'); DROP TABLE \"reminders\"; -- \u{0}🎉"
        try database.write { db in
            try db.execute(#"UPDATE "remindersLists" SET "title" = ? WHERE "id" = 2"#, hostile)
            try db.execute(#"UPDATE "reminders" SET "notes" = ? WHERE "id" = 4"#, hostile)
        }
        let query = RemindersList.where { $0.title.eq(hostile) }
            .including(all: Reminder.where { $0.notes.eq(hostile) }, on: \.id, equals: \.remindersListID)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.title) == [hostile])
        #expect(rows.map { $0.1.map(\.id) } == [[4]])
    }

    @Test func itsDescriptionShowsBothStatements() {
        let query = RemindersList.where { $0.id.eq(1) }
            .including(all: Reminder.all, on: \.id, equals: \.remindersListID)
        #expect(query.description == """
            SELECT "id", "id", "title", "position", "deletedAt" FROM "remindersLists" WHERE ("id" = 1);
            SELECT "reminders"."remindersListID", \(Self.reminderColumns) FROM "reminders" \
            WHERE ("reminders"."remindersListID" IN (SELECT "remindersLists"."id" FROM "remindersLists" \
            WHERE ("remindersLists"."id" = 1)))
            """)
    }
}
