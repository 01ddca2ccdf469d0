/// `--profile NAME`: runs one contender once as a warm-up, then once inside
/// ``measured(_:)``, so that callgrind can count only that run:
///
/// ```sh
/// valgrind --tool=callgrind --collect-atstart=no '--toggle-collect=*7Profile8measured*' \
///   Benchmarks/.build/release/CoddBench --rows 20000 --profile codd-point
/// ```
enum Profile {
    static let names = ["raw-read", "hand-read", "codd-read", "raw-insert", "codd-insert", "raw-point", "codd-point", "codd-prepared-point"]

    static func run(_ name: String, codd: CoddSide, items: [Item], texts: [(uuid: String, created: String, tags: String)]) throws {
        let keys = items.map(\.id).shuffled()
        let body: () throws -> Int
        switch name {
        case "raw-read": body = { try codd.rawFloor() }
        case "hand-read": body = { try codd.rawHandCodecs().count }
        case "codd-read": body = { try codd.codd().count }
        case "raw-insert": body = { try codd.rawInsert(items, texts: texts) }
        case "codd-insert": body = { try codd.coddInsert(items) }
        case "raw-point": body = { try codd.rawPointQueries(keys) }
        case "codd-point": body = { try codd.coddPointQueries(keys) }
        case "codd-prepared-point": body = { try codd.coddPreparedPointQueries(keys) }
        default: throw BenchmarkError("--profile takes one of \(names.joined(separator: ", "))")
        }
        _ = try body()
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
