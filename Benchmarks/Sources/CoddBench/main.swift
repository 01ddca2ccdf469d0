import Foundation

// codd-bench [--smoke] [--rows N] [--rounds N] [--output DIR] [--profile NAME] [--only TEXT]
// (--only: measure only the workloads whose name contains TEXT)
// Codd side by side with raw SQLite C calls and GRDB, in one process; prints a Markdown
// table of median ns/row and median per-round ratios, and writes it to DIR/results.md.

let arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
let smoke = arguments.contains("--smoke")
let rows = option("--rows").flatMap(Int.init) ?? (smoke ? 2_000 : 200_000)
let rounds = option("--rounds").flatMap(Int.init) ?? (smoke ? 1 : 7)
let pointQueries = min(rows, smoke ? 2_000 : 100_000)
let output = option("--output")

do {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("codd-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("bench.sqlite").path

    print("Preparing \(rows) rows (SQLite \(CoddSide.sqliteVersion))…")
    let codd = try CoddSide(path: path, rows: rows)
    try codd.createAndFill()
    let grdb = try GRDBSide(path: path)
    let expected = (1...rows).map(Item.make)

    // Every decoding contender must produce exactly the expected rows (dates to the millisecond).
    func verify(_ name: String, _ items: [Item]) throws {
        guard items.count == expected.count else {
            throw BenchmarkError("\(name) decoded \(items.count) rows, expected \(expected.count)")
        }
        for (item, want) in zip(items, expected) where !item.matches(want) {
            throw BenchmarkError("\(name) decoded \(item), expected \(want)")
        }
    }
    try verify("raw C + hand codecs", try codd.rawHandCodecs())
    try verify("Codd", try codd.codd().map(\.item))
    try verify("GRDB Row", try grdb.rows())
    try verify("GRDB FetchableRecord", try grdb.records())
    try verify("GRDB Codable", try grdb.codableRecords())
    print("Verified: every contender decodes the same \(rows) rows.")

    if let name = option("--profile") {
        // One contender, run once more inside `Profile.run` (for callgrind's --toggle-collect).
        let suite = try GRDBSuiteWorkload.workloads(codd: codd, grdb: grdb, fetchRows: rows, insertRows: rows)
        try Profile.run(
            name, codd: codd, grdb: grdb, items: expected, texts: try expected.map { try CoddSide.texts(of: $0) },
            suite: suite)
        exit(0)
    }

    func checksum(_ items: [Item]) -> Int { items.reduce(0) { $0 &+ $1.id &+ $1.title.utf8.count } }
    let read = Workload(
        name: "read \(rows) rows, full decode", rows: rows, floor: "raw C floor (primitives)",
        grdb: "GRDB Codable record",
        contenders: [
            Contender(name: "raw C floor (primitives)") { try codd.rawFloor() },
            Contender(name: "raw C + hand codecs") { checksum(try codd.rawHandCodecs()) },
            Contender(name: "Codd") { try codd.codd().reduce(0) { $0 &+ $1.id &+ $1.title.utf8.count } },
            Contender(name: "GRDB Row + JSONDecoder") { checksum(try grdb.rows()) },
            Contender(name: "GRDB FetchableRecord") { checksum(try grdb.records()) },
            Contender(name: "GRDB Codable record") { checksum(try grdb.codableRecords()) },
        ]
    )

    let texts = try expected.map { try CoddSide.texts(of: $0) }
    let insert = Workload(
        name: "insert \(rows) rows, one transaction", rows: rows, floor: "raw C (reused statement)",
        grdb: "GRDB typed values",
        contenders: [
            Contender(name: "raw C (reused statement)", setUp: codd.resetInsertTable) {
                try codd.rawInsert(expected, texts: texts)
            },
            Contender(name: "Codd", setUp: codd.resetInsertTable) { try codd.coddInsert(expected) },
            Contender(name: "GRDB typed values", setUp: codd.resetInsertTable) { try grdb.insertTyped(expected) },
        ]
    )

    var generator = SystemRandomNumberGenerator()
    let keys = (1...rows).shuffled(using: &generator).prefix(pointQueries).map { $0 }
    let point = Workload(
        name: "point query by key ×\(pointQueries)", rows: pointQueries, floor: "raw C prepared statement (id, title)",
        grdb: "GRDB cached statement, Row (id, title)",
        contenders: [
            Contender(name: "raw C prepared statement (id, title)") { try codd.rawPointQueries(keys) },
            Contender(name: "Codd DSL rendered per call (id, title)") { try codd.coddRenderedPointQueries(keys) },
            Contender(name: "Codd DSL prepared once (named parameter; id, title)") {
                try codd.coddPreparedPointQueries(keys)
            },
            Contender(name: "Codd SQL-first generated query (id, title)") { try codd.sqlFirstPointQueries(keys) },
            Contender(name: "GRDB cached statement, Row (id, title)") { try grdb.pointQueries(keys) },
            Contender(name: "Codd DSL find(id), whole row decoded") { try codd.coddPointQueries(keys) },
            Contender(name: "GRDB FetchableRecord, whole row decoded") { try grdb.wholeRowPointQueries(keys) },
        ]
    )

    // 4. JSON-aggregated associations: lists × 10 reminders, one query.
    let lists = smoke ? 50 : 1_000
    try JSONAssociationData.fill(codd.database, lists: lists, perList: 10)
    let expectedLists = JSONAssociationData.expected(lists: lists, perList: 10)
    for (name, decoded) in [
        ("Codd (JSON)", try codd.coddAssociations()), ("JSONDecoder", try codd.foundationAssociations()),
        ("Codd prefetch", try codd.coddPrefetchAssociations()), ("GRDB two queries", try grdb.twoQueryAssociations()),
    ] where decoded != expectedLists {
        throw BenchmarkError("\(name) decoded different lists with reminders")
    }
    print("Verified: every contender decodes the same \(lists) lists with their reminders.")
    let associations = Workload(
        name: "\(lists) lists × 10 reminders, JSON association", rows: lists,
        floor: "same SQL + Foundation JSONDecoder", grdb: "GRDB two queries",
        contenders: [
            Contender(name: "same SQL + Foundation JSONDecoder") {
                try codd.foundationAssociations().reduce(0) { $0 &+ $1.checksum }
            },
            Contender(name: "Codd (one query, generated JSON decoding)") {
                try codd.coddAssociations().reduce(0) { $0 &+ $1.checksum }
            },
            Contender(name: "Codd two queries (including(all:), grouped in Swift)") {
                try codd.coddPrefetchAssociations().reduce(0) { $0 &+ $1.checksum }
            },
            Contender(name: "GRDB two queries") { try grdb.twoQueryAssociations().reduce(0) { $0 &+ $1.checksum } },
        ]
    )

    let decodeOnly = try JSONDecodeOnly(codd)
    guard try decodeOnly.codd() == decodeOnly.foundation(), try decodeOnly.coddCodable() == decodeOnly.foundation()
    else {
        throw BenchmarkError("JSON decoders disagree")
    }
    let decoding = Workload(
        name: "decode the JSON of \(lists) lists × 10 reminders", rows: lists,
        floor: "Foundation JSONDecoder", grdb: "Foundation JSONDecoder",
        contenders: [
            Contender(name: "Foundation JSONDecoder") { try decodeOnly.foundation() },
            Contender(name: "Codd generated decoding") { try decodeOnly.codd() },
            Contender(name: "Codd JSONDocumentDecoder (Codable)") { try decodeOnly.coddCodable() },
        ]
    )

    // 5. A Swift scalar function against the same computation in SQL.
    let function = try FunctionWorkload.workload(codd.database, rows: rows)

    // 6. GRDB's own suite: 10 INTEGER columns, fetched and inserted.
    let grdbSuite = try GRDBSuiteWorkload.workloads(
        codd: codd, grdb: grdb, fetchRows: rows, insertRows: smoke ? 1_000 : 50_000
    )

    // 7. Issue #13: Codd's DatabasePool against GRDB's (parallel reads, observation latency).
    let pools = try PoolWorkload.workloads(
        directory: directory, rows: smoke ? 1_000 : 20_000, reads: smoke ? 200 : 4_000, changes: smoke ? 20 : 500
    )

    // 8. Issue #29: a typed JSON path, Decimal ordering, an ICU collation, beside their floors.
    let codecDepth = try CodecDepthWorkload.workloads(directory: directory, rows: rows)

    var results: [Result] = []
    let fts5 = try FTS5Workload.workloads(documents: smoke ? 200 : 100_000, searches: smoke ? 100 : 10_000)
    let only = option("--only")
    let sqlFirst = try SQLFirstGenerationWorkload.workload()
    for workload in [read, insert, point, associations, decoding, function, sqlFirst] + grdbSuite + fts5 + pools
        + codecDepth
    where only.map({ workload.name.contains($0) }) ?? true {
        print("Measuring \(workload.name) (\(rounds) rounds)…")
        results += try Harness.measure(workload, rounds: rounds)
    }
    let table = Harness.markdown(results)
    print("\n" + table)

    // Allocations per row and peak heap growth of a cursor (not timed: counted).
    var allocations: [AllocationResult] = []
    if AllocationWorkload.isAvailable, only.map({ "allocations".contains($0) }) ?? true {
        print("\nCounting allocations…")
        allocations = try AllocationWorkload.measure(codd, rows: rows, cursorRows: smoke ? 10_000 : 1_000_000)
        print("\n" + AllocationWorkload.markdown(allocations))
    }
    if let output {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let allocationTable =
            allocations.isEmpty
            ? "Allocations were not counted (the interposer counts on Linux with glibc only)."
            : AllocationWorkload.markdown(allocations)
        let report = """
            # Benchmark results

            One run of CoddBench (`Benchmarks/`): \(rows) rows, \(rounds) rounds, SQLite \(CoddSide.sqliteVersion), \(ProcessInfo.processInfo.activeProcessorCount) cores.
            Median ns per row, and the median of per-round ratios. The times belong to the machine
            and the run; ratios from the same round are what compare. See docs/Performance.md for the method.

            \(table)

            ## Allocations

            Heap allocations per row and the peak growth of live heap bytes while the rows are
            read, counted by the benchmark's malloc interposer (one warm-up run, then one counted run).

            \(allocationTable)

            """
        try report.write(toFile: output + "/results.md", atomically: true, encoding: .utf8)
        // The numbers for `scripts/plot-benchmarks.py`, which draws results.png with matplotlib.
        let json = JSONEncoder()
        json.outputFormatting = [.prettyPrinted, .sortedKeys]
        let document = BenchmarkReport(
            rows: rows, rounds: rounds, sqlite: CoddSide.sqliteVersion,
            cores: ProcessInfo.processInfo.activeProcessorCount, results: results, allocations: allocations
        )
        try json.encode(document).write(to: URL(fileURLWithPath: output + "/results.json"))
        print("\nWrote \(output)/results.md and results.json (chart: python3 scripts/plot-benchmarks.py \(output))")
    }
    print(smoke ? "\nsmoke: 1 passed, 0 failed" : "")
} catch {
    print("codd-bench failed: \(error)")
    exit(1)
}
