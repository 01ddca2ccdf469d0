#if PostgreSQL
import Codd
import CoddPostgres
import CustomDump
import Foundation
import Testing

/// Every PostgreSQL test is in this suite, one at a time: the fault tests stop the server,
/// and the shared cases recreate the same tables.
@Suite(
    "PostgreSQL",
    .serialized,
    .enabled(if: PGTestServer.enabled, "no PostgreSQL server: run `bash scripts/with-postgres.sh swift test`")
)
struct PostgreSQLTests {}

/// The same statements on SQLite and on PostgreSQL return the same rows.
extension PostgreSQLTests {
    @Suite("Shared cases") struct SharedCases {
        /// Runs `statement` on both engines and returns the rows, checking they are equal.
        @discardableResult
        func bothEngines<S: SQLSelectStatement>(
            _ statement: S, sourceLocation: SourceLocation = #_sourceLocation
        ) async throws -> [S.Row.Fetched] where S.Row.Fetched: Sendable {
            let sqlite = try SharedSchema.makeSQLite()
            let sqliteRows = try sqlite.write { db in try statement.fetchAll(db) }
            let postgreSQLRows = try await PGTestServer.withDatabase { database in
                try await SharedSchema.resetPostgreSQL(database)
                return try await database.write { db in try await statement.fetchAll(db) }
            }
            #expect(
                String(customDumping: sqliteRows) == String(customDumping: postgreSQLRows),
                sourceLocation: sourceLocation)
            return postgreSQLRows
        }

        @Test func selectWhereOrder() async throws {
            let rows = try await bothEngines(Item.where { !$0.isDone && $0.score > 1.0 }.order(by: \.title))
            #expect(rows.map(\.id) == [4, 3])
            let expected: [Item] = SharedSchema.items.filter { [3, 4].contains($0.id) }.sorted { $0.title < $1.title }
            #expect(rows == expected)
        }

        @Test func everyCodecRoundTrips() async throws {
            let rows = try await bothEngines(Item.order(by: \.id))
            #expect(rows == SharedSchema.items)
        }

        @Test func comparisonsOfCodecValues() async throws {
            let token = SharedSchema.items[0].token
            let cutoff = date(1_650_000_000_000)
            try await bothEngines(Item.where { $0.token.eq(token) }.select(\.id))
            let rows = try await bothEngines(Item.where { $0.dueAt > cutoff }.order(by: \.dueAt).select(\.id))
            #expect(rows == [1, 3])
            let done = try await bothEngines(Item.where { $0.isDone.eq(true) }.select(\.id))
            #expect(done == [2])
            let priority = try await bothEngines(
                Item.where { $0.priority >= Priority.medium }.order(by: \.id).select(\.id))
            #expect(priority == [1, 4])
        }

        @Test func defaultScopes() async throws {
            let open = try await bothEngines(OpenItem.where { $0.id > 1 }.order(by: \.id))
            #expect(open.map(\.id) == [3, 4])
            let all = try await bothEngines(OpenItem.unscoped.order(by: \.id).select(\.id))
            #expect(all == [1, 2, 3, 4])
            let counted = try await bothEngines(OpenItem.all.select { $0.count() })
            #expect(counted == [3])
        }

        @Test func stringOperations() async throws {
            let rows = try await bothEngines(
                Item.where { $0.title.like("%'it'%") || $0.title.hasPrefix("Rev") }.order(by: \.id).select {
                    $0.title + " !"
                }
            )
            #expect(rows == ["Ship 'it' -- now !", "Review !"])
        }

        @Test func joinsAndAggregates() async throws {
            let rows = try await bothEngines(
                ItemList.join(Item.all) { $0.id.eq($1.listID) }
                    .group(by: \.id)
                    .order(by: \.id)
                    .select { ($0.title, $1.count(), $1.id.sum()) }
            )
            #expect(rows.map(\.0) == ["Home", "Work"])
            #expect(rows.map(\.1) == [2, 2])
            #expect(rows.map(\.2) == [3, 7])
        }

