// codd-postgres-bench [--smoke] [--rows N] [--rounds N]
//
// PostgreSQL: Codd against postgres-nio's own row decoding, on the same server and the same
// rows (a bigint, a uuid, a timestamptz and a jsonb array of strings), as a ratio. Reads
// the server from CODD_POSTGRES_URL (`bash scripts/with-postgres.sh swift run -c release
// --package-path Benchmarks CoddPostgresBench`); without one it says so and exits 0.
import Codd
import CoddPostgres
import Foundation
import PostgresNIO

@Table("bench_rows")
struct BenchRow {
    let id: Int
    var token: UUID
    var at: Date
    @Column(as: [String].JSONRepresentation.self)
    var tags: [String]
}

/// postgres-nio decodes a jsonb array into Swift through its JSON decoder (Foundation's).
struct Tags: Decodable, PostgresDecodable {
    var values: [String]
    init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String].self)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let smoke = arguments.contains("--smoke")
let rows = option("--rows").flatMap(Int.init) ?? (smoke ? 2_000 : 100_000)
let rounds = option("--rounds").flatMap(Int.init) ?? (smoke ? 1 : 5)
let pointQueries = smoke ? 200 : 2_000

guard let url = ProcessInfo.processInfo.environment["CODD_POSTGRES_URL"], let configuration = PGConfiguration(url: url)
else {
    print("PostgreSQL workload skipped: no server (CODD_POSTGRES_URL is not set; run under scripts/with-postgres.sh)")
    exit(0)
}

func best(rounds: Int, _ body: () async throws -> Void) async rethrows -> Duration {
    var fastest = Duration.seconds(1_000_000)
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        try await body()
        fastest = min(fastest, ContinuousClock.now - start)
    }
    return fastest
}

func milliseconds(_ duration: Duration) -> String {
    String(
        format: "%.1f ms", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
}

func ratio(_ codd: Duration, _ raw: Duration) -> Double {
    (Double(codd.components.seconds) + Double(codd.components.attoseconds) / 1e18)
        / (Double(raw.components.seconds) + Double(raw.components.attoseconds) / 1e18)
}

// Top-level code runs on the main actor; the measurement runs off it, as a server's would.
nonisolated func measure(_ configuration: PGConfiguration, rows: Int, rounds: Int, pointQueries: Int) async throws {
    let database = try await PGDatabase.connect(configuration)
    try await database.write { db in
        try await db.execute(#"DROP TABLE IF EXISTS "bench_rows""#)
        try await db.execute(
            #"CREATE TABLE "bench_rows" ("id" bigint PRIMARY KEY, "token" uuid NOT NULL, "at" timestamptz NOT NULL, "tags" jsonb NOT NULL)"#
        )
        try await db.execute(
            """
            INSERT INTO "bench_rows" SELECT i, md5(i::text)::uuid, timestamptz '2024-01-01' + i * interval '1.234567 second',
              jsonb_build_array('tag' || (i % 7), 'home', 'emoji 🎉') FROM generate_series(1, $1::int8) AS i
            """,
            rows
        )
    }

    // Both sides read the same rows and check what they read, so neither can skip work.
    var coddChecksum = 0
    let coddRead = try await best(rounds: rounds) {
        let all = try await database.read { db in try await BenchRow.all.fetchAll(db) }
        precondition(all.count == rows)
        coddChecksum = all.reduce(0) { $0 &+ $1.id &+ $1.tags.count &+ Int($1.at.timeIntervalSince1970) }
    }
    var rawChecksum = 0
    let rawRead = try await best(rounds: rounds) {
        try await database.client.withConnection { connection in
            let sequence = try await connection.query(
                #"SELECT "id", "token", "at", "tags" FROM "bench_rows""#, logger: Logger(label: "bench"))
            var count = 0, checksum = 0
            for try await (id, token, at, tags) in sequence.decode((Int, UUID, Date, Tags).self) {
                _ = token
                count += 1
                checksum = checksum &+ id &+ tags.values.count &+ Int(at.timeIntervalSince1970)
            }
            precondition(count == rows)
            rawChecksum = checksum
        }
    }
    precondition(coddChecksum == rawChecksum, "Codd and postgres-nio read different rows")

    let coddPoint = try await best(rounds: rounds) {
        try await database.read { db in
            for index in 0..<pointQueries {
                let row = try await BenchRow.find(index % rows + 1).fetchOne(db)
                precondition(row?.id == index % rows + 1)
            }
        }
    }
    let rawPoint = try await best(rounds: rounds) {
        try await database.client.withConnection { connection in
            for index in 0..<pointQueries {
                let id = index % rows + 1
                let sequence = try await connection.query(
                    #"SELECT "id", "token", "at", "tags" FROM "bench_rows" WHERE "id" = \#(id)"#,
                    logger: Logger(label: "bench")
                )
                var found = 0
                for try await (rowID, _, _, _) in sequence.decode((Int, UUID, Date, Tags).self) { found = rowID }
                precondition(found == id)
            }
        }
    }
    try await database.write { db in try await db.execute(#"DROP TABLE "bench_rows""#) }
    await database.close()

    print("PostgreSQL, \(rows) rows (bigint, uuid, timestamptz, jsonb), best of \(rounds):")
    print(
        "  read all      Codd \(milliseconds(coddRead)), postgres-nio \(milliseconds(rawRead)): \(String(format: "%.2f", ratio(coddRead, rawRead)))× (target ≤ 1.2×)"
    )
    print(
        "  point query   Codd \(milliseconds(coddPoint)), postgres-nio \(milliseconds(rawPoint)) for \(pointQueries): \(String(format: "%.2f", ratio(coddPoint, rawPoint)))×"
    )
}

try await measure(configuration, rows: rows, rounds: rounds, pointQueries: pointQueries)
