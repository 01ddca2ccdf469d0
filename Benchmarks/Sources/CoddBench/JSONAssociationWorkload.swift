import CSQLite
import Codd
import Foundation
import GRDB

// Workload 4: lists with their reminders, decoded into [(list, [Reminder])].
// - Codd: one query, `json_group_array(json_object(…))`, decoded by generated code.
// - Foundation: the same query's JSON text handed to `JSONDecoder` (dates through a custom
//   strategy that uses the hand-written parser, so only the JSON machinery differs).
// - Codd prefetch: two queries (`including(all:on:equals:)`), grouped in Swift.
// - GRDB: its two-query approach (lists, then their reminders), grouped in Swift.

@Table("benchLists")
struct BenchList: Codable, Equatable, Sendable {
    let id: Int
    var title: String
}

@Table("benchReminders")
struct BenchReminder: Codable, Equatable, Sendable {
    let id: Int
    var title: String
    var notes: String
    var priority: Int?
    var dueAt: Date
    var listID: Int
}

/// What every contender hands back.
struct ListWithReminders: Equatable {
    var list: BenchList
    var reminders: [BenchReminder]

    var checksum: Int { reminders.reduce(list.id) { $0 &+ $1.id &+ $1.title.utf8.count } }
}

enum JSONAssociationData {
    static func reminder(_ id: Int, list: Int) -> BenchReminder {
        // Typed in steps: the literals' arithmetic in one expression took 127 ms to type-check.
        let milliseconds: Int = id * 86_399_123 - 978_307_200_000 + 1_700_000_000_000
        let dueAt = Date(timeIntervalSinceReferenceDate: Double(milliseconds) / 1000)
        return BenchReminder(
            id: id, title: "Reminder \(id) \"quoted\"", notes: id % 3 == 0 ? "" : "Notes for \(id) – ünïcödé",
            priority: id % 4 == 0 ? nil : id % 3, dueAt: dueAt, listID: list
        )
    }

    static func expected(lists: Int, perList: Int) -> [ListWithReminders] {
        (1...lists).map { list in
            ListWithReminders(
                list: BenchList(id: list, title: "List \(list)"),
                reminders: (0..<perList).map { reminder((list - 1) * perList + $0 + 1, list: list) }
            )
        }
    }

    static func fill(_ database: Codd.Database, lists: Int, perList: Int) throws {
        try database.write { db in
            try db.execute(
                """
                DROP TABLE IF EXISTS "benchReminders"; DROP TABLE IF EXISTS "benchLists";
                CREATE TABLE "benchLists" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL);
                CREATE TABLE "benchReminders" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "notes" TEXT NOT NULL,
                  "priority" INTEGER, "dueAt" TEXT NOT NULL, "listID" INTEGER NOT NULL REFERENCES "benchLists"("id"));
                CREATE INDEX "benchReminders_listID" ON "benchReminders"("listID");
                """)
            for entry in expected(lists: lists, perList: perList) {
                try BenchList.insert([entry.list]).execute(db)
                try BenchReminder.insert(entry.reminders).execute(db)
            }
        }
    }

    /// SQLite's date text through the hand-written parser every non-Codd contender uses.
    static func date(_ text: String) throws -> Date {
        let date = text.utf8.withContiguousStorageIfAvailable { HandCodecs.date(UnsafeRawBufferPointer($0)) } ?? nil
        guard let date else { throw BenchmarkError("bad date \(text)") }
        return date
    }

    /// Foundation's decoder, its dates through the same hand-written parser, so only the
    /// JSON machinery differs from Codd's.
    static func foundationDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            try date(decoder.singleValueContainer().decode(String.self))
        }
        return decoder
    }

    /// The one query Codd renders (and the Foundation contender reads the JSON of).
    static var query:
        Select<
            SQLRow2<BenchList, JSONRepresentation<[BenchReminder]>>,
            SQLTables.Two<SQLTables.Inner<BenchList>, SQLTables.Outer<BenchReminder>>
        >
    {
        BenchList
            .group(by: \.id)
            .leftJoin(BenchReminder.all) { $0.id.eq($1.listID) }
            .select { ($0, $1.jsonGroupArray()) }
            .order { list, _ in list.id }
    }
}

