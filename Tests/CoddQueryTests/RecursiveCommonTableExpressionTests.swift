import Codd
import CoddQueryAssertions
import Testing

@Table
struct Folder: Identifiable {
    let id: Int
    var name = ""
    var parentID: Int?
}

/// A folder found by walking down a tree, and how deep it is.
@Table @Selection
struct FolderDepth {
    let id: Int
    let name: String
    let depth: Int
}

/// A folder found by walking up a tree.
@Table @Selection
struct AncestorFolder {
    let id: Int
    let name: String
    let parentID: Int?
}

@Table
struct Edge {
    var source: Int
    var target: Int
}

/// A node reached by walking a graph's edges.
@Table @Selection
struct Reachable {
    let node: Int
}

/// Common table expressions that read themselves: trees, graphs with a cycle, limits.
@Suite struct RecursiveCommonTableExpressionTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "folders" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "parentID" INTEGER REFERENCES "folders"("id"));
                INSERT INTO "folders" VALUES
                  (1, 'root', NULL), (2, 'docs', 1), (3, 'src', 1), (4, 'guides', 2), (5, 'api', 2), (6, 'drafts', 4),
                  (7, 'elsewhere', NULL);
                CREATE TABLE "edges" ("source" INTEGER NOT NULL, "target" INTEGER NOT NULL);
                INSERT INTO "edges" VALUES (1, 2), (2, 3), (3, 1), (3, 4), (5, 6);
                """)
        }
    }

    /// The folders of `roots` and every folder below them, each with its depth below its
    /// root; with `maxDepth`, no deeper than that.
    private func descendants(
        of roots: SelectOf<Folder>, maxDepth: Int = .max
    ) -> Select<FolderDepth, SQLTables.One<SQLTables.Inner<Folder>>> {
        roots
            .select { FolderDepth.Columns(id: $0.id, name: $0.name, depth: 0) }
            .union(
                all: true,
                Folder
                    .join(FolderDepth.all) { $0.parentID.eq($1.id) }
                    .where { _, parent in parent.depth < maxDepth }
                    .select { folder, parent in
                        FolderDepth.Columns(id: folder.id, name: folder.name, depth: parent.depth + 1)
                    }
            )
    }

    @Test func everyDescendantWithItsDepth() {
        let query = With {
            descendants(of: Folder.find(1))
        } query: {
            FolderDepth.order { ($0.depth, $0.name) }
        }
        assertQuery(query, in: database) {
            """
            WITH "folderDepths" AS (SELECT "folders"."id" AS "id", "folders"."name" AS "name", ? AS "depth" FROM "folders" WHERE ("folders"."id" = ?) UNION ALL SELECT "folders"."id" AS "id", "folders"."name" AS "name", ("folderDepths"."depth" + ?) AS "depth" FROM "folders" JOIN "folderDepths" ON "folders"."parentID" = "folderDepths"."id" WHERE ("folderDepths"."depth" < ?)) SELECT "folderDepths"."id", "folderDepths"."name", "folderDepths"."depth" FROM "folderDepths" ORDER BY "folderDepths"."depth", "folderDepths"."name"
            """
        } results: {
            """
            ┌───────────────────┐
            │ FolderDepth(      │
            │   id: 1,          │
            │   name: "root",   │
            │   depth: 0        │
            │ )                 │
            ├───────────────────┤
            │ FolderDepth(      │
            │   id: 2,          │
            │   name: "docs",   │
            │   depth: 1        │
            │ )                 │
            ├───────────────────┤
            │ FolderDepth(      │
            │   id: 3,          │
            │   name: "src",    │
            │   depth: 1        │
            │ )                 │
            ├───────────────────┤
            │ FolderDepth(      │
            │   id: 5,          │
            │   name: "api",    │
            │   depth: 2        │
            │ )                 │
            ├───────────────────┤
            │ FolderDepth(      │
            │   id: 4,          │
            │   name: "guides", │
            │   depth: 2        │
            │ )                 │
            ├───────────────────┤
            │ FolderDepth(      │
            │   id: 6,          │
            │   name: "drafts", │
            │   depth: 3        │
            │ )                 │
            └───────────────────┘
            """
        }
    }

    @Test func aSubtree() {
        let query = With {
            descendants(of: Folder.find(2))
        } query: {
            FolderDepth.where { $0.depth > 0 }.order(by: \.name).select(\.name)
        }
        assertQuery(query, in: database) {
            """
            WITH "folderDepths" AS (SELECT "folders"."id" AS "id", "folders"."name" AS "name", ? AS "depth" FROM "folders" WHERE ("folders"."id" = ?) UNION ALL SELECT "folders"."id" AS "id", "folders"."name" AS "name", ("folderDepths"."depth" + ?) AS "depth" FROM "folders" JOIN "folderDepths" ON "folders"."parentID" = "folderDepths"."id" WHERE ("folderDepths"."depth" < ?)) SELECT "folderDepths"."name" FROM "folderDepths" WHERE ("folderDepths"."depth" > ?) ORDER BY "folderDepths"."name"
            """
        } results: {
            """
            ┌──────────┐
            │ "api"    │
            │ "drafts" │
            │ "guides" │
            └──────────┘
            """
        }
    }

    /// The nodes reached from `node` along the edges: `all: false` (`UNION`) keeps each once.
    private func reachable(from node: Int, all: Bool) -> SelectOf<Reachable> {
        Reachable(node: node)
            .union(
                all: all,
                Edge
                    .join(Reachable.all) { $0.source.eq($1.node) }
                    .select { edge, _ in Reachable.Columns(node: edge.target) }
            )
    }

    /// `UNION` drops a row already produced, so the walk ends where the cycle 1 → 2 → 3 → 1
    /// comes back.
    @Test func aGraphWithACycleWalkedWithUnion() {
        let query = With {
            reachable(from: 1, all: false)
        } query: {
            Reachable.order(by: \.node)
        }
        assertQuery(query, in: database) {
            """
            WITH "reachables" AS (SELECT ? AS "node" UNION SELECT "edges"."target" AS "node" FROM "edges" JOIN "reachables" ON "edges"."source" = "reachables"."node") SELECT "reachables"."node" FROM "reachables" ORDER BY "reachables"."node"
            """
        } results: {
            """
            ┌────────────────────┐
            │ Reachable(node: 1) │
            │ Reachable(node: 2) │
            │ Reachable(node: 3) │
            │ Reachable(node: 4) │
            └────────────────────┘
            """
        }
    }

    /// `UNION ALL` around the cycle never ends by itself: the outer query's `LIMIT` stops it
    /// (SQLite computes the CTE's rows as the outer query asks for them).
    @Test func aCycleWithUnionAllStopsAtTheLimit() throws {
        let query = With {
            reachable(from: 1, all: true)
        } query: {
            Reachable.limit(7)
        }
        assertSQL(query, rendering: .inlineLiterals) {
            """
            WITH "reachables" AS (SELECT 1 AS "node" UNION ALL SELECT "edges"."target" AS "node" FROM "edges" JOIN "reachables" ON "edges"."source" = "reachables"."node") SELECT "reachables"."node" FROM "reachables" LIMIT 7
            """
        }
        // SQLite promises no order for a recursive CTE's rows: the count, and the cycle's
        // nodes coming back, are what is stable.
        let nodes = try database.read { try query.fetchAll($0) }.map(\.node)
        #expect(nodes.count == 7)
        #expect(Set(nodes) == [1, 2, 3, 4])
    }

    /// A `LIMIT` chained after `union(all:_:)` is the CTE's own: it caps the rows the
    /// recursion produces, whatever the outer query does (here it orders them).
    @Test func aLimitInsideTheCTE() {
        let query = With {
            Counts(value: 1)
                .union(all: true, Counts.select { Counts.Columns(value: $0.value * 2) })
                .limit(5)
        } query: {
            Counts.order { $0.value.desc() }
        }
        assertQuery(query, in: database, rendering: .inlineLiterals) {
            """
            WITH "counts" AS (SELECT 1 AS "value" UNION ALL SELECT ("counts"."value" * 2) AS "value" FROM "counts" LIMIT 5) SELECT "counts"."value" FROM "counts" ORDER BY "counts"."value" DESC
            """
        } results: {
            """
            ┌───────────────────┐
            │ Counts(value: 16) │
            │ Counts(value: 8)  │
            │ Counts(value: 4)  │
            │ Counts(value: 2)  │
            │ Counts(value: 1)  │
            └───────────────────┘
            """
        }
    }

    /// A condition on the step ends the recursion too: here, one level below the roots.
    @Test func aDepthBoundInTheStep() {
        let query = With {
            descendants(of: Folder.where { $0.parentID.is(nil) }, maxDepth: 1)
        } query: {
            FolderDepth.order { ($0.depth, $0.name) }.select { ($0.name, $0.depth) }
        }
        assertQuery(query, in: database) {
            """
            WITH "folderDepths" AS (SELECT "folders"."id" AS "id", "folders"."name" AS "name", ? AS "depth" FROM "folders" WHERE ("folders"."parentID" IS NULL) UNION ALL SELECT "folders"."id" AS "id", "folders"."name" AS "name", ("folderDepths"."depth" + ?) AS "depth" FROM "folders" JOIN "folderDepths" ON "folders"."parentID" = "folderDepths"."id" WHERE ("folderDepths"."depth" < ?)) SELECT "folderDepths"."name", "folderDepths"."depth" FROM "folderDepths" ORDER BY "folderDepths"."depth", "folderDepths"."name"
            """
        } results: {
            """
            ┌─────────────┬───┐
            │ "elsewhere" │ 0 │
            │ "root"      │ 0 │
            │ "docs"      │ 1 │
            │ "src"       │ 1 │
            └─────────────┴───┘
            """
        }
    }

    /// The ancestors of a folder, walking up: the seed is the folder, the step its parent.
    @Test func ancestorsWalkingUp() {
        let query = With {
            Folder
                .where { $0.id.eq(6) }
                .select { AncestorFolder.Columns(id: $0.id, name: $0.name, parentID: $0.parentID) }
                .union(
                    all: true,
                    Folder
                        .join(AncestorFolder.all) { $0.id.eq($1.parentID) }
                        .select { folder, _ in
                            AncestorFolder.Columns(id: folder.id, name: folder.name, parentID: folder.parentID)
                        }
                )
        } query: {
            AncestorFolder.order(by: \.id).select(\.name)
        }
        assertQuery(query, in: database) {
            """
            WITH "ancestorFolders" AS (SELECT "folders"."id" AS "id", "folders"."name" AS "name", "folders"."parentID" AS "parentID" FROM "folders" WHERE ("folders"."id" = ?) UNION ALL SELECT "folders"."id" AS "id", "folders"."name" AS "name", "folders"."parentID" AS "parentID" FROM "folders" JOIN "ancestorFolders" ON "folders"."id" = "ancestorFolders"."parentID") SELECT "ancestorFolders"."name" FROM "ancestorFolders" ORDER BY "ancestorFolders"."id"
            """
        } results: {
            """
            ┌──────────┐
            │ "root"   │
            │ "docs"   │
            │ "guides" │
            │ "drafts" │
            └──────────┘
            """
        }
    }
}
