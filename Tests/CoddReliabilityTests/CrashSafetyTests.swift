import Codd
import Foundation
import Testing

/// A writer killed with SIGKILL at random points loses no transaction it reported
/// committed, and leaves no transaction it never began, nor half of one.
///
/// The writer is `codd-crash-writer` (Tests/CoddCrashWriter/main.swift), spawned on the
/// same file again and again: it prints `R last` when ready, `B id` before
/// `database.write` and `C id` after it returns. After each kill the test reads every line
/// the writer printed and checks the file with `PRAGMA integrity_check` and this promise:
///
/// - every id with a `C` line is there, with all its items (durable, atomic);
/// - every id there has a `B` line, and only the last `B` may lack its `C` (the writer
///   committed and was killed before printing): nothing appears that was not written;
/// - ids are 1…max without a gap, and the next writer's `R` names that max.
///
/// It is not vacuous: each round waits for at least one `C` before the kill, and the test
/// requires that some kills landed inside a transaction (after a `B` without its `C`).
@Suite("Crash safety: a writer killed with SIGKILL", .serialized)
struct CrashSafetyTests {
    static let kills = 12
    static let itemsPerTransaction = 8

    @Test(
        "loses nothing it reported committed and keeps nothing half-written",
        arguments: [
            (Configuration.JournalMode.wal, UInt64(0xC0DD_0016)),
            (Configuration.JournalMode.delete, UInt64(0xC0DD_1016)),
        ])
    func killedWriter(mode: Configuration.JournalMode, seed: UInt64) throws {
        let writer = try #require(
            builtProduct("codd-crash-writer"),
            "codd-crash-writer is not next to the test binary; build the package first")
        let path = try temporaryDatabasePath()
        var random = SeededGenerator(seed: seed)
        var lastInDatabase = 0
        var reportedTotal = 0
        var killsInsideTransaction = 0
        var hotJournals = 0

        for round in 1...Self.kills {
            let child = try ChildProcess(writer, [path, mode.rawValue.lowercased()])
            let ready = child.line()
            try #require(
                ready == "R \(lastInDatabase)", "round \(round): the writer said \(ready ?? "nothing") when ready")

            // Wait for 1…30 commits, then 0…3 ms, then kill.
            let commitsBeforeKill = Int.random(in: 1...30, using: &random)
            let delay = UInt32.random(in: 0..<3000, using: &random)
            var lines: [String] = []
            var commitsSeen = 0
            while commitsSeen < commitsBeforeKill, let line = child.line() {
                lines.append(line)
                if line.hasPrefix("C ") { commitsSeen += 1 }
            }
            usleep(delay)
            let killed = child.killNow()
            while let line = child.line() { lines.append(line) }
            try #require(killed, "round \(round): the writer exited on its own; it printed \(lines.suffix(3))")

            // What the writer said.
            var begun: [Int] = []
            var committed: Set<Int> = []
            for line in lines {
                let parts = line.split(separator: " ")
                try #require(parts.count == 2, "round \(round): unexpected line \(line)")
                let id = try #require(Int(parts[1]))
                if parts[0] == "B" { begun.append(id) } else if parts[0] == "C" { committed.insert(id) }
            }
            let lastBegun = try #require(begun.last)
            #expect(begun == Array((lastInDatabase + 1)...lastBegun), "round \(round): transactions begin in order")
            if !committed.contains(lastBegun) { killsInsideTransaction += 1 }
            let journal = path + (mode == .wal ? "-wal" : "-journal")
            if let size = try? FileManager.default.attributesOfItem(atPath: journal)[.size] as? Int, size > 0 {
                hotJournals += 1
            }

            // What the file holds, opened (and recovered) by SQLite as any next process would.
            var configuration = Configuration()
            configuration.journalMode = mode
            let database = try Database(path: path, configuration: configuration)
            let (integrity, ids, items) = try database.read { db in
                (
                    try db.fetchAll(String.self, "PRAGMA integrity_check"),
                    try db.fetchAll(Int.self, #"SELECT "id" FROM "commits" ORDER BY "id""#),
                    try db.fetchAll(
                        (Int, Int).self, #"SELECT "txn", count(*) FROM "items" GROUP BY "txn" ORDER BY "txn""#)
                )
            }
            #expect(integrity == ["ok"], "round \(round)")
            let maxID = ids.last ?? 0
            #expect(ids == Array(stride(from: 1, through: maxID, by: 1)), "round \(round): ids 1…max without a gap")
            for id in committed {
                #expect(ids.contains(id), "round \(round): transaction \(id) was reported committed and is lost")
            }
            let unreported = ids.filter { $0 > lastInDatabase && !committed.contains($0) }
            #expect(
                unreported.isEmpty || unreported == [lastBegun],
                "round \(round): present but never reported: \(unreported)")
            #expect(maxID <= lastBegun, "round \(round): transaction \(maxID) was never begun")
            #expect(items.map(\.0) == ids, "round \(round): every transaction has items, and only those")
            #expect(
                items.allSatisfy { $0.1 == Self.itemsPerTransaction },
                "round \(round): a transaction is all there or not at all")

            reportedTotal += committed.count
            lastInDatabase = maxID
        }
        #expect(reportedTotal >= Self.kills, "every round waited for at least one commit")
        #expect(killsInsideTransaction > 0, "no kill landed inside a transaction: the test proved little")
        print(
            "crash safety (\(mode.rawValue)): \(Self.kills) kills, \(reportedTotal) transactions reported committed, \(killsInsideTransaction) kills inside a transaction, \(hotJournals) left a non-empty \(mode == .wal ? "WAL" : "rollback journal")"
        )
    }
}