extension JSONAssociationData {
    /// Codd's second strategy: the lists, then their reminders, grouped in Swift.
    static var prefetch: SQLPrefetch<BenchList, BenchReminder, Int> {
        BenchList.order(by: \.id).including(all: BenchReminder.order(by: \.id), on: \.id, equals: \.listID)
    }
}

extension CoddSide {
    func coddAssociations() throws -> [ListWithReminders] {
        try database.read { db in
            try JSONAssociationData.query.fetchAll(db).map { ListWithReminders(list: $0.0, reminders: $0.1) }
        }
    }

    /// Two queries, grouped in Swift: `including(all:on:equals:)`, Codd's prefetch.
    func coddPrefetchAssociations() throws -> [ListWithReminders] {
        try database.read { db in
            try JSONAssociationData.prefetch.fetchAll(db).map { ListWithReminders(list: $0.0, reminders: $0.1) }
        }
    }

    /// The same SQL, its JSON column decoded by Foundation's `JSONDecoder`.
    func foundationAssociations() throws -> [ListWithReminders] {
        let decoder = JSONAssociationData.foundationDecoder()
        let fragment = try JSONAssociationData.query.fragment
        return try database.read { db in
            try db.fetchAll((Int, String, String).self, fragment).map { id, title, json in
                ListWithReminders(
                    list: BenchList(id: id, title: title),
                    reminders: try decoder.decode([BenchReminder].self, from: Data(json.utf8))
                )
            }
        }
    }
}

extension GRDBSide {
    struct List: FetchableRecord, Decodable { var id: Int; var title: String }
    struct Reminder: FetchableRecord {
        var value: BenchReminder
        init(row: GRDB.Row) throws {
            value = BenchReminder(
                id: row[0], title: row[1], notes: row[2], priority: row[3],
                dueAt: try JSONAssociationData.date(row[4]), listID: row[5]
            )
        }
    }

    /// Two queries, grouped in Swift: GRDB's way without JSON.
    func twoQueryAssociations() throws -> [ListWithReminders] {
        try queue.read { db in
            let lists = try List.fetchAll(db, sql: #"SELECT "id", "title" FROM "benchLists" ORDER BY "id""#)
            let reminders = try Reminder.fetchAll(
                db,
                sql:
                    #"SELECT "id", "title", "notes", "priority", "dueAt", "listID" FROM "benchReminders" ORDER BY "id""#
            )
            var byList: [Int: [BenchReminder]] = [:]
            for reminder in reminders { byList[reminder.value.listID, default: []].append(reminder.value) }
            return lists.map {
                ListWithReminders(list: BenchList(id: $0.id, title: $0.title), reminders: byList[$0.id] ?? [])
            }
        }
    }
}

/// Decoding only: the JSON texts of the aggregated column, fetched once, decoded per round.
struct JSONDecodeOnly {
    let texts: [String]

    init(_ side: CoddSide) throws {
        let fragment = try JSONAssociationData.query.fragment
        texts = try side.database.read { db in try db.fetchAll((Int, String, String).self, fragment).map(\.2) }
    }

    func foundation() throws -> Int {
        let decoder = JSONAssociationData.foundationDecoder()
        var sum = 0
        for text in texts {
            for reminder in try decoder.decode([BenchReminder].self, from: Data(text.utf8)) { sum &+= reminder.id }
        }
        return sum
    }

    /// What `JSONRepresentation<[BenchReminder]>` does for each row: Codd's parser and the
    /// `@Table`'s generated `init(decodingJSON:)`.
    func codd() throws -> Int {
        var sum = 0
        for var text in texts {
            let reminders = try text.withUTF8 { bytes in
                try SQLJSONValue.parse(UnsafeRawBufferPointer(bytes)) { try [BenchReminder](decodingJSON: $0) }
            }
            for reminder in reminders { sum &+= reminder.id }
        }
        return sum
    }

    /// Codd's `Codable` decoder, the path for types without generated decoding.
    func coddCodable() throws -> Int {
        let decoder = JSONDocumentDecoder()
        var sum = 0
        for text in texts {
            for reminder in try decoder.decode([CodableOnlyReminder].self, from: text) { sum &+= reminder.id }
        }
        return sum
    }
}

/// The reminder as a plain `Codable` type, so Codd's decoder takes its `Codable` path.
struct CodableOnlyReminder: Codable {
    var id: Int
    var title: String
    var notes: String
    var priority: Int?
    var dueAt: Date
    var listID: Int
}
