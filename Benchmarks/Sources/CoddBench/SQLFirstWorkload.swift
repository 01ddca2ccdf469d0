import CoddAnalysis
import CoddGenerator
import CoddSQLFirst
import Foundation

// SQL-first (#27): a generated query's point lookup beside raw C and the DSL (the
// generated code is CoddPlugin's, from codd.json and SQLFirst/ beside this file), and the
// compiler's time on 500 queries over a 50-table schema.

extension CoddSide {
    /// The generated `itemTitle` statement (`SELECT id, title FROM items WHERE id = ?`),
    /// as its live query runs it: on a connection, through the connection's cached
    /// statement.
    func sqlFirstPointQueries(_ keys: [Int]) throws -> Int {
        try database.read { db in
            var checksum = 0
            for key in keys {
                if let row = try ItemsQueries.Statements.itemTitle(db, key) {
                    checksum &+= row.id &+ row.title.utf8.count
                }
            }
            return checksum
        }
    }
}

/// A synthetic project: 50 tables of 8 columns (annotated dates and UUIDs among them,
/// foreign keys to the table before), and 500 queries over them: point lookups, joins
/// with outer sides and aggregates, dynamic filters, IN lists, CTEs and window functions,
/// inserts and updates with RETURNING.
enum SQLFirstGenerationWorkload {
    static func sources(tables: Int = 50, queries: Int = 500) -> ProjectSources {
        var migration = ""
        for table in 0..<tables {
            let parent = table == 0 ? "" : ",\n  parentID INTEGER REFERENCES t\(table - 1)(id)"
            migration += """
                CREATE TABLE t\(table) (
                  id INTEGER PRIMARY KEY,
                  uid TEXT AS UUID NOT NULL UNIQUE,
                  name TEXT NOT NULL,
                  notes TEXT,
                  amount REAL NOT NULL DEFAULT 0,
                  count INTEGER,
                  createdAt INTEGER AS Date USING unixTimeMilliseconds NOT NULL,
                  dueAt TEXT AS Date\(parent)
                );

                """
        }
        var files: [SourceFile] = []
        for file in 0..<10 {
            var text = ""
            for index in 0..<(queries / 10) {
                let n = file * (queries / 10) + index
                let t = n % tables
                let p = max(0, t - 1)
                text += "-- Query \(n).\nq\(n):\n"
                switch n % 10 {
                case 0: text += "SELECT * FROM t\(t) WHERE id = ?;\n\n"
                case 1:
                    text +=
                        "SELECT t\(t).name, t\(p).notes FROM t\(t) LEFT JOIN t\(p) ON t\(p).id = t\(t).\(t == 0 ? "id" : "parentID") WHERE t\(t).createdAt > ?;\n\n"
                case 2:
                    text +=
                        "SELECT name, count(*) AS n, max(amount) AS most FROM t\(t) GROUP BY name HAVING count(*) > :minimum ORDER BY n DESC;\n\n"
                case 3:
                    text +=
                        "SELECT * FROM t\(t) WHERE name LIKE :name? AND amount >= :least? AND dueAt < :due? ORDER BY id LIMIT :limit;\n\n"
                case 4: text += "SELECT uid, name FROM t\(t) WHERE id IN ? ORDER BY id;\n\n"
                case 5:
                    text +=
                        "WITH recent AS (SELECT id, name, createdAt FROM t\(t) WHERE createdAt BETWEEN ? AND ?) SELECT name, row_number() OVER (ORDER BY createdAt) AS position FROM recent;\n\n"
                case 6:
                    text +=
                        "INSERT INTO t\(t) (uid, name, notes, amount, createdAt) VALUES (?, ?, ?, ?, ?) RETURNING id;\n\n"
                case 7:
                    text +=
                        "UPDATE t\(t) SET notes = :notes, count = coalesce(count, 0) + 1 WHERE uid = :uid RETURNING count;\n\n"
                case 8:
                    text +=
                        "SELECT t\(t).*, t\(p).* FROM t\(t) JOIN t\(p) ON t\(p).id = t\(t).id WHERE t\(t).notes IS NOT NULL;\n\n"
                default:
                    text +=
                        "SELECT json_group_array(name) AS names, total(amount) AS sum, iif(count(*) > 0, 'some', 'none') AS label FROM t\(t) WHERE amount > ?;\n\n"
                }
            }
            files.append(SourceFile(path: "Queries/File\(file).sql", text: text))
        }
        return ProjectSources(migrations: [SourceFile(path: "Migrations/1.sql", text: migration)], queries: files)
    }

    private static func compiled(_ analysis: ProjectAnalysis, _ diagnostics: [SQLFirstDiagnostic]) -> Int {
        analysis.diagnostics.isEmpty && diagnostics.isEmpty ? analysis.files.reduce(0) { $0 + $1.queries.count } : 0
    }

    static func workload(queries: Int = 500) throws -> Workload {
        let sources = sources(queries: queries)
        let configuration = CoddConfiguration()
        // Every query must analyze and generate: a benchmark of errors measures nothing.
        let check = Generation.run(sources, configuration: configuration)
        guard check.diagnostics.isEmpty, check.analysis?.files.reduce(0, { $0 + $1.queries.count }) == queries else {
            throw BenchmarkError("the synthetic project does not generate: \(check.diagnostics.prefix(3))")
        }
        return Workload(
            name: "SQL-first: \(queries) queries over 50 tables, per query", rows: queries,
            floor: "analyze (parse, resolve, type)", grdb: nil,
            contenders: [
                // Each answers the number of queries it compiled without a problem.
                Contender(name: "analyze (parse, resolve, type)") { compiled(ProjectAnalysis(sources), []) },
                Contender(name: "analyze + SQLite's check") {
                    let result = Generation.run(sources, configuration: configuration, generating: false)
                    return result.analysis.map { compiled($0, result.diagnostics) } ?? 0
                },
                Contender(name: "codd generate: analyze + check + Swift") {
                    let result = Generation.run(sources, configuration: configuration)
                    guard result.files.count == 11 else { return 0 }
                    return result.analysis.map { compiled($0, result.diagnostics) } ?? 0
                },
            ]
        )
    }
}
