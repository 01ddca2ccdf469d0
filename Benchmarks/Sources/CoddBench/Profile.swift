/// `--profile NAME`: runs one contender once as a warm-up, then once inside
/// ``measured(_:)``, so that callgrind can count only that run:
///
/// ```sh
/// valgrind --tool=callgrind --collect-atstart=no '--toggle-collect=*7Profile8measured*' \
///   Benchmarks/.build/release/CoddBench --rows 20000 --profile codd-point
/// ```
enum Profile {
    static let names =
        [
            "raw-read", "hand-read", "codd-read", "raw-insert", "codd-insert", "raw-point", "codd-point",
            "codd-rendered-point", "codd-prepared-point", "sqlfirst-point",
            "codd-json-association", "codd-prefetch-association", "grdb-two-queries-association",
        ]
        + suiteNames.keys.sorted()

    /// GRDB's suite (10 INTEGER columns): the workload and contender each name runs.
    static let suiteNames: [String: (workload: Int, contender: Int)] = [
        "raw-ten-fetch": (0, 0), "codd-ten-fetch": (0, 1), "grdb-ten-fetch": (0, 2), "raw-checked-ten-fetch": (0, 3),
        "raw-ten-insert": (1, 0), "codd-ten-insert": (1, 1), "grdb-ten-insert": (1, 2),
    ]

    static func run(
        _ name: String, codd: CoddSide, grdb: GRDBSide, items: [Item],
        texts: [(uuid: String, created: String, tags: String)], suite: [Workload]
    ) throws {
        let keys = items.map(\.id).shuffled()
        let body: () throws -> Int
        // Untimed before each run, as the harness does: an insert starts from an empty table.
        var setUp: () throws -> Void = {}
        switch name {
        case "raw-read": body = { try codd.rawFloor() }
        case "hand-read": body = { try codd.rawHandCodecs().count }
        case "codd-read": body = { try codd.codd().count }
        case "raw-insert":
            body = { try codd.rawInsert(items, texts: texts) }
            setUp = codd.resetInsertTable
        case "codd-insert":
            body = { try codd.coddInsert(items) }
            setUp = codd.resetInsertTable
        case "raw-point": body = { try codd.rawPointQueries(keys) }
        case "codd-point": body = { try codd.coddPointQueries(keys) }
        case "codd-rendered-point": body = { try codd.coddRenderedPointQueries(keys) }
        case "codd-prepared-point": body = { try codd.coddPreparedPointQueries(keys) }
        case "sqlfirst-point": body = { try codd.sqlFirstPointQueries(keys) }
        case let name where name.hasSuffix("-association"):
            // 1,000 lists × 10 reminders, as workload 4 fills them.
            try JSONAssociationData.fill(codd.database, lists: 1_000, perList: 10)
            switch name {
            case "codd-json-association": body = { try codd.coddAssociations().count }
            case "codd-prefetch-association": body = { try codd.coddPrefetchAssociations().count }
            default: body = { try grdb.twoQueryAssociations().count }
            }
        case let name where suiteNames[name] != nil:
            guard let (workload, contender) = suiteNames[name] else { return }
            // An insert rebuilds the table with the run's rows; fetch from a table just filled.
            body = suite[workload].contenders[contender].run
            setUp = suite[workload].contenders[contender].setUp
            if workload == 0 {
                try suite[1].contenders[0].setUp()
                _ = try suite[1].contenders[0].run()
            }
        default: throw BenchmarkError("--profile takes one of \(names.joined(separator: ", "))")
        }
        try setUp()
        _ = try body()
        try setUp()
        print("\(name): \(try measured(body))")
    }

    @inline(never)
    static func measured(_ body: () throws -> Int) throws -> Int {
        let result = try body()
        // Not a tail call: callgrind must see the body run inside this function.
        return consume(result)
    }

    @inline(never)
    static func consume(_ value: Int) -> Int {
        value
    }
}
