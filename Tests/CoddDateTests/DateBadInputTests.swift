import Codd
import Foundation
import Testing

/// Every malformed value is a `SQLDecodingError` naming the column and value and saying
/// what is wrong; text that names an instant reads in any format SQLite reads.
@Suite("Date formats and bad input")
struct DateBadInputTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "events" ("id" INTEGER PRIMARY KEY, "at")"#)
        }
    }

    /// Stores `stored` (an SQL expression) and reads it as `R`.
    func read<R: SQLCustomType>(_ type: R.Type, _ stored: String) throws -> R {
        try database.write { db in
            try db.execute(#"DELETE FROM "events""#)
            try db.execute(#"INSERT INTO "events" ("at") VALUES (\#(stored))"#)
            return try #require(try db.fetchOne(R.self, #"SELECT "at" FROM "events""#))
        }
    }

    /// Stores `stored` and returns the error reading it as `R`.
    func error<R: SQLCustomType>(_ type: R.Type, _ stored: String) throws -> SQLDecodingError {
        try database.write { db in
            try db.execute(#"DELETE FROM "events""#)
            try db.execute(#"INSERT INTO "events" ("at") VALUES (\#(stored))"#)
            return try decodingError(R.self, #"SELECT "at" FROM "events""#, in: db)
        }
    }

    /// The message reading TEXT `text` with both text representations, which must agree.
    func textError(_ text: String) throws -> String {
        let literal = "'" + text.replacing("'", with: "''") + "'"
        let plain = try error(Date.self, literal)
        let iso = try error(Date.ISO8601Representation.self, literal)
        #expect(plain.reason == iso.reason)
        #expect(plain.type == "Date")
        #expect(iso.type == "Date.ISO8601Representation")
        #expect(plain.table == "events")
        #expect(plain.column == "at")
        return message(plain)
    }

    @Test func everyFormatSQLiteDocumentsReads() throws {
        let cases: [(String, Date)] = [
            ("2024-03-15", utc(2024, 3, 15)),
            ("2024-03-15 10:30", utc(2024, 3, 15, 10, 30)),
            ("2024-03-15 10:30:45", utc(2024, 3, 15, 10, 30, 45)),
            ("2024-03-15 10:30:45.123", utc(2024, 3, 15, 10, 30, 45, milliseconds: 123)),
            ("2024-03-15T10:30", utc(2024, 3, 15, 10, 30)),
            ("2024-03-15T10:30:45", utc(2024, 3, 15, 10, 30, 45)),
            ("2024-03-15T10:30:45.123", utc(2024, 3, 15, 10, 30, 45, milliseconds: 123)),
            ("10:30", utc(2000, 1, 1, 10, 30)),
            ("10:30:45", utc(2000, 1, 1, 10, 30, 45)),
            ("10:30:45.123", utc(2000, 1, 1, 10, 30, 45, milliseconds: 123)),
            // Any number of fraction digits, rounded to the millisecond.
            ("2024-03-15 10:30:45.1", utc(2024, 3, 15, 10, 30, 45, milliseconds: 100)),
            ("2024-03-15 10:30:45.1236", utc(2024, 3, 15, 10, 30, 45, milliseconds: 124)),
            ("2024-03-15 10:30:45.123456789", utc(2024, 3, 15, 10, 30, 45, milliseconds: 123)),
            // A fraction is capped at .999, as SQLite 3.42+ does: it never rolls into the next day.
            ("2024-03-15 23:59:59.9999", utc(2024, 3, 15, 23, 59, 59, milliseconds: 999)),
            // Zones: Z, or an offset subtracted to give UTC.
            ("2024-03-15T10:30:45.123Z", utc(2024, 3, 15, 10, 30, 45, milliseconds: 123)),
            ("2024-01-01T10:30:00+02:00", utc(2024, 1, 1, 8, 30)),
            ("2024-01-01 00:30-05:30", utc(2024, 1, 1, 6, 0)),
            ("2024-01-01 00:30:00+01:00", utc(2023, 12, 31, 23, 30)),
            ("2024-03-15 10:30 Z", utc(2024, 3, 15, 10, 30)),
            ("10:30+01:00", utc(2000, 1, 1, 9, 30)),
            // GRDB and CURRENT_TIMESTAMP.
            ("2024-03-15 10:30:45.000", utc(2024, 3, 15, 10, 30, 45)),
            // The calendar's edges.
            ("0000-01-01", utc(0, 1, 1)),
            ("9999-12-31 23:59:59.999", utc(9999, 12, 31, 23, 59, 59, milliseconds: 999)),
            ("2000-02-29", utc(2000, 2, 29)),
        ]
        for (text, expected) in cases {
            #expect(try read(Date.self, "'\(text)'") == expected, "\(text)")
            #expect(try read(Date.ISO8601Representation.self, "'\(text)'").represented == expected, "\(text)")
        }
    }

    @Test func sqliteOwnOutputReads() throws {
        let rows = try database.read { db in
            try db.fetchAll(
                (Date, Date, Date, Double).self,
                "SELECT CURRENT_TIMESTAMP, datetime('now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), julianday('now')"
            )
        }
        let row = try #require(rows.first)
        let now = Date(timeIntervalSinceReferenceDate: (row.3 - 2_451_910.5) * 86_400)
        #expect(abs(row.0.timeIntervalSince(now)) < 2)
        #expect(abs(row.1.timeIntervalSince(now)) < 2)
        #expect(abs(row.2.timeIntervalSince(now)) < 2)
    }

    @Test func emptyAndNonDates() throws {
        #expect(try textError("") == "empty text is not a date")
        #expect(try textError("yesterday") == "expected a digit at character 1, found 'y'")
        #expect(try textError("now") == "'now' is the time of the read, not a stored date")
        #expect(
            try textError("2460000.5")
                == "a number in TEXT is not read as a date: store julian days or unix times with a numeric representation"
        )
        #expect(try textError(" 2024-03-15") == "expected a digit at character 1, found ' '")
    }

    @Test func fieldsOutOfRange() throws {
        #expect(try textError("2024-13-01") == "month 13 is not between 01 and 12")
        #expect(try textError("2024-00-10") == "month 00 is not between 01 and 12")
        #expect(try textError("2024-02-30") == "day 30 is not in February 2024, which has 29 days")
        #expect(try textError("2023-02-29") == "day 29 is not in February 2023, which has 28 days")
        #expect(try textError("2024-04-31") == "day 31 is not in April 2024, which has 30 days")
        #expect(try textError("2024-01-00") == "day 00 is not in January 2024, which has 31 days")
        #expect(try textError("2024-01-01 24:00") == "hour 24 is not between 00 and 23")
        #expect(try textError("2024-01-01 10:60") == "minute 60 is not between 00 and 59")
        #expect(try textError("2024-01-01 10:30:60") == "second 60 is not between 00 and 59")
        #expect(try textError("2024-01-01 10:30+15:00") == "time zone offset hours 15 are not between 00 and 14")
        #expect(try textError("2024-01-01 10:30+02:60") == "time zone offset minutes 60 are not between 00 and 59")
        #expect(try textError("-0001-01-01") == "years before 0000 are not supported")
        #expect(
            try textError("9999-12-31 23:30-01:00")
                == "the instant is after 9999-12-31 23:59:59.999 UTC, the last SQLite's date functions read")
    }

    @Test func malformedShapes() throws {
        #expect(try textError("2024-3-15") == "expected a digit at character 7, found '-'")
        #expect(try textError("2024/03/15") == "expected '-' at character 5, found '/'")
        #expect(try textError("2024-03-15 1:30") == "expected a digit at character 13, found ':'")
        #expect(try textError("2024-03-15 10:3") == "expected a digit at character 16, found the end of the text")
        #expect(try textError("10:30:") == "expected a digit at character 7, found the end of the text")
        #expect(try textError("2024-03-15 10:30+0200") == "expected ':' at character 20, found '0'")
        #expect(
            try textError("2024-03-15 10:30:45.")
                == "unexpected '.' at character 20 after the time (expected Z, ±HH:MM, or the end)")
    }

    @Test func trailingJunk() throws {
        #expect(
            try textError("2024-03-15 10:30:00abc")
                == "unexpected 'a' at character 20 after the time (expected Z, ±HH:MM, or the end)")
        #expect(
            try textError("2024-03-15abc")
                == "unexpected 'a' at character 11 after the date (expected a time, or the end)")
        #expect(try textError("2024-03-15 10:30Z junk") == "unexpected 'j' at character 19 after the time zone")
        #expect(
            try textError("2024-03-15Z")
                == "unexpected 'Z' at character 11 after the date (expected a time, or the end)")
        #expect(
            try textError("2024-03-15 10:30:00.123é")
                == "unexpected a non-ASCII or control character at character 24 after the time (expected Z, ±HH:MM, or the end)"
        )
    }

    @Test func wrongStorageClassesAndNullForText() throws {
        for type in [Date.self, Date.ISO8601Representation.self] as [any SQLCustomType.Type] {
            func check<R: SQLCustomType>(_ type: R.Type) throws {
                let integer = try error(R.self, "1710493507")
                #expect(integer.reason == .storageMismatch)
                #expect(integer.expected == [.text])
                #expect(try error(R.self, "2460384.5").reason == .storageMismatch)
                #expect(try error(R.self, "X'00'").reason == .storageMismatch)
                #expect(try error(R.self, "NULL").reason == .unexpectedNull)
            }
            try check(type)
        }
        #expect(try read(Date?.self, "NULL") == nil)
    }

    @Test func numericRepresentationsReadIntegerAndRealAndRejectText() throws {
        let moment = utc(2024, 3, 15, 9, 5, 7)
        #expect(try read(Date.UnixTimeRepresentation.self, "1710493507").represented == moment)
        #expect(try read(Date.UnixTimeRepresentation.self, "1710493507.0").represented == moment)
        #expect(try read(Date.UnixTimeMillisecondsRepresentation.self, "1710493507000").represented == moment)
        #expect(try read(Date.UnixTimeMillisecondsRepresentation.self, "1710493507000.0").represented == moment)
        #expect(try read(Date.UnixTimeRealRepresentation.self, "1710493507").represented == moment)
        #expect(try read(Date.UnixTimeRealRepresentation.self, "1710493507.0004").represented == moment)
        #expect(
            try read(Date.UnixTimeRealRepresentation.self, "1710493507.0006").represented
                == date(milliseconds: 1_710_493_507_001))
        #expect(try read(Date.JulianDayRepresentation.self, "2460384.87855324").represented == moment)
        #expect(try read(Date.JulianDayRepresentation.self, "2440588").represented == utc(1970, 1, 1, 12))

        let seconds = try error(Date.UnixTimeRepresentation.self, "1710493507.5")
        #expect(seconds.reason == .invalidValue("REAL is not a whole number of seconds"))
        #expect(seconds.type == "Date.UnixTimeRepresentation")
        #expect(seconds.expected == [.integer])
        #expect(
            try error(Date.UnixTimeMillisecondsRepresentation.self, "1710493507000.5").reason
                == .invalidValue("REAL is not a whole number of milliseconds"))

        for type in [
            Date.UnixTimeRepresentation.self, Date.UnixTimeMillisecondsRepresentation.self,
            Date.UnixTimeRealRepresentation.self, Date.JulianDayRepresentation.self,
        ] as [any SQLCustomType.Type] {
            func check<R: SQLCustomType>(_ type: R.Type) throws {
                #expect(try error(R.self, "'1710493507'").reason == .storageMismatch, "\(R.self)")
                #expect(try error(R.self, "'2024-03-15 09:05:07'").reason == .storageMismatch, "\(R.self)")
                #expect(try error(R.self, "X'01'").reason == .storageMismatch, "\(R.self)")
                #expect(try error(R.self, "NULL").reason == .unexpectedNull, "\(R.self)")
                #expect(try error(R.self, "9223372036854775807").reason == .outOfRange, "\(R.self)")
                #expect(try error(R.self, "-1e300").reason == .outOfRange, "\(R.self)")
                let infinite = try error(R.self, "9e999")
                #expect(infinite.reason != .storageMismatch, "\(R.self)")
            }
            try check(type)
        }
        #expect(try error(Date.JulianDayRepresentation.self, "9e999").reason == .invalidValue("not a finite number"))
    }
}
