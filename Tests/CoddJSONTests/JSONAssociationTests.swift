import Codd
import CoddQueryAssertions
import Foundation
import Testing

/// JSON-aggregated associations (seed 003, "Pre-loading associations with JSON"): the SQL
/// rendered exactly, and the rows decoded from a real database.
@Suite("JSON associations")
struct JSONAssociationTests {
    let database: Database

    init() throws {
        database = try makeTodosDatabase()
    }

    static let todoObject = """
        json_object('id', "todos"."id", 'title', "todos"."title", \
        'token', CASE WHEN typeof("todos"."token") IN ('blob') THEN iif(length("todos"."token") = 16, \
        lower(printf('%s-%s-%s-%s-%s', \
        substr(hex("todos"."token"), 1, 8), substr(hex("todos"."token"), 9, 4), substr(hex("todos"."token"), 13, 4), \
        substr(hex("todos"."token"), 17, 4), substr(hex("todos"."token"), 21, 12))), hex("todos"."token")) \
        WHEN "todos"."token" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."token"), iif(typeof("todos"."token") = 'real', printf('%!.18g', "todos"."token"), "todos"."token"))) END, \
        'dueAt', CASE \
        WHEN typeof("todos"."dueAt") IN ('integer') THEN strftime('%Y-%m-%d %H:%M:%f', "todos"."dueAt" / 1000.0, 'unixepoch') WHEN typeof("todos"."dueAt") IN ('real') THEN iif(abs("todos"."dueAt") < 9e999, json(printf('%!.18g', "todos"."dueAt")), printf('%!.18g', "todos"."dueAt")) WHEN "todos"."dueAt" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."dueAt"), iif(typeof("todos"."dueAt") = 'blob', hex("todos"."dueAt"), "todos"."dueAt"))) END, \
        'createdAt', "todos"."createdAt", \
        'score', CASE \
        WHEN typeof("todos"."score") IN ('real', 'integer') THEN iif(abs("todos"."score") < 9e999, json(printf('%!.18g', "todos"."score")), printf('%!.18g', "todos"."score")) WHEN "todos"."score" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."score"), iif(typeof("todos"."score") = 'blob', hex("todos"."score"), "todos"."score"))) END, \
        'isDone', "todos"."isDone", 'tags', iif("todos"."tags" IS NULL, NULL, iif(json_valid("todos"."tags"), json("todos"."tags"), json_object('codd.malformedJSON', "todos"."tags"))), \
        'attachment', CASE \
        WHEN typeof("todos"."attachment") IN ('blob') THEN hex("todos"."attachment") WHEN "todos"."attachment" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."attachment"), iif(typeof("todos"."attachment") = 'real', printf('%!.18g', "todos"."attachment"), "todos"."attachment"))) END, \
        'listID', "todos"."listID")
        """

