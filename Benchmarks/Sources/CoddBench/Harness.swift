import Foundation

/// One contender of a workload: a name and a run that returns a checksum of what it
/// decoded (so every contender can be verified to have done the same work).
struct Contender {
    let name: String
    /// Runs before every run of `run`, untimed: what a write workload starts from (an
    /// empty table, and a checkpointed WAL, so that no contender pays for writing back
    /// the one before it).
    let setUp: () throws -> Void
    let run: () throws -> Int

    init(name: String, setUp: @escaping () throws -> Void = {}, run: @escaping () throws -> Int) {
        self.name = name
        self.setUp = setUp
        self.run = run
    }
}

/// A workload: its contenders, the number of rows per run, and which contender is the floor.
struct Workload {
    let name: String
    let rows: Int
    let floor: String
    let grdb: String?
    let contenders: [Contender]
}

/// The measured result of one contender.
struct Result: Codable {
    let workload: String
    let contender: String
    let nanosecondsPerRow: Double
    let timesFloor: Double
    let timesGRDB: Double?
}

enum Harness {
    /// One warm-up, then `rounds` rounds in which every contender runs once in shuffled
    /// order, after its untimed set-up; the median time, and the median of per-round ratios (ratios from the same
    /// round are what count on a shared, noisy machine).
    static func measure(_ workload: Workload, rounds: Int) throws -> [Result] {
        var checksums: [String: Int] = [:]
        for contender in workload.contenders {
            try contender.setUp()
            checksums[contender.name] = try contender.run()
        }
        let expected = checksums[workload.floor]
        for (name, checksum) in checksums where checksum != expected {
            throw BenchmarkError("\(workload.name): \(name) decoded checksum \(checksum), the floor \(expected ?? -1)")
        }
        var times: [String: [Double]] = [:]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<rounds {
            for contender in workload.contenders.shuffled(using: &generator) {
                try contender.setUp()
                let start = DispatchTime.now().uptimeNanoseconds
                let checksum = try contender.run()
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
                guard checksum == expected else {
                    throw BenchmarkError("\(workload.name): \(contender.name) changed its result between rounds")
                }
                times[contender.name, default: []].append(elapsed / Double(workload.rows))
            }
        }
        let floor = times[workload.floor] ?? []
        let grdb = workload.grdb.flatMap { times[$0] }
        return workload.contenders.map { contender in
            let mine = times[contender.name] ?? []
            return Result(
                workload: workload.name,
                contender: contender.name,
                nanosecondsPerRow: median(mine),
                timesFloor: median(zip(mine, floor).map { $0 / $1 }),
                timesGRDB: grdb.map { median(zip(mine, $0).map { $0 / $1 }) }
            )
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func markdown(_ results: [Result]) -> String {
        var lines = [
            "| workload | contender | median ns/row | × floor | × GRDB |", "| --- | --- | ---: | ---: | ---: |",
        ]
        for result in results {
            let grdb = result.timesGRDB.map { String(format: "%.2f", $0) } ?? "–"
            lines.append(
                String(
                    format: "| %@ | %@ | %.0f | %.2f | %@ |",
                    result.workload, result.contender, result.nanosecondsPerRow, result.timesFloor, grdb
                ))
        }
        return lines.joined(separator: "\n")
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What `--output` writes to `results.json`.
struct BenchmarkReport: Codable {
    let rows: Int
    let rounds: Int
    let sqlite: String
    let cores: Int
    let results: [Result]
    let allocations: [AllocationResult]
}
