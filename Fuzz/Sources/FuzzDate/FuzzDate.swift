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
// not a property.

/// The input as TEXT (a BLOB cast keeps any bytes, invalid UTF-8 and NUL included) and
/// SQLite's reading of it in milliseconds since 1970.
private let readSQL = """
    SELECT t, julianday(t), CAST(round((julianday(t) - 2440587.5) * 86400000.0) AS INTEGER) \
    FROM (SELECT CAST(?1 AS TEXT) AS t)
    """

nonisolated(unsafe) private let fuzz = FuzzDatabase()

private func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded())
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = fuzzInput(data, size)
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
        fuzzCheck(
            !statement.isNull(at: 1),
            "Codd reads \(date) but julianday() reads nothing for \(fuzzDescribe(bytes))"
        )
        let sqliteMilliseconds = statement.readInt64(at: 2)
        fuzzCheck(
            milliseconds(date) == sqliteMilliseconds,
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