        /// Window functions and aggregates over windows: the same SQL on both engines, the
        /// same rows. A date's `max` is picked in its order inside the window on SQLite
        /// (`max(julianday(…)) OVER (…)`, turned back into text), natively on PostgreSQL.
        @Test func windowFunctions() async throws {
            let fallback = date(0)
            let ranked = Item.order(by: \.id).select {
                (
                    SQLFunctions.rowNumber().over(partitionBy: $0.listID, orderBy: $0.id.desc()),
                    SQLFunctions.rank().over(orderBy: $0.listID), SQLFunctions.percentRank().over(orderBy: $0.id),
                    SQLFunctions.ntile(3).over(orderBy: $0.id), $0.title.lag().over(orderBy: $0.id),
                    $0.dueAt.lead(1, default: fallback).over(orderBy: $0.id)
                )
            }
            let rankedSQL = try ranked.fragment(mode: .parameters, dialect: .postgreSQL).sql
            #expect(
                rankedSQL
                    == #"SELECT row_number() OVER (PARTITION BY "listID" ORDER BY "id" DESC), rank() OVER (ORDER BY "listID"), percent_rank() OVER (ORDER BY "id"), ntile(3) OVER (ORDER BY "id"), lag("title", 1) OVER (ORDER BY "id"), lead("dueAt", 1, $1::timestamptz) OVER (ORDER BY "id") FROM "items" ORDER BY "id""#
            )
            let rows = try await bothEngines(ranked)
            #expect(rows.map(\.0) == [2, 1, 2, 1])
            #expect(rows.map(\.1) == [1, 1, 3, 3])
            let percentRanks: [Double] = [0, 1 / 3.0, 2 / 3.0, 1]
            #expect(rows.map(\.2) == percentRanks)
            #expect(rows.map(\.3) == [1, 1, 2, 3])
            #expect(rows.map(\.4) == [nil, "Buy milk", "Call mom", "Ship 'it' -- now"])
            #expect(rows.map(\.5) == SharedSchema.items.dropFirst().map(\.dueAt) + [fallback])
            let aggregated = try await bothEngines(
                Item.order(by: \.id).select {
                    (
                        $0.id.sum().over(partitionBy: $0.listID, orderBy: $0.id),
                        SQLCountAll(filter: !$0.isDone).over(orderBy: $0.id),
                        $0.dueAt.max().over(partitionBy: $0.listID),
                        $0.id.sum().over(
                            orderBy: $0.listID,
                            frame: .groups(from: .currentRow, to: .unboundedFollowing, excluding: .ties)
                        ),
                        $0.id.sum().over(orderBy: $0.id, frame: .rows(from: .preceding(1), to: .following(1)))
                    )
                })
            #expect(aggregated.map(\.0) == [1, 3, 3, 7])
            #expect(aggregated.map(\.1) == [1, 1, 2, 3])
            let latest: [Date] = [1_700_000_000_123, 1_700_000_000_123, 253_402_300_799_999, 253_402_300_799_999].map(
                date)
            #expect(aggregated.map(\.2) == latest)
            #expect(aggregated.map(\.3) == [8, 9, 3, 4])
            #expect(aggregated.map(\.4) == [3, 6, 9, 7])
        }

        @Test func leftJoinWithNoRows() async throws {
            let rows = try await bothEngines(
                ItemList.leftJoin(Item.all) { $0.id.eq($1.listID) }
                    .where { list, _ in list.id.eq(3) }
                    .select { ($0.title, $1.title) }
            )
            #expect(rows.count == 1)
            #expect(rows.first?.1 == nil)
        }

        @Test func jsonAssociationsDecodeFromJSONAggregates() async throws {
            // No ORDER BY inside the aggregate (SQLite 3.40 lacks it): each list's items
            // are compared in id order.
            let query = ItemList.leftJoin(Item.all) { $0.id.eq($1.listID) }
                .group(by: \.id)
                .order(by: \.id)
                .select { ListWithItems.Columns(list: $0, items: $1.jsonGroupArray()) }
            let sqlite = try SharedSchema.makeSQLite().read { db in try query.fetchAll(db) }
            let rows = try await PGTestServer.withDatabase { database in
                try await SharedSchema.resetPostgreSQL(database)
                return try await database.read { db in try await query.fetchAll(db) }
            }
            func sorted(_ rows: [ListWithItems]) -> [[Item]] {
                rows.map { $0.items.sorted { $0.id < $1.id } }
            }
            #expect(rows.map(\.list) == sqlite.map(\.list))
            #expect(sorted(rows) == sorted(sqlite))
            #expect(rows.map(\.items.count) == [2, 2, 0])
            let flattened: [Item] = sorted(rows).flatMap { $0 }
            #expect(flattened == SharedSchema.items)
        }

        @Test func prefetchedAssociationsGroupTheSameRows() async throws {
            // Every list (the children read without IN), then some lists (IN a subquery).
            let every = ItemList.order(by: \.id)
                .including(all: Item.order(by: \.id), on: \.id, equals: \.listID)
            let some = ItemList.where { $0.id >= 2 }.order(by: \.id)
                .including(all: Item.where { !$0.isDone }.order { $0.id.desc() }, on: \.id, equals: \.listID)
            var results: [[[Item]]] = []
            for query in [every, some] {
                let sqlite = try SharedSchema.makeSQLite().read { db in try query.fetchAll(db) }
                let rows = try await PGTestServer.withDatabase { database in
                    try await SharedSchema.resetPostgreSQL(database)
                    return try await database.read { db in try await query.fetchAll(db) }
                }
                #expect(rows.map(\.0) == sqlite.map(\.0))
                #expect(rows.map(\.1) == sqlite.map(\.1))
                results.append(rows.map(\.1))
            }
            let items = SharedSchema.items
            let expectedAll: [[Item]] = [items.filter { $0.listID == 1 }, items.filter { $0.listID == 2 }, []]
            let openInWork: [[Item]] = [items.filter { $0.listID == 2 && !$0.isDone }.reversed(), []]
            #expect(results[0] == expectedAll)
            #expect(results[1] == openInWork)
        }

        @Test func recursiveCommonTableExpression() async throws {
            let query = With {
                Folder.where { $0.id.eq(1) }
                    .select { FolderDepth.Columns(id: $0.id, name: $0.name, depth: 0) }
                    .union(
                        all: true,
                        Folder.join(FolderDepth.all) { $0.parentID.eq($1.id) }
                            .select { folder, parent in
                                FolderDepth.Columns(id: folder.id, name: folder.name, depth: parent.depth + 1)
                            }
                    )
            } query: {
                FolderDepth.order { ($0.depth, $0.name) }
            }
            let rows = try await bothEngines(query)
            #expect(rows.map(\.name) == ["root", "docs", "src", "api", "guides", "drafts"])
            #expect(rows.map(\.depth) == [0, 1, 1, 2, 2, 3])
        }
    }
}

