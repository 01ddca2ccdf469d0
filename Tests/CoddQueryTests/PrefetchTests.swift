import CSQLite
import Codd
import Foundation
import Testing

/// The SQL a connection runs, from SQLite's statement trace.
final class StatementLog: @unchecked Sendable {
    var sql: [String] = []

    /// Runs `body` with every statement `db` starts recorded.
    func record<T>(on db: Connection, _ body: () throws -> T) rethrows -> T {
        let handle = db.unsafeSQLiteHandle
        sqlite3_trace_v2(
            handle, UInt32(SQLITE_TRACE_STMT),
            { _, context, _, text in
                guard let context, let text else { return 0 }
                let log = Unmanaged<StatementLog>.fromOpaque(context).takeUnretainedValue()
                log.sql.append(String(cString: text.assumingMemoryBound(to: CChar.self)))
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
        defer { sqlite3_trace_v2(handle, 0, nil, nil) }
        return try body()
    }
}

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
        database = try makeRemindersDatabase(withEmptyList: true)
    }

    static let reminderColumns = """
        "reminders"."id", "reminders"."title", "reminders"."notes", "reminders"."isCompleted", \
        "reminders"."priority", "reminders"."dueAt", "reminders"."deletedAt", "reminders"."remindersListID"
        """

    @Test func everyParentReadsTheChildrenWithoutARestriction() throws {
        let query = RemindersList.order(by: \.id)
            .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        #expect(
            try query.parents.fragment.sql == """
                SELECT "id", "id", "title", "position", "deletedAt" FROM "remindersLists" ORDER BY "id"
                """)
        // Every list is a parent: every reminder has its list among them, so no IN.
        #expect(query.parentsAreEveryRow)
        #expect(
            try query.everyChild.fragment.sql == """
                SELECT "remindersListID", "id", "title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", \
                "remindersListID" FROM "reminders" ORDER BY "id"
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.title) == ["Personal", "Work", "Old", "Empty"])
        #expect(rows.map { $0.1.map(\.id) } == [[1, 2, 3], [4, 5], [6], []])
        #expect(rows.allSatisfy { list, reminders in reminders.allSatisfy { $0.remindersListID == list.id } })
    }

    @Test func aRestrictedParentBindsTheKeysItFetched() throws {
        let query = RemindersList.where { $0.position >= 2 }.order(by: \.title)
            .including(
                all: Reminder.where { !$0.isCompleted }.order { $0.title.desc() }, on: \.id, equals: \.remindersListID)
        #expect(
            try query.parents.fragment.sql == """
                SELECT "id", "id", "title", "position", "deletedAt" FROM "remindersLists" WHERE ("position" >= ?) \
                ORDER BY "title"
                """)
        #expect(!query.parentsAreEveryRow)
        let children = query.children(keyedBy: [4, 3, 2])
        #expect(
            try children.fragment.sql == """
                SELECT "remindersListID", "id", "title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", \
                "remindersListID" FROM "reminders" WHERE (NOT "isCompleted") AND ("remindersListID" IN (?, ?, ?)) \
                ORDER BY "title" DESC
                """)
        #expect(try children.fragment.bindings == [.integer(4), .integer(3), .integer(2)])
        let rows = try database.read { db in try query.fetchAll(db) }
        // Parents in their order, children in theirs: "Report" before "Archived".
        #expect(rows.map(\.0.title) == ["Empty", "Old", "Work"])
        #expect(rows.map { $0.1.map(\.title) } == [[], ["Old thing"], ["Report", "Archived"]])
    }

    @Test func limitedAndGroupedParentsGetTheChildrenOfTheRowsTheyReturned() throws {
        // Ties in the order (positions 1 and 1): whichever row the limit keeps, the
        // children's statement binds that row's key, not the parents' statement run again.
        try database.write { db in try db.execute(#"UPDATE "remindersLists" SET "position" = 1 WHERE "id" = 2"#) }
        let limited = RemindersList.order(by: \.position).limit(1)
            .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        let rows = try database.read { db in try limited.fetchAll(db) }
        #expect(rows.count == 1)
        #expect(
            rows.allSatisfy { list, reminders in
                !reminders.isEmpty && reminders.allSatisfy { $0.remindersListID == list.id }
            })
        // A grouped parent statement returns one row per group: its key is the one bound.
        let grouped = Reminder.group(by: \.remindersListID).order(by: \.remindersListID)
            .including(all: RemindersList.all, on: \.remindersListID, equals: \.id)
        #expect(try database.read { db in try grouped.fetchAll(db) }.map { $0.1.map(\.id) } == [[1], [2], [3]])
    }

    @Test func keysBeyondOneStatementTakeSeveral() throws {
        // 1,200 more lists with one reminder each: three statements of at most 500 keys.
        try database.write { db in
            try db.execute(
                """
                WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < 1299)
                INSERT INTO "remindersLists" ("id", "title") SELECT i, 'List ' || i FROM n;
                WITH RECURSIVE n(i) AS (SELECT 100 UNION ALL SELECT i + 1 FROM n WHERE i < 1299)
                INSERT INTO "reminders" ("id", "title", "remindersListID") SELECT i, 'Reminder ' || i, i FROM n;
                """)
        }
        let query = RemindersList.where { $0.id >= 100 }.order { $0.id.desc() }
            .including(all: Reminder.all, on: \.id, equals: \.remindersListID)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.count == 1_200)
        #expect(rows.first?.0.id == 1_299)
        #expect(rows.allSatisfy { list, reminders in reminders.map(\.id) == [list.id] })
        let parents = try database.read { db in
            try db.fetchAll(SQLRow2<Int, RemindersList>.self, query.parents.fragment)
        }
        #expect(query.childStatements(for: parents).count == 3)
    }

    @Test func theParentsDefaultScopeRestrictsTheChildren() throws {
        // `LiveRemindersList.all` leaves out the deleted list 3: its reminder is not read.
        let query = LiveRemindersList.including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        #expect(!query.parentsAreEveryRow)
        #expect(
            try query.parents.fragment.sql == """
                SELECT "id", "id", "title", "position", "deletedAt" FROM "remindersLists" WHERE ("deletedAt" IS NULL)
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.id).sorted() == [1, 2, 4])
        #expect(rows.flatMap { $0.1.map(\.id) }.sorted() == [1, 2, 3, 4, 5])
        // Unscoped, the deleted list is a parent again, and the parents are every row.
        let unscoped = LiveRemindersList.unscoped.order(by: \.id)
            .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
        #expect(unscoped.parentsAreEveryRow)
        #expect(try database.read { db in try unscoped.fetchAll(db) }.map(\.1.count) == [3, 2, 1, 0])
    }

    @Test func anOptionalChildKeyLeavesItsNullRowsOut() throws {
        // Employees with those they manage: a self-reference on `managerID: Int?`. Ada,
        // whose manager is NULL, is nobody's report: every employee is a parent, so only
        // the NULL keys are left out.
        let query = Employee.order(by: \.id)
            .including(all: Employee.order(by: \.name), on: \.id, equals: \.managerID)
        #expect(
            try query.everyChild.fragment.sql == """
                SELECT "managerID", "id", "name", "managerID" FROM "employees" WHERE ("managerID" IS NOT NULL) ORDER BY "name"
                """)
        let rows = try database.read { db in try query.fetchAll(db) }
        #expect(rows.map(\.0.name) == ["Ada", "Bob", "Cy", "Di"])
        #expect(rows.map { $0.1.map(\.name) } == [["Bob", "Cy"], ["Di"], [], []])
        let managers = Employee.where { $0.managerID.is(nil) }
            .including(all: Employee.order(by: \.name), on: \.id, equals: \.managerID)
        #expect(try database.read { db in try managers.fetchAll(db) }.map { $0.1.map(\.name) } == [["Bob", "Cy"]])
    }

    @Test func nullKeysOnBothSidesMatchNothing() throws {
        // Colleagues by manager: both key columns optional. Ada's manager is NULL; NULL
        // equals nothing in SQL, so she has no colleagues, not every employee without one.
        for parents in [Employee.order(by: \.id), Employee.where { $0.id > 0 }.order(by: \.id)] {
            let query = parents.including(all: Employee.order(by: \.id), on: \.managerID, equals: \.managerID)
            let rows = try database.read { db in try query.fetchAll(db) }
            #expect(rows.map { $0.1.map(\.name) } == [[], ["Bob", "Cy"], ["Bob", "Cy"], ["Di"]])
        }
    }

    @Test func aCompoundStatementIsATypedError() throws {
        let query = RemindersList.where { $0.id.eq(1) }.union(RemindersList.where { $0.id.eq(2) })
            .including(all: Reminder.all, on: \.id, equals: \.remindersListID)
        let error = #expect(throws: SQLEncodingError.self) { try database.read { db in try query.fetchAll(db) } }
        #expect(error?.reason == "including(all:on:equals:) takes statements without UNION, INTERSECT or EXCEPT")
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
        let log = StatementLog()
        let outside = try database.withConnection { db in
            let rows = try log.record(on: db) { try query.fetchAll(db) }
            #expect(!db.isInsideTransaction)
            return rows
        }
        #expect(outside.map(\.1.count) == [3, 2, 1, 0])
        #expect(log.sql.count == 4)
        #expect(log.sql.first == "BEGIN DEFERRED TRANSACTION")
        #expect(log.sql.dropFirst().prefix(2).allSatisfy { $0.hasPrefix("SELECT") })
        #expect(log.sql.last == "COMMIT TRANSACTION")
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
        #expect(
            query.description == """
                SELECT "id", "id", "title", "position", "deletedAt" FROM "remindersLists" WHERE ("id" = 1);
                SELECT "remindersListID", "id", "title", "notes", "isCompleted", "priority", "dueAt", "deletedAt", \
                "remindersListID" FROM "reminders" WHERE ("remindersListID" IN ()) -- IN (…): the keys of the parents fetched
                """)
    }
}
