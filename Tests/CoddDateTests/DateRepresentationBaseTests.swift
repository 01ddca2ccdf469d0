import Codd
import Foundation
import Testing

/// A user's own date representation, minutes since 1970, built on `NumericDateRepresentation`:
/// it says only how it is stored, how SQLite's date functions read it and how a computed
/// instant is stored; comparison with every other representation, date arithmetic, its JSON
/// form and JSON decoding come from the base.
struct UnixMinutes: NumericDateRepresentation {
    var represented: Date
    init(represented: Date) { self.represented = represented }
    static var storage: SQLStorage { .integer }
    init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = Date(timeIntervalSince1970: TimeInterval(try Int64(reader: reader, at: index)) * 60)
    }
    func bind(into context: inout some SQLBindingContext) throws {
        try context.bindInteger(Int64((represented.timeIntervalSince1970 / 60).rounded()))
    }
    /// `x * 60, 'unixepoch'`.
    static func renderTimeValue(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void)
        rethrows
    {
        try builder.listItem { builder in
            try expression(&builder)
            builder.keyword("* 60")
        }
        builder.listItem { $0.text("unixepoch") }
    }
    /// `CAST(round((julianday(…) - 2440587.5) * 1440.0) AS INTEGER)`: whole minutes since 1970.
    static func renderStoredForm(
        into builder: inout SQLBuilder, fromTimeValue arguments: (inout SQLBuilder) throws -> Void
    ) rethrows {
        builder.keyword("CAST(")
        try builder.function("round") { builder in
            try builder.listItem { builder in
                try builder.parenthesized { builder in
                    try builder.function("julianday", arguments)
                    builder.keyword("- 2440587.5")
                }
                builder.keyword("* 1440.0")
            }
        }
        builder.keyword("AS INTEGER)")
    }
}

@Table
struct Standup {
    let id: Int
    @Column(as: UnixMinutes.self) var startsAt: Date
    var loggedAt: Date
}

@Suite("Date representation base")
struct DateRepresentationBaseTests {
    @Test func aUserRepresentationComparesWithTextDatesAndHasAJSONForm() throws {
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                #"CREATE TABLE "standups" ("id" INTEGER PRIMARY KEY, "startsAt" INTEGER NOT NULL, "loggedAt" TEXT NOT NULL)"#
            )
            // 2024-01-01 10:00 UTC is minute 28_401_720; the log times use other text formats.
            try db.execute(
                #"""
                INSERT INTO "standups" VALUES
                  (1, 28401720, '2024-01-01T09:59:00Z'),
                  (2, 28401720, '2024-01-01 12:00:00+02:00'),
                  (3, 28401720, '2024-01-01 10:01')
                """#)
        }
        // Its comparison form is a julian day, like every other date's, so it compares with
        // text dates in any format: here, the logs written before the meeting started.
        let loggedBefore = SQLFragment { builder in
            builder.keyword("SELECT")
            builder.identifier("id")
            builder.keyword("FROM")
            builder.identifier("standups")
            builder.keyword("WHERE")
            Date.wrapSQL(into: &builder) { $0.identifier("loggedAt") }
            builder.keyword("<")
            UnixMinutes.wrapSQL(into: &builder) { $0.identifier("startsAt") }
        }
        #expect(
            loggedBefore.sql == """
                SELECT "id" FROM "standups" WHERE julianday("loggedAt") < julianday("startsAt" * 60, 'unixepoch')
                """)
        let asJSON = Standup.where { $0.id.eq(1) }.select { $0.startsAt.jsonGroupArray() }
        #expect(
            asJSON.parameterSQL == """
                SELECT json_group_array(CASE WHEN typeof("startsAt") IN ('integer') THEN strftime('%Y-%m-%d %H:%M:%f', "startsAt" * 60, 'unixepoch') WHEN typeof("startsAt") IN ('real') THEN iif(abs("startsAt") < 9e999, json(printf('%!.18g', "startsAt")), printf('%!.18g', "startsAt")) WHEN "startsAt" IS NULL THEN NULL ELSE json_object('codd.storageMismatch', json_array(typeof("startsAt"), iif(typeof("startsAt") = 'blob', hex("startsAt"), "startsAt"))) END) FROM "standups" WHERE ("id" = ?)
                """)
        let (ids, json) = try database.read { db in (try db.fetchAll(Int.self, loggedBefore), try asJSON.fetchOne(db)) }
        #expect(ids == [1])
        #expect(json == [Date(timeIntervalSince1970: 1_704_103_200)])
        // Date arithmetic in its own stored form: an hour later, as whole minutes.
        let anHourLater = Standup.where { $0.id.eq(1) }.select { $0.startsAt + .hours(1) }
        #expect(
            anHourLater.parameterSQL == """
                SELECT CAST(round((julianday("startsAt" * 60, 'unixepoch', ?) - 2440587.5) * 1440.0) AS INTEGER) \
                FROM "standups" WHERE ("id" = ?)
                """)
        let later = try database.read { db in try anHourLater.fetchOne(db) }
        #expect(later == Date(timeIntervalSince1970: 1_704_103_200 + 3600))
        // From JSON: the text form or the representation's own number.
        let fromText = try Array(#""2024-01-01 10:00:00.000""#.utf8).withUnsafeBytes { bytes in
            try SQLJSONValue.parse(bytes) { try UnixMinutes(decodingJSON: $0) }
        }
        let fromNumber = try Array("28401720".utf8).withUnsafeBytes { bytes in
            try SQLJSONValue.parse(bytes) { try UnixMinutes(decodingJSON: $0) }
        }
        #expect(fromText.represented == Date(timeIntervalSince1970: 1_704_103_200))
        #expect(fromNumber.represented == fromText.represented)
    }
}
