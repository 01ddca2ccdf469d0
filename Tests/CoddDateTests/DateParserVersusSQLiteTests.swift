import Codd
import Foundation
import Testing

/// The text parser against SQLite itself: for a corpus of strings (every documented time
/// value format, their edge cases, and thousands of generated and mutated strings), a
/// value Codd reads must be the millisecond `julianday()` reads, and a string
/// `julianday()` rejects must be an error. The only strings SQLite accepts and Codd
/// rejects are the deliberate rejections, each recognised by its message.
@Suite("Date parser versus SQLite's julianday()")
struct DateParserVersusSQLiteTests {
    /// What SQLite accepts and Codd deliberately rejects, by the start of the message.
    static let deliberateRejections = [
        "day ",  // a day the month does not have: SQLite rolls it over
        "hour 24 ",  // SQLite reads hour 24 as the next day
        "years before 0000",  // SQLite reads -YYYY
        "'now'",  // the time of the read
        "a number in TEXT",  // a julian day number written as text
        "too many fraction digits",
    ]

    static let handWritten: [String] = [
        // The documented formats.
        "2024-03-15", "2024-03-15 10:30", "2024-03-15 10:30:45", "2024-03-15 10:30:45.123",
        "2024-03-15T10:30", "2024-03-15T10:30:45", "2024-03-15T10:30:45.123",
        "10:30", "10:30:45", "10:30:45.123",
        // Fractions of any length, rounded to the millisecond.
        "2024-03-15 10:30:45.1", "2024-03-15 10:30:45.12", "2024-03-15 10:30:45.1234", "2024-03-15 10:30:45.1235",
        "2024-03-15 10:30:45.1236", "2024-03-15 10:30:45.9995", "2024-03-15 10:30:45.99949999",
        "2024-03-15 23:59:59.9995",
        "2024-12-31 23:59:59.99999999", "2024-03-15 10:30:45.000000000000000000001", "2024-03-15 10:30:45.0005",
        "2024-03-15 10:30:45.0004", "2024-03-15 10:30:45.123456789012345678901234567890",
        "10:30:45.5", "00:00:00.0005", "2024-03-15 10:30:45.", "2024-03-15 10:30:45.x", "2024-03-15 10:30:45.-1",
        "2024-03-15 10:30.5",
        // Zones.
        "2024-03-15 10:30Z", "2024-03-15 10:30z", "2024-03-15 10:30:45Z", "2024-03-15T10:30:45.123Z",
        "2024-01-01T10:30:00+02:00", "2024-01-01T10:30:00-05:30", "2024-01-01 00:30:00+01:00", "2024-12-31 23:30-01:00",
        "2024-03-15 10:30 +02:00", "2024-03-15 10:30   Z", "2024-03-15 10:30Z  ", "2024-03-15 10:30+02:00 ",
        "2024-03-15 10:30+14:00", "2024-03-15 10:30-14:59", "2024-03-15 10:30+15:00", "2024-03-15 10:30+02:60",
        "2024-03-15 10:30+0200", "2024-03-15 10:30+02", "2024-03-15 10:30+2:00", "2024-03-15 10:30 UTC",
        "2024-03-15 10:30ZZ", "2024-03-15 10:30Z+02:00", "10:30Z", "10:30:45.5+01:00", "10:30 -01:00",
        "2024-03-15Z", "2024-03-15 Z", "2024-03-15+02:00", "0000-01-01 00:30+01:00", "9999-12-31 23:30-01:00",
        // Separators and white space.
        "2024-03-15  10:30", "2024-03-15TT10:30", "2024-03-15 T 10:30", "2024-03-1510:30", "2024-03-15\t10:30",
        "2024-03-15\n10:30", "2024-03-15t10:30", "2024-03-15_10:30", "2024-03-15T", "2024-03-15 ", "2024-03-15   ",
        " 2024-03-15", "2024-03-15 10:30 ", "2024-03-15 10:30\t", " 10:30", "10:30 ", "2024-03-15 10:30:45 .5",
        // Ranges.
        "0000-01-01", "0001-01-01", "9999-12-31 23:59:59.999", "1970-01-01", "1969-12-31 23:59:59.999",
        "2024-00-10", "2024-13-01", "2024-12-00", "2024-12-32", "2024-02-29", "2023-02-29", "2024-02-30",
        "2024-04-31", "1900-02-29", "2000-02-29", "2100-02-29", "2024-06-31",
        "2024-03-15 23:59", "2024-03-15 24:00", "2024-03-15 24:59:59", "2024-03-15 25:00", "24:00", "23:60",
        "2024-03-15 10:60", "2024-03-15 10:30:60", "2024-03-15 10:30:59",
        // Lengths and digits.
        "2024-3-15", "2024-03-5", "24-03-15", "20240315", "2024/03/15", "2024-03-15 1:30", "2024-03-15 10:3",
        "2024-03-15 10:30:4", "2024-03-15 10:30:45:00", "10", "10:3", "1:30", "10:30:", "10:30:4", "12345-01-01",
        "-0001-01-01", "-4713-11-24 12:00", "-4714-01-01", "+2024-03-15",
        // Not dates.
        "", " ", "T", "Z", "now", "NOW", "Now", "yesterday", "today", "2024-03-15 10:30abc", "2024-03-15abc",
        "2460000.5", "2460000", " 2460000.5 ", "1e6", "-1", "0", "abc", "2024-03-15 10:30:45.123 xyz",
        "2024-03-15 10:30:45.123Z xyz", "２０２４-03-15", "2024-03-15 10:30:45.123é",
    ]

