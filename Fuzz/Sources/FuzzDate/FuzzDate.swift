import CoddCore
import CoddDate
import CoddSQLite
import Foundation
import FuzzSupport

// The date text parser (Codecs/Date/DateTextParser.swift), fed any bytes as a TEXT column.
//
// Properties:
// - reading either gives a date or throws SQLDecodingError;
// - a date Codd reads, SQLite's julianday() reads too, as the same millisecond;
// - the date bound back (the canonical `YYYY-MM-DD HH:MM:SS.SSS`) reads as the same date.
// SQLite accepts more than Codd (2024-02-30, hour 24, `now`, numbers): that direction is
// not a property. Codd caps a seconds fraction at .999 as SQLite 3.42+ does; an older
// SQLite rounds .9995 and more up into the next second (one millisecond later, or past
// year 9999 and nothing), the difference Tests/CoddDateTests/DateParserVersusSQLiteTests
// allows too, and only on such a SQLite.

/// The input as TEXT (a BLOB cast keeps any bytes, invalid UTF-8 and NUL included) and
/// SQLite's reading of it in milliseconds since 1970.
private let readSQL = """
    SELECT t, julianday(t), CAST(round((julianday(t) - 2440587.5) * 86400000.0) AS INTEGER) \
    FROM (SELECT CAST(?1 AS TEXT) AS t)
    """

nonisolated(unsafe) private let fuzz = FuzzDatabase()

/// Whether the SQLite linked rounds a fraction of .9995 or more up (before 3.42).
nonisolated(unsafe) private let sqliteRoundsFractionUp: Bool = {
    var version = ""
    fuzz.run { db in version = try db.fetchOne(String.self, "SELECT sqlite_version()") ?? "" }
    let parts = version.split(separator: ".").compactMap { Int($0) }
    return parts.count >= 2 && (parts[0], parts[1]) < (3, 42)
}()

/// Whether `bytes` hold a seconds fraction of .9995 or more (the digits after the first
/// `.`), which SQLite before 3.42 rounds into the next second.
private func fractionRoundsToASecond(_ bytes: UnsafeRawBufferPointer) -> Bool {
    guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
    let digits = bytes[(dot + 1)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    guard let value = Double("0." + String(decoding: digits, as: UTF8.self)) else { return false }
    return value > 0.999 && value >= 0.9995 - 1e-12
}

private func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
    let roundsUp = sqliteRoundsFractionUp  // read outside `run`: it runs a query itself
    fuzz.run { db in
        let statement = try db.makeStatement(readSQL)
        try statement.bindBlob(bytes)
        fuzzCheck(try statement.step(), "no row")
        let date: Date
        do {
            date = try Date(reader: statement, at: 0)
        } catch is SQLDecodingError {
            return
        } catch {
            fuzzCheck(false, "untyped error \(error) for \(fuzzDescribe(bytes))")
            return
        }
        let capped = roundsUp && fractionRoundsToASecond(bytes)
        if statement.isNull(at: 1) {
            fuzzCheck(
                capped && milliseconds(date) == 253_402_300_799_999,
                "Codd reads \(date) but julianday() reads nothing for \(fuzzDescribe(bytes))"
            )
            return
        }
        let sqliteMilliseconds = statement.readInt64(at: 2)
        fuzzCheck(
            milliseconds(date) == sqliteMilliseconds || (capped && milliseconds(date) == sqliteMilliseconds - 1),
            "Codd reads \(milliseconds(date)) ms, julianday() \(sqliteMilliseconds) ms for \(fuzzDescribe(bytes))"
        )

        // What Codd writes for the date reads back as the same date.
        var again = try db.makeStatement("SELECT ?1, julianday(?1)")
        try date.bind(into: &again)
        fuzzCheck(try again.step(), "no row")
        let reread = try Date(reader: again, at: 0)
        let written = try again.readText(at: 0)
        fuzzCheck(reread == date, "\(date) re-reads as \(reread) from \(written)")
        fuzzCheck(!again.isNull(at: 1), "julianday() does not read the canonical \(written)")
    }
    return 0
}

@main
enum FuzzDateMain {
    static func main() { runFuzzer(fuzzDate) }
}
