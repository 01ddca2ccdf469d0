import Codd
import Foundation
import Testing

/// A row tagged by name, with no primary key: the outer side of a join whose presence is
/// "some column is not NULL".
@Table("todoTags")
struct TodoTag {
    var todoID: Int
    var name: String?
}

/// A list of optional tags, some of them JSON `null`, or no list at all.
@Table("nullableTagLists")
struct NullableTagList {
    let id: Int
    @Column(as: [String?].JSONRepresentation.self) var tags: [String?]?
}

/// Rows of tags: an array of arrays, to reach into each element of `json_each`.
@Table("tagGrids")
struct TagGrid {
    let id: Int
    @Column(as: [[String]].JSONRepresentation.self) var rows: [[String]]
}

/// Aggregates of one column of an outer-joined table (issue 10): a group with no match
/// gives `[]` like the whole-row form, while a present row whose column is NULL still adds
/// `null`; `count` and `group_concat` skip NULLs as SQL does.
@Suite("Single-column aggregates over outer joins")
struct OuterJoinColumnAggregateTests {
    let database: Database

    init() throws {
        database = try makeTodosDatabase()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "todoTags" ("todoID" INTEGER NOT NULL, "name" TEXT);
                INSERT INTO "todoTags" VALUES (1, 'home'), (1, NULL), (2, 'call');
                """)
        }
    }

    @Test func aListWithNoRowsGivesAnEmptyArray() throws {
        let query =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { ($0.title, $1.title.jsonGroupArray()) }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT "lists"."title", json_group_array("todos"."title") FILTER (WHERE "todos"."id" IS NOT NULL) \
                FROM "lists" LEFT JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map(\.0) == ["Home", "Work", "Empty"])
        #expect(rows.map(\.1) == [["Buy milk", "Call mom"], ["Ship"], []])
        // The whole-row form agrees.
        let whole =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { $1.jsonGroupArray() }
            .order { list, _ in list.id }
        #expect(
            try database.read { try whole.fetchAll($0) }.map { $0.map(\.title) } == rows.map { $0.1.compactMap { $0 } })
    }

    @Test func aPresentRowWithANullColumnAddsNull() throws {
        let query =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { $1.attachment.jsonGroupArray() }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT json_group_array(CASE WHEN typeof("todos"."attachment") IN ('blob') THEN hex("todos"."attachment") WHEN "todos"."attachment" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."attachment"), iif(typeof("todos"."attachment") = 'real', printf('%!.18g', "todos"."attachment"), "todos"."attachment"))) END) \
                FILTER (WHERE "todos"."id" IS NOT NULL) \
                FROM "lists" LEFT JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        // SQLite aggregates a group's rows in no promised order: compare them as sets.
        let rows = try database.read { try query.fetchAll($0) }
        let sets: [Set<Data?>] = rows.map(Set.init)
        let expected: [Set<Data?>] = [[Data([0, 1, 0xFF]), nil], [Data()], []]
        #expect(sets == expected)
        #expect(rows.map(\.count) == [2, 1, 0])
    }

    @Test func theUserFilterAndDistinctCombineWithThePresenceFilter() throws {
        let query =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { $1.attachment.jsonGroupArray(distinct: true, filter: $1.isDone.is(true)) }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT json_group_array(DISTINCT CASE WHEN typeof("todos"."attachment") IN ('blob') THEN hex("todos"."attachment") WHEN "todos"."attachment" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."attachment"), iif(typeof("todos"."attachment") = 'real', printf('%!.18g', "todos"."attachment"), "todos"."attachment"))) END) \
                FILTER (WHERE "todos"."id" IS NOT NULL AND ("todos"."isDone" IS ?)) \
                FROM "lists" LEFT JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        // List 1's done todo has no attachment: `[null]`; the others match nothing: `[]`.
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows == [[nil], [], []])
        let inline = try database.read { db in try db.fetchAll(String.self, query.description) }
        #expect(inline == ["[null]", "[]", "[]"])
    }

    @Test func anInnerJoinNeedsNoPresenceFilter() throws {
        let query =
            TodoList
            .group(by: \.id)
            .join(Todo.all) { $0.id.eq($1.listID) }
            .select { $1.title.jsonGroupArray() }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT json_group_array("todos"."title") FROM "lists" JOIN "todos" ON "lists"."id" = "todos"."listID" \
                GROUP BY "lists"."id" ORDER BY "lists"."id"
                """)
        #expect(try database.read { try query.fetchAll($0) } == [["Buy milk", "Call mom"], ["Ship"]])
    }

    @Test func aTableWithoutAPrimaryKeyIsPresentWhenAnyColumnIsNotNull() throws {
        let query =
            Todo
            .group(by: \.id)
            .leftJoin(TodoTag.all) { $0.id.eq($1.todoID) }
            .select { $1.name.jsonGroupArray() }
            .order { todo, _ in todo.id }
        #expect(
            query.sql == """
                SELECT json_group_array("todoTags"."name") \
                FILTER (WHERE NOT ("todoTags"."todoID" IS NULL AND "todoTags"."name" IS NULL)) \
                FROM "todos" LEFT JOIN "todoTags" ON "todos"."id" = "todoTags"."todoID" GROUP BY "todos"."id" \
                ORDER BY "todos"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map { Set($0) } == [["home", nil], ["call"], []])
        #expect(rows.first?.count == 2)
    }

    @Test func countAndGroupConcatSkipTheMissingRowAsSQLDoes() throws {
        // count(column) and group_concat skip NULLs, so the missing row adds nothing and no
        // filter is needed: a list with no todos counts 0 and concatenates to NULL.
        let query =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { ($1.count(), $1.attachment.count(), $1.title.groupConcat(separator: "|"), $1.title.max()) }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT count("todos"."id"), count("todos"."attachment"), group_concat("todos"."title", ?), \
                max("todos"."title") \
                FROM "lists" LEFT JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map(\.0) == [2, 1, 0])
        #expect(rows.map(\.1) == [1, 1, 0])
        #expect(rows.map(\.2) == ["Buy milk|Call mom", "Ship", nil])
        #expect(rows.map(\.3) == ["Call mom", "Ship", nil])
    }

    /// A path into an outer-joined row's document knows its row, as the column does: a list
    /// with no todos aggregates to `[]`; a todo whose first tag is missing adds `null`.
    @Test func aPathIntoAnOuterJoinedDocumentSkipsTheMissingRow() throws {
        let query =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { $1.tags.json[0].jsonGroupArray() }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT json_group_array(json("todos"."tags" -> '$[0]')) FILTER (WHERE "todos"."id" IS NOT NULL) \
                FROM "lists" LEFT JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map { Set($0) } == [["home", nil], ["work"], []])
        #expect(rows.map(\.count) == [2, 1, 0])
    }

    /// `json_each`'s element after `leftJoin(each:)` knows its row is outer-joined: a NULL
    /// document or an empty array aggregates to `[]` with no filter written (it gave
    /// `[null]`), while a JSON `null` element still adds `null`. `json_each`'s `id` is never
    /// NULL on a row that is there, so the presence test is that one column.
    @Test func anOuterJoinedJSONEachElementSkipsTheMissingRow() throws {
        try database.write { db in
            try db.execute(#"CREATE TABLE "nullableTagLists" ("id" INTEGER PRIMARY KEY, "tags" TEXT)"#)
            try NullableTagList.insert([
                NullableTagList(id: 1, tags: ["it's", nil, "-- 😀"]),
                NullableTagList(id: 2, tags: nil),
                NullableTagList(id: 3, tags: []),
                NullableTagList(id: 4, tags: [nil]),
            ]).execute(db)
        }
        let query = NullableTagList.leftJoin(each: { $0.tags }).group { list, _ in list.id }
            .order { list, _ in list.id }
            .select { list, tag in (list.id, tag.value.jsonGroupArray()) }
        #expect(
            query.sql == """
                SELECT "nullableTagLists"."id", json_group_array(json(json_quote("json_each"."value"))) \
                FILTER (WHERE "json_each"."id" IS NOT NULL) \
                FROM "nullableTagLists" LEFT JOIN json_each("nullableTagLists"."tags") ON 1 \
                GROUP BY "nullableTagLists"."id" ORDER BY "nullableTagLists"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map(\.0) == [1, 2, 3, 4])
        // SQLite aggregates a group's rows in no promised order (ORDER BY inside the call
        // needs 3.44): compare each group's elements sorted, a JSON null written "null".
        // (A path's value is `Value?`, so an element of `String?` aggregates as `String??`.)
        #expect(
            rows.map { $0.1.map { $0.flatMap { $0 } ?? "null" }.sorted() } == [
                ["-- 😀", "it's", "null"], [], [], ["null"],
            ])
        // The user's filter combines with the presence; `is(nil)` and `isNot(nil)` test the
        // element's SQL value, as on a column.
        let filtered = NullableTagList.leftJoin(each: { $0.tags }).group { list, _ in list.id }
            .order { list, _ in list.id }
            .select { list, tag in tag.value.jsonGroupArray(filter: tag.value.isNot(nil)) }
        #expect(
            filtered.sql == """
                SELECT json_group_array(json(json_quote("json_each"."value"))) \
                FILTER (WHERE "json_each"."id" IS NOT NULL AND (("json_each"."value") IS NOT NULL)) \
                FROM "nullableTagLists" LEFT JOIN json_each("nullableTagLists"."tags") ON 1 \
                GROUP BY "nullableTagLists"."id" ORDER BY "nullableTagLists"."id"
                """)
        let filteredRows = try database.read { try filtered.fetchAll($0) }
        #expect(
            filteredRows.map { $0.map { $0.flatMap { $0 } ?? "null" }.sorted() } == [["-- 😀", "it's"], [], [], []])
        // A NULL element or a missing row: lists 1 and 4 have a JSON null, 2 and 3 no element.
        let none = NullableTagList.leftJoin(each: { $0.tags }).where { _, tag in tag.value.is(nil) }
            .order { list, _ in list.id }.select { list, _ in list.id }
        #expect(try database.read { try none.fetchAll($0) } == [1, 2, 3, 4])
        // json_tree's rows have the same id: the root of a NULL document is missing.
        let tree = NullableTagList.leftJoin(tree: { $0.tags }, as: String?.self).group { list, _ in list.id }
            .order { list, _ in list.id }
            .select { _, node in node.type.jsonGroupArray() }
        #expect(
            tree.sql == """
                SELECT json_group_array("json_tree"."type") FILTER (WHERE "json_tree"."id" IS NOT NULL) \
                FROM "nullableTagLists" LEFT JOIN json_tree("nullableTagLists"."tags") ON 1 \
                GROUP BY "nullableTagLists"."id" ORDER BY "nullableTagLists"."id"
                """)
        #expect(
            try database.read { try tree.fetchAll($0) }.map { $0.map { $0 ?? "NULL" }.sorted() }
                == [["array", "null", "text", "text"], [], ["array"], ["array", "null"]])
    }

    /// The presence goes with a path reached from the element (`row.value[0]`) and with its
    /// stored value; an inner join, of a table or of `json_each`, renders no filter.
    @Test func thePresenceFollowsAPathFromTheElementAndOnlyTheOuterSide() throws {
        try database.write { db in
            try db.execute(#"CREATE TABLE "tagGrids" ("id" INTEGER PRIMARY KEY, "rows" TEXT NOT NULL)"#)
            try TagGrid.insert([TagGrid(id: 1, rows: [["a", "b"], ["it's"]]), TagGrid(id: 2, rows: [])]).execute(db)
        }
        let firsts = TagGrid.leftJoin(each: { $0.rows }).group { grid, _ in grid.id }.order { grid, _ in grid.id }
            .select { _, row in (row.value[0].jsonGroupArray(), row.value[0].stored.jsonGroupArray()) }
        #expect(
            firsts.sql == """
                SELECT json_group_array(json("json_each"."value" -> '$[0]')) \
                FILTER (WHERE "json_each"."id" IS NOT NULL), \
                json_group_array("json_each"."value" ->> '$[0]') FILTER (WHERE "json_each"."id" IS NOT NULL) \
                FROM "tagGrids" LEFT JOIN json_each("tagGrids"."rows") ON 1 \
                GROUP BY "tagGrids"."id" ORDER BY "tagGrids"."id"
                """)
        let rows = try database.read { try firsts.fetchAll($0) }
        #expect(rows.map { $0.0.map { $0 ?? "null" }.sorted() } == [["a", "it's"], []])
        #expect(rows.map { $0.1.sorted() } == [["a", "it's"], []])

        // Inner joins: every row is there, so no filter.
        let inner = TagGrid.join(each: { $0.rows }).group { grid, _ in grid.id }.order { grid, _ in grid.id }
            .select { _, row in row.value[0].jsonGroupArray() }
        #expect(
            inner.sql == """
                SELECT json_group_array(json("json_each"."value" -> '$[0]')) \
                FROM "tagGrids" JOIN json_each("tagGrids"."rows") \
                GROUP BY "tagGrids"."id" ORDER BY "tagGrids"."id"
                """)
        #expect(
            try database.read { try inner.fetchAll($0) }.map { $0.map { $0 ?? "null" }.sorted() } == [["a", "it's"]])
        let innerTable =
            TodoList
            .group(by: \.id)
            .join(Todo.all) { $0.id.eq($1.listID) }
            .select { $1.tags.json[0].jsonGroupArray() }
            .order { list, _ in list.id }
        #expect(
            innerTable.sql == """
                SELECT json_group_array(json("todos"."tags" -> '$[0]')) \
                FROM "lists" JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        #expect(try database.read { try innerTable.fetchAll($0) }.map { Set($0) } == [["home", nil], ["work"]])
    }
}