    /// Valid strings built from random parts in random formats.
    static func generated(count: Int, using generator: inout SeededGenerator) -> [String] {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let separators = [" ", "T", "  ", "T ", "", "\t"]
        return (0..<count).map { _ in
            let year = Int.random(in: 0...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...31, using: &generator)  // some are not in their month
            let hour = Int.random(in: 0...24, using: &generator)  // 24 is SQLite's, not Codd's
            let minute = Int.random(in: 0...59, using: &generator)
            let second = Int.random(in: 0...59, using: &generator)
            var text = ""
            let timeOnly = Int.random(in: 0..<10, using: &generator) == 0
            if !timeOnly {
                text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
                if Int.random(in: 0..<6, using: &generator) == 0 { return text }
                text += separators.randomElement(using: &generator) ?? " "
            }
            text += "\(pad(hour, 2)):\(pad(minute, 2))"
            if Bool.random(using: &generator) {
                text += ":\(pad(second, 2))"
                if Bool.random(using: &generator) {
                    let digits = Int.random(in: 1...20, using: &generator)
                    text +=
                        "."
                        + String(
                            (0..<digits).map { _ in
                                // Runs of 9s and 5s make ties and carries.
                                ["0", "1", "4", "5", "9", "9", "9", "5"].randomElement(using: &generator) ?? "0"
                            }.joined())
                }
            }
            switch Int.random(in: 0..<6, using: &generator) {
            case 0: text += "Z"
            case 1: text += Bool.random(using: &generator) ? "z " : " Z"
            case 2, 3:
                let sign = Bool.random(using: &generator) ? "+" : "-"
                text +=
                    "\(sign)\(pad(Int.random(in: 0...15, using: &generator), 2)):\(pad(Int.random(in: 0...59, using: &generator), 2))"
            default: break
            }
            return text
        }
    }

    /// Whether `text` has a seconds fraction of .9995 or more, which SQLite 3.40 rounds into
    /// the next second and later versions cap at .999.
    static func fractionRoundsToASecond(_ text: String) -> Bool {
        guard let dot = text.firstIndex(of: ".") else { return false }
        let digits = text[text.index(after: dot)...].prefix { $0.isNumber }
        guard let value = Double("0." + digits) else { return false }
        return value > 0.999 && value >= 0.9995 - 1e-12
    }

    /// `strings`, each with one character replaced, inserted or removed.
    static func mutated(_ strings: [String], using generator: inout SeededGenerator) -> [String] {
        let alphabet = Array("0123456789-:.TtZz+ \tx9")
        return strings.map { string in
            var characters = Array(string)
            let position = Int.random(in: 0...characters.count, using: &generator)
            let character = alphabet.randomElement(using: &generator) ?? "0"
            switch Int.random(in: 0..<3, using: &generator) {
            case 0 where position < characters.count: characters[position] = character
            case 1 where position < characters.count: characters.remove(at: position)
            default: characters.insert(character, at: position)
            }
            return String(characters)
        }
    }

