import Codd
import Foundation

/// A due date and an optional completion date in every Date representation.
@Table
struct Deadline: Identifiable {
    let id: Int
    var text: Date
    @Column(as: Date.ISO8601Representation.self) var iso: Date
    @Column(as: Date.UnixTimeRepresentation.self) var unix: Date
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var unixMilliseconds: Date
    @Column(as: Date.UnixTimeRealRepresentation.self) var unixReal: Date
    @Column(as: Date.JulianDayRepresentation.self) var julianDay: Date
    var doneText: Date?
    @Column(as: Date.ISO8601Representation.self) var doneISO: Date?
    @Column(as: Date.UnixTimeRepresentation.self) var doneUnix: Date?
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var doneUnixMilliseconds: Date?
    @Column(as: Date.UnixTimeRealRepresentation.self) var doneUnixReal: Date?
    @Column(as: Date.JulianDayRepresentation.self) var doneJulianDay: Date?
}

extension Deadline {
    /// The same due date (and completion date) in every column.
    init(id: Int, due: Date, done: Date? = nil) {
        self.init(
            id: id, text: due, iso: due, unix: due, unixMilliseconds: due, unixReal: due, julianDay: due,
            doneText: done, doneISO: done, doneUnix: done, doneUnixMilliseconds: done, doneUnixReal: done,
            doneJulianDay: done
        )
    }

    static let createTable = """
        CREATE TABLE "deadlines" (
          "id" INTEGER PRIMARY KEY,
          "text" TEXT NOT NULL, "iso" TEXT NOT NULL, "unix" INTEGER NOT NULL, "unixMilliseconds" INTEGER NOT NULL,
          "unixReal" REAL NOT NULL, "julianDay" REAL NOT NULL,
          "doneText" TEXT, "doneISO" TEXT, "doneUnix" INTEGER, "doneUnixMilliseconds" INTEGER,
          "doneUnixReal" REAL, "doneJulianDay" REAL
        )
        """
}

/// One representation's pair of columns, and the SQL Codd must render for it.
struct InstantColumns<R: SQLInstantRepresentation>
where R.Represented == Date, R.Fetched == Date, R.Optionalized == R? {
    let due: KeyPath<Deadline.TableColumns, TableColumn<Deadline, R>>
    let done: KeyPath<Deadline.TableColumns, TableColumn<Deadline, R?>>
    let dueName: String
    let doneName: String
    /// The column as the arguments of a date function: `"unix", 'unixepoch'`.
    let timeValue: @Sendable (String) -> String
    /// The stored form computed from date-function arguments.
    let storedForm: @Sendable (String) -> String
    /// Whether two plain values compare unwrapped (the numeric representations).
    let comparesUnwrapped: Bool
    /// The representation's precision in milliseconds.
    let unit: Int64
    /// What `typeof` says of a stored value.
    let storage: String

    /// `julianday(<time value>)`: the representation's wrap of a column.
    func wrap(_ column: String) -> String { "julianday(\(timeValue(column)))" }

    /// `instant` as this representation stores it: rounded to its unit, halves up.
    func stored(_ instant: Date) -> Date {
        date(milliseconds: roundedToUnit(milliseconds(instant)))
    }

    func roundedToUnit(_ milliseconds: Int64) -> Int64 {
        let shifted = milliseconds + unit / 2
        let floor = shifted >= 0 ? shifted / unit : -((-shifted + unit - 1) / unit)
        return floor * unit
    }
}

var textColumns: InstantColumns<Date> {
    InstantColumns<Date>(
        due: \.text, done: \.doneText, dueName: "text", doneName: "doneText",
        timeValue: { #""\#($0)""# },
        storedForm: { "strftime('%Y-%m-%d %H:%M:%f', \($0))" },
        comparesUnwrapped: false, unit: 1, storage: "text"
    )
}

var isoColumns: InstantColumns<Date.ISO8601Representation> {
    InstantColumns<Date.ISO8601Representation>(
        due: \.iso, done: \.doneISO, dueName: "iso", doneName: "doneISO",
        timeValue: { #""\#($0)""# },
        storedForm: { "strftime('%Y-%m-%dT%H:%M:%fZ', \($0))" },
        comparesUnwrapped: false, unit: 1, storage: "text"
    )
}

var unixColumns: InstantColumns<Date.UnixTimeRepresentation> {
    InstantColumns<Date.UnixTimeRepresentation>(
        due: \.unix, done: \.doneUnix, dueName: "unix", doneName: "doneUnix",
        timeValue: { #""\#($0)", 'unixepoch'"# },
        storedForm: { "CAST(strftime('%s', \($0), '+0.5 seconds') AS INTEGER)" },
        comparesUnwrapped: true, unit: 1000, storage: "integer"
    )
}

var unixMillisecondsColumns: InstantColumns<Date.UnixTimeMillisecondsRepresentation> {
    InstantColumns<Date.UnixTimeMillisecondsRepresentation>(
        due: \.unixMilliseconds, done: \.doneUnixMilliseconds, dueName: "unixMilliseconds",
        doneName: "doneUnixMilliseconds",
        timeValue: { #""\#($0)" / 1000.0, 'unixepoch'"# },
        storedForm: { "CAST(round((julianday(\($0)) - 2440587.5) * 86400000.0) AS INTEGER)" },
        comparesUnwrapped: true, unit: 1, storage: "integer"
    )
}

var unixRealColumns: InstantColumns<Date.UnixTimeRealRepresentation> {
    InstantColumns<Date.UnixTimeRealRepresentation>(
        due: \.unixReal, done: \.doneUnixReal, dueName: "unixReal", doneName: "doneUnixReal",
        timeValue: { #""\#($0)", 'unixepoch'"# },
        storedForm: { "(round((julianday(\($0)) - 2440587.5) * 86400000.0) / 1000.0)" },
        comparesUnwrapped: true, unit: 1, storage: "real"
    )
}

var julianDayColumns: InstantColumns<Date.JulianDayRepresentation> {
    InstantColumns<Date.JulianDayRepresentation>(
        due: \.julianDay, done: \.doneJulianDay, dueName: "julianDay", doneName: "doneJulianDay",
        timeValue: { #""\#($0)""# },
        storedForm: { "julianday(\($0))" },
        comparesUnwrapped: true, unit: 1, storage: "real"
    )
}

/// Opens a representation's columns for a generic check: `forEveryRepresentation { try check($0) }`
/// with `func check<S: InstantColumnSet>(_ set: S)`.
protocol InstantColumnSet {
    associatedtype R: SQLInstantRepresentation where R.Represented == Date, R.Fetched == Date, R.Optionalized == R?
    var typed: InstantColumns<R> { get }
}

extension InstantColumns: InstantColumnSet {
    var typed: Self { self }
}

/// Runs `body` with the columns of every Date representation.
func forEveryRepresentation(_ body: (any InstantColumnSet) throws -> Void) rethrows {
    let every: [any InstantColumnSet] = [
        textColumns, isoColumns, unixColumns, unixMillisecondsColumns, unixRealColumns, julianDayColumns,
    ]
    for columns in every { try body(columns) }
}

/// SQLite's julian day of a millisecond-precision date: its whole milliseconds since
/// noon UTC, November 24, 4714 BC, over 86,400,000, as SQLite divides them.
func julianDay(_ date: Date) -> Double {
    Double(milliseconds(date) + 210_866_760_000_000) / 86_400_000
}