/// Writes on both engines: what they return, and the table afterwards.
extension PostgreSQLTests.SharedCases {
    /// Runs the write on both engines; returns what it returned and the items afterwards,
    /// checking both engines agree on each.
    @discardableResult
    func bothEnginesWrite<S: SQLSelectStatement>(
        _ statement: S, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (returned: [S.Row.Fetched], items: [Item]) where S.Row.Fetched: Sendable {
        let sqlite = try SharedSchema.makeSQLite()
        let sqliteReturned = try sqlite.write { db in try statement.fetchAll(db) }
        let sqliteItems = try sqlite.read { db in try Item.order(by: \.id).fetchAll(db) }
        let (returned, items) = try await PGTestServer.withDatabase { database in
            try await SharedSchema.resetPostgreSQL(database)
            let returned = try await database.write { db in try await statement.fetchAll(db) }
            let items = try await database.read { db in try await Item.order(by: \.id).fetchAll(db) }
            return (returned, items)
        }
        #expect(
            String(customDumping: sqliteReturned) == String(customDumping: returned), sourceLocation: sourceLocation)
        #expect(sqliteItems == items, sourceLocation: sourceLocation)
        return (returned, items)
    }

    @Test func insertReturning() async throws {
        let draft = Item.Draft(
            title: "New 🎉 'quoted' -- x", token: UUID(uuidString: "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")!,
            dueAt: date(1_234_567_890_123), isDone: true, priority: .low, score: -0.5, tags: ["a", "b"], listID: 3
        )
        let (returned, items) = try await bothEnginesWrite(Item.insert([draft]).returning { ($0.id, $0.token) })
        #expect(returned.map(\.0) == [5])
        #expect(items.last?.title == "New 🎉 'quoted' -- x")
        #expect(items.last?.tags == ["a", "b"])
    }

    @Test func upsertWithExcluded() async throws {
        var changed = SharedSchema.items[0]
        changed.title = "Buy oat milk"
        changed.score = 7
        let upsert = Item.insert([changed])
            .onConflict(
                { $0.id },
                doUpdate: { updates, excluded in
                    updates.title = excluded.title
                    updates.score = excluded.score
                }
            )
            .returning { ($0.id, $0.title) }
        let (returned, items) = try await bothEnginesWrite(upsert)
        #expect(returned.map(\.1) == ["Buy oat milk"])
        #expect(items[0] == changed)
        let (_, unchanged) = try await bothEnginesWrite(Item.insert([changed]).onConflictDoNothing())
        #expect(unchanged == SharedSchema.items)
    }

    @Test func updateAndDelete() async throws {
        let later = date(1_800_000_000_000)
        let (returned, items) = try await bothEnginesWrite(
            Item.where { $0.listID.eq(2) }.update {
                $0.isDone = true; $0.dueAt = later
            }.returning(\.id)
        )
        #expect(returned.sorted() == [3, 4])
        let doneIDs: [Int] = items.filter(\.isDone).map(\.id)
        #expect(doneIDs == [2, 3, 4])
        let laterIDs: [Int] = items.filter { $0.dueAt == later }.map(\.id)
        #expect(laterIDs == [3, 4])
        let (deleted, left) = try await bothEnginesWrite(Item.where { $0.isDone }.delete().returning(\.id))
        #expect(deleted == [2])
        #expect(left.map(\.id) == [1, 3, 4])
    }
}
#endif