    @Test func everyStringReadsAsSQLiteReadsItOrIsADeliberateRejection() throws {
        var generator = SeededGenerator(seed: 0xC0DD)
        let generated = Self.generated(count: 6000, using: &generator)
        let corpus =
            Self.handWritten + generated + Self.mutated(generated, using: &generator)
            + Self.mutated(Self.handWritten + Self.handWritten, using: &generator)

        let database = try Database.inMemory()
        var agreedValues = 0, agreedErrors = 0
        var rejections: [String: Int] = [:]
        try database.write { db in
            // SQLite's own output formats join the corpus.
            let own = try db.fetchAll(
                String.self,
                """
                SELECT CURRENT_TIMESTAMP UNION ALL SELECT datetime('now') UNION ALL SELECT date('now')
                UNION ALL SELECT time('now') UNION ALL SELECT strftime('%Y-%m-%d %H:%M:%f', 'now')
                UNION ALL SELECT strftime('%Y-%m-%dT%H:%M:%fZ', 'now') UNION ALL SELECT CURRENT_DATE
                UNION ALL SELECT CURRENT_TIME
                """)
            for text in own + corpus {
                let julianDay = try db.fetchOne(Double?.self, "SELECT julianday(?)", text) ?? nil
                let read: Result<Date, SQLDecodingError>
                do {
                    read = .success(try #require(try db.fetchOne(Date.self, "SELECT ?", text)))
                } catch let error as SQLDecodingError {
                    read = .failure(error)
                }
                switch (julianDay, read) {
                case (let julianDay?, .success(let date)):
                    let sqlite = Int64((julianDay * 86_400_000).rounded()) - 210_866_760_000_000
                    // SQLite before 3.42 rounds a fraction of .9995 or more up into the next
                    // second; Codd caps it at .999 as later SQLite does: one millisecond less.
                    let capped = milliseconds(date) == sqlite - 1 && Self.fractionRoundsToASecond(text)
                    #expect(
                        milliseconds(date) == sqlite || capped,
                        "\(text.debugDescription): Codd \(milliseconds(date)), SQLite \(sqlite)")
                    agreedValues += 1
                case (nil, .failure):
                    agreedErrors += 1
                case (nil, .success(let date)):
                    // SQLite 3.40 rolls 9999-12-31 23:59:59.9995+ into year 10000 and rejects
                    // it; capped at .999 (as SQLite 3.42+ does) it is the year's last instant.
                    if Self.fractionRoundsToASecond(text), milliseconds(date) == 253_402_300_799_999 {
                        agreedValues += 1
                        continue
                    }
                    Issue.record("\(text.debugDescription): SQLite rejects it, Codd reads \(date)")
                case (_?, .failure(let error)):
                    let message = message(error)
                    guard let rejection = Self.deliberateRejections.first(where: { message.hasPrefix($0) }) else {
                        Issue.record("\(text.debugDescription): SQLite accepts it, Codd rejects it: \(message)")
                        continue
                    }
                    rejections[rejection, default: 0] += 1
                }
            }
        }
        // The corpus exercises both sides and every deliberate rejection.
        #expect(agreedValues > 5000)
        #expect(agreedErrors > 3000)
        #expect(Set(rejections.keys) == Set(Self.deliberateRejections.filter { $0 != "too many fraction digits" }))
    }

    @Test func aFractionTooLongForADoubleIsRejectedWhereSQLiteComputesGarbage() throws {
        let text = "2024-03-15 10:30:45." + String(repeating: "9", count: 400)
        let database = try Database.inMemory()
        try database.read { db in
            let julianDay = try db.fetchOne(Double?.self, "SELECT julianday(?)", text) ?? nil
            // SQLite's seconds become NaN and its julian day a meaningless number.
            #expect(julianDay.map { $0 < 0 || $0 > 5_373_484.5 } ?? true)
            let error = try decodingError(Date.self, "SELECT '\(text)'", in: db)
            #expect(message(error) == "too many fraction digits")
        }
    }
}