    @Test func seedExampleDecodesListsWithTheirTodos() throws {
        let query =
            TodoList
            .group(by: \.id)
            .join(Todo.all) { $0.id.eq($1.listID) }
            .select { ListWithTodos.Columns(list: $0, todos: $1.jsonGroupArray()) }
        #expect(
            query.sql == """
                SELECT "lists"."id", "lists"."title", json_group_array(\(Self.todoObject)) AS "todos" \
                FROM "lists" JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.count == 2)
        #expect(rows.first?.list == TodoList(id: 1, title: "Home"))
        #expect(rows.first?.todos == Array(sampleTodos.prefix(2)))
        #expect(rows.last?.todos == [sampleTodos[2]])
    }

    @Test func leftJoinWithNoMatchIsAnEmptyArray() throws {
        let query =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { ($0.title, $1.jsonGroupArray()) }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT "lists"."title", json_group_array(\(Self.todoObject)) FILTER (WHERE "todos"."id" IS NOT NULL) \
                FROM "lists" LEFT JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map(\.0) == ["Home", "Work", "Empty"])
        #expect(rows.map(\.1) == [Array(sampleTodos.prefix(2)), [sampleTodos[2]], []])
    }

    @Test func userFilterCombinesWithTheOuterJoinFilter() throws {
        let query =
            TodoList
            .group(by: \.id)
            .leftJoin(Todo.all) { $0.id.eq($1.listID) }
            .select { $1.jsonGroupArray(filter: $1.isDone.is(true)) }
            .order { list, _ in list.id }
        #expect(
            query.sql.contains(#"FILTER (WHERE "todos"."id" IS NOT NULL AND ("todos"."isDone" IS ?))"#), "\(query.sql)")
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows == [[sampleTodos[1]], [], []])
    }

    @Test func nestedSelectionsInsideTheAggregateDecode() throws {
        // structured-queries #325: a @Selection holding a @Table inside json_group_array.
        let query =
            TodoList
            .group(by: \.id)
            .join(Todo.all) { $0.id.eq($1.listID) }
            .select {
                ListWithSummaries.Columns(
                    title: $0.title,
                    summaries: TodoSummary.Columns(todo: $1, listTitle: $0.title).jsonGroupArray()
                )
            }
            .order { list, _ in list.id }
        #expect(
            query.sql == """
                SELECT "lists"."title" AS "title", json_group_array(json_object('todo', \(Self.todoObject), \
                'listTitle', "lists"."title")) AS "summaries" \
                FROM "lists" JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" \
                ORDER BY "lists"."id"
                """)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(
            rows == [
                ListWithSummaries(
                    title: "Home", summaries: sampleTodos.prefix(2).map { TodoSummary(todo: $0, listTitle: "Home") }),
                ListWithSummaries(title: "Work", summaries: [TodoSummary(todo: sampleTodos[2], listTitle: "Work")]),
            ])
    }

    @Test func columnAggregatesKeepTheirJSONForms() throws {
        let query =
            TodoList
            .group(by: \.id)
            .join(Todo.all) { $0.id.eq($1.listID) }
            .select {
                (
                    $1.title.jsonGroupArray(), $1.token.jsonGroupArray(), $1.dueAt.jsonGroupArray(),
                    $1.score.jsonGroupArray()
                )
            }
            .order { list, _ in list.id }
        let rows = try database.read { try query.fetchAll($0) }
        assertQuery(query, in: database) {
            """
            SELECT json_group_array("todos"."title"), json_group_array(CASE WHEN typeof("todos"."token") IN ('blob') THEN iif(length("todos"."token") = 16, lower(printf('%s-%s-%s-%s-%s', substr(hex("todos"."token"), 1, 8), substr(hex("todos"."token"), 9, 4), substr(hex("todos"."token"), 13, 4), substr(hex("todos"."token"), 17, 4), substr(hex("todos"."token"), 21, 12))), hex("todos"."token")) WHEN "todos"."token" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."token"), iif(typeof("todos"."token") = 'real', printf('%!.18g', "todos"."token"), "todos"."token"))) END), json_group_array(CASE WHEN typeof("todos"."dueAt") IN ('integer') THEN strftime('%Y-%m-%d %H:%M:%f', "todos"."dueAt" / 1000.0, 'unixepoch') WHEN typeof("todos"."dueAt") IN ('real') THEN iif(abs("todos"."dueAt") < 9e999, json(printf('%!.18g', "todos"."dueAt")), printf('%!.18g', "todos"."dueAt")) WHEN "todos"."dueAt" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."dueAt"), iif(typeof("todos"."dueAt") = 'blob', hex("todos"."dueAt"), "todos"."dueAt"))) END), json_group_array(CASE WHEN typeof("todos"."score") IN ('real', 'integer') THEN iif(abs("todos"."score") < 9e999, json(printf('%!.18g', "todos"."score")), printf('%!.18g', "todos"."score")) WHEN "todos"."score" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("todos"."score"), iif(typeof("todos"."score") = 'blob', hex("todos"."score"), "todos"."score"))) END) FROM "lists" JOIN "todos" ON "lists"."id" = "todos"."listID" GROUP BY "lists"."id" ORDER BY "lists"."id"
            """
        } results: {
            """
            ┌────────────────────┬────────────────────────────────────────────────────┬────────────────────────────────────────┬─────────────────────────────┐
            │ [                  │ [                                                  │ [                                      │ [                           │
            │   [0]: "Buy milk", │   [0]: UUID(8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F), │   [0]: Date(2023-11-14T22:13:20.123Z), │   [0]: 0.30000000000000004, │
            │   [1]: "Call mom"  │   [1]: UUID(00000000-0000-0000-0000-000000000001)  │   [1]: Date(1969-12-30T23:59:59.999Z)  │   [1]: -1.5e-300            │
            │ ]                  │ ]                                                  │ ]                                      │ ]                           │
            ├────────────────────┼────────────────────────────────────────────────────┼────────────────────────────────────────┼─────────────────────────────┤
            │ [                  │ [                                                  │ [                                      │ [                           │
            │   [0]: "Ship"      │   [0]: UUID(FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF)  │   [0]: Date(9999-12-31T23:59:59.999Z)  │   [0]: 1e+300               │
            │ ]                  │ ]                                                  │ ]                                      │ ]                           │
            └────────────────────┴────────────────────────────────────────────────────┴────────────────────────────────────────┴─────────────────────────────┘
            """
        }
        // The table shows dates to the millisecond; the decoded dates are the stored ones exactly.
        #expect(rows.map(\.2) == [[sampleTodos[0].dueAt, sampleTodos[1].dueAt], [sampleTodos[2].dueAt]])
        // SQLite's own JSON keeps 15 digits; the REAL JSON form keeps them all.
        #expect(rows.map(\.3) == [[0.1 + 0.2, -1.5e-300], [1e300]])
    }

    @Test func distinctAggregates() throws {
        let query = Todo.select { $0.listID.jsonGroupArray(distinct: true) }
        #expect(query.sql == #"SELECT json_group_array(DISTINCT "listID") FROM "todos""#)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows.map { $0.sorted() } == [[1, 2]])
    }

    @Test func orderedAggregatesNeedSQLite344AndSayItWithATypedError() throws {
        let query = Todo.select { $0.title.jsonGroupArray(order: [$0.title.desc()]) }
        #expect(query.sql == #"SELECT json_group_array("title" ORDER BY "title" DESC) FROM "todos""#)
        if database.sqliteVersion >= SQLiteVersion(3, 44) {
            #expect(try database.read { try query.fetchAll($0) } == [["Ship", "Call mom", "Buy milk"]])
        } else {
            let error = #expect(throws: SQLUnsupportedFeatureError.self) {
                try database.read { try query.fetchAll($0) }
            }
            #expect(error?.requirement == .orderedAggregate)
        }
    }

    @Test func aRowAsAJSONObject() throws {
        let query = Todo.where { $0.id.eq(3) }.select { $0.jsonObject() }
        let unqualified = Self.todoObject.replacingOccurrences(of: #""todos"."#, with: "")
        #expect(query.sql == #"SELECT \#(unqualified) FROM "todos" WHERE ("id" = ?)"#)
        let rows = try database.read { try query.fetchAll($0) }
        #expect(rows == [sampleTodos[2]])
        // The object holds every value in its JSON form.
        let text = try database.read { db in
            try db.fetchOne(String.self, try query.fragment)
        }
        #expect(
            text
                == #"{"id":3,"title":"Ship","token":"ffffffff-ffff-ffff-ffff-ffffffffffff","dueAt":"9999-12-31 23:59:59.999","createdAt":"0001-01-01 00:00:00.000","score":1.0e+300,"isDone":0,"tags":["work"],"attachment":"","listID":2}"#
        )
    }

    @Test func fastPathAndCodableAgreeOnTheSameJSON() throws {
        let text = try database.read { db in
            try db.fetchOne(String.self, #"SELECT json_group_array(\#(Self.todoObject)) FROM "todos""#)
        }
        let json = try #require(text)
        var bytes = Array(json.utf8)
        let generated = try bytes.withUnsafeMutableBytes { buffer in
            try SQLJSONValue.parse(UnsafeRawBufferPointer(buffer)) { try [Todo](decodingJSON: $0) }
        }
        let viaCodable = try JSONDocumentDecoder().decode([CodableTodo].self, from: json)
        #expect(generated == sampleTodos)
        #expect(viaCodable.map(\.todo) == sampleTodos)
        // And what the encoder writes reads back through both.
        let encoded = try JSONDocumentEncoder().encode(sampleTodos)
        #expect(try JSONDocumentDecoder().decode([CodableTodo].self, from: encoded).map(\.todo) == sampleTodos)
    }
}

/// `Todo` decoded through `Codable` only (it is not `SQLJSONDecodable`).
struct CodableTodo: Decodable {
    let todo: Todo

    enum CodingKeys: String, CodingKey {
        case id, title, token, dueAt, createdAt, score, isDone, tags, attachment, listID
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        todo = Todo(
            id: try container.decode(Int.self, forKey: .id),
            title: try container.decode(String.self, forKey: .title),
            token: try container.decode(UUID.self, forKey: .token),
            dueAt: try container.decode(Date.self, forKey: .dueAt),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            score: try container.decode(Double.self, forKey: .score),
            isDone: try container.decode(Bool.self, forKey: .isDone),
            tags: try container.decode([String].self, forKey: .tags),
            attachment: try container.decodeIfPresent(Data.self, forKey: .attachment),
            listID: try container.decode(Int.self, forKey: .listID)
        )
    }
}
