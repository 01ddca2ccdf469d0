import Codd
import CoddQueryAssertions
import Testing

/// A type marked both `@Table` and `@Selection`, as a CTE's row is, used outside a CTE.
@Table("listTitles") @Selection
struct ListTitle: Identifiable, Equatable {
    let id: Int
    @Column("list_title") var title: String
}

/// One type works as a table (its own rows, inserts, updates) and as a selection (a result
/// shape any query selects into), with one decoding.
@Suite struct TableSelectionTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
        try database.write { db in
            try db.execute(#"CREATE TABLE "listTitles" ("id" INTEGER PRIMARY KEY, "list_title" TEXT NOT NULL)"#)
        }
    }

    @Test func asATable() throws {
        try database.write { db in
            try ListTitle.insert([ListTitle(id: 1, title: "Copied")]).execute(db)
            try ListTitle.insert { ListTitle.Draft(title: "Drafted") }.execute(db)
        }
        assertQuery(ListTitle.where { $0.title.hasPrefix("D") }, in: database) {
            #"""
            SELECT "id", "list_title" FROM "listTitles" WHERE ("list_title" LIKE ? ESCAPE '\')
            """#
        } results: {
            """
            ┌────────────────────┐
            │ ListTitle(         │
            │   id: 2,           │
            │   title: "Drafted" │
            │ )                  │
            └────────────────────┘
            """
        }
        #expect(ListTitle.columnCount == 2)
    }

    @Test func asASelection() {
        let query =
            RemindersList
            .where { $0.id.in([1, 2]) }
            .select { ListTitle.Columns(id: $0.id, title: $0.title.upper()) }
        assertQuery(query, in: database) {
            """
            SELECT "id" AS "id", upper("title") AS "list_title" FROM "remindersLists" WHERE ("id" IN (?, ?))
            """
        } results: {
            """
            ┌─────────────────────┐
            │ ListTitle(          │
            │   id: 1,            │
            │   title: "PERSONAL" │
            │ )                   │
            ├─────────────────────┤
            │ ListTitle(          │
            │   id: 2,            │
            │   title: "WORK"     │
            │ )                   │
            └─────────────────────┘
            """
        }
    }

    /// A row as values: the seed row of a recursive CTE, each value bound.
    @Test func aRowAsValues() {
        let query = With {
            ListTitle(id: 7, title: "it's -- \"seven\"")
        } query: {
            ListTitle.all
        }
        assertQuery(query, in: database) {
            """
            WITH "listTitles" AS (SELECT ? AS "id", ? AS "list_title") SELECT "listTitles"."id", "listTitles"."list_title" FROM "listTitles"
            """
        } results: {
            """
            ┌──────────────────────────────┐
            │ ListTitle(                   │
            │   id: 7,                     │
            │   title: #"it's -- "seven""# │
            │ )                            │
            └──────────────────────────────┘
            """
        }
    }

    /// Selected into, then inserted: the selection's aliases are the table's column names.
    @Test func selectedIntoAndInsertedAsRows() throws {
        let titles = try database.read { db in
            try RemindersList.order(by: \.id).select { ListTitle.Columns(id: $0.id, title: $0.title) }.fetchAll(db)
        }
        try database.write { db in try ListTitle.insert(titles).execute(db) }
        #expect(try database.read { try ListTitle.order(by: \.id).fetchAll($0) } == titles)
    }
}
