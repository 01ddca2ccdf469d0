import Codd
import Foundation
import Testing

// The Date section of docs/Codecs.md, verbatim (CoddDocsTests checks every block stands here).

@Table
struct Appointment: Identifiable {
    let id: Int
    var title = ""
    var startsAt: Date  // TEXT 2024-03-15 09:05:07.089
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var createdAt: Date  // INTEGER 1710493507089
    var cancelledAt: Date?
}

@Suite("docs/Codecs.md: Date")
struct DateGuideTests {
    let database: Database

    init() throws {
        database = try Database.inMemory()
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "appointments" (
                  "id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL, "startsAt" TEXT NOT NULL,
                  "createdAt" INTEGER NOT NULL, "cancelledAt" TEXT
                );
                CREATE INDEX "appointments_startsAt" ON "appointments"("startsAt");
                """)
        }
    }

    @Test func writingAndComparing() throws {
        let cutoff = utc(2024, 3, 15, 9)
        let created = utc(2024, 3, 1, 12, 0, 0, milliseconds: 250)

        try database.write { db in
            try Appointment.insert {
                Appointment(
                    id: 1, title: "Dentist", startsAt: utc(2024, 3, 15, 9, 5, 7, milliseconds: 89), createdAt: created)
            }.execute(db)
        }
        let upcoming = Appointment.where { $0.startsAt >= cutoff }.select(\.title)
        // SELECT "title" FROM "appointments" WHERE (julianday("startsAt") >= julianday(?))   bound '2024-03-15 09:00:00.000'
        let past = Appointment.where { $0.startsAt < #sql("datetime('now')", as: Date.self) }.select(\.title)
        // SELECT "title" FROM "appointments" WHERE (julianday("startsAt") < julianday(datetime('now')))
        let recent = Appointment.where { $0.createdAt > cutoff }.select(\.title)
        // SELECT "title" FROM "appointments" WHERE ("createdAt" > ?)   bound 1710493200000

        #expect(
            upcoming.parameterSQL
                == #"SELECT "title" FROM "appointments" WHERE (julianday("startsAt") >= julianday(?))"#)
        #expect(try upcoming.fragment.bindings == [.text("2024-03-15 09:00:00.000")])
        #expect(
            past.parameterSQL
                == #"SELECT "title" FROM "appointments" WHERE (julianday("startsAt") < julianday(datetime('now')))"#)
        #expect(recent.parameterSQL == #"SELECT "title" FROM "appointments" WHERE ("createdAt" > ?)"#)
        #expect(try recent.fragment.bindings == [.integer(1_710_493_200_000)])
        #expect(try database.read { db in try upcoming.fetchAll(db) } == ["Dentist"])
        #expect(try database.read { db in try past.fetchAll(db) } == ["Dentist"])
        #expect(try database.read { db in try recent.fetchAll(db) }.isEmpty)
        let stored = try database.read { db in
            try db.fetchOne((String, Int).self, #"SELECT "startsAt", "createdAt" FROM "appointments""#)
        }
        #expect(stored?.0 == "2024-03-15 09:05:07.089")
        #expect(stored?.1 == 1_709_294_400_250)
    }

    @Test func textInOtherFormatsReads() throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO "appointments" ("id", "title", "startsAt", "createdAt") VALUES
                  (1, 'a', '2024-03-15', 0),
                  (2, 'b', '2024-03-15T09:05', 0),
                  (3, 'c', '2024-03-15 11:05:07.5+02:00', 0),
                  (4, 'd', CURRENT_TIMESTAMP, 0)
                """)
        }
        let dates = try database.read { db in
            try Appointment.where { $0.id <= 3 }.order(by: \.id).select(\.startsAt).fetchAll(db)
        }
        #expect(dates == [utc(2024, 3, 15), utc(2024, 3, 15, 9, 5), utc(2024, 3, 15, 9, 5, 7, milliseconds: 500)])
        #expect(try database.read { db in try Appointment.find(4).fetchOne(db) } != nil)
    }

    @Test func normalizingAColumnOfMixedFormats() throws {
        try database.write { db in
            try db.execute(
                """
                INSERT INTO "appointments" ("id", "title", "startsAt", "createdAt") VALUES
                  (1, 'a', '2024-01-01T10:30:00+02:00', 0), (2, 'b', '2024-01-01 09:00:00Z', 0)
                """)
        }
        let byInstant = Appointment.order(by: \.startsAt).select(\.title)
        // SELECT "title" FROM "appointments" ORDER BY julianday("startsAt")
        try database.write { db in
            try db.execute(#"UPDATE "appointments" SET "startsAt" = strftime('%Y-%m-%d %H:%M:%f', "startsAt")"#)
        }

        #expect(byInstant.parameterSQL == #"SELECT "title" FROM "appointments" ORDER BY julianday("startsAt")"#)
        #expect(try database.read { db in try byInstant.fetchAll(db) } == ["a", "b"])
        let stored = try database.read { db in
            try db.fetchAll(String.self, #"SELECT "startsAt" FROM "appointments" ORDER BY "id""#)
        }
        #expect(stored == ["2024-01-01 08:30:00.000", "2024-01-01 09:00:00.000"])
        let titles = try database.read { db in try Appointment.order(by: \.startsAt).select(\.title).fetchAll(db) }
        #expect(titles == ["a", "b"])
    }

    @Test func dateArithmetic() throws {
        let now = date(milliseconds: milliseconds(Date()))
        let day: Int64 = 86_400_000
        try database.write { db in
            try Appointment.insert([
                Appointment(
                    id: 1, title: "Dentist", startsAt: date(milliseconds: milliseconds(now) + 2 * day), createdAt: now),
                Appointment(
                    id: 2, title: "Review", startsAt: date(milliseconds: milliseconds(now) + 9 * day),
                    createdAt: date(milliseconds: milliseconds(now) - 2 * 3_600_000)
                ),
                Appointment(
                    id: 3, title: "Party", startsAt: date(milliseconds: milliseconds(now) + 3 * day),
                    createdAt: now, cancelledAt: now
                ),
            ]).execute(db)
        }

        let thisWeek = Appointment.where { $0.startsAt >= .now() && $0.startsAt < .now() + .days(7) }.select(\.title)
        // SELECT "title" FROM "appointments"
        // WHERE ((julianday("startsAt") >= julianday('now')) AND (julianday("startsAt") < julianday('now', ?)))   bound '+7 days'
        let lastHour = Appointment.where { $0.createdAt > .now() - .hours(1) }.select(\.title)
        // SELECT "title" FROM "appointments"
        // WHERE ("createdAt" > CAST(round((julianday('now', ?) - 2440587.5) * 86400000.0) AS INTEGER))   bound '-1 hours'
        let lead = Appointment.select { $0.startsAt.timeIntervalSince($0.createdAt) }
        // SELECT round((julianday("startsAt") - julianday("createdAt" / 1000.0, 'unixepoch')) * 86400000.0) / 1000.0
        // FROM "appointments"
        try database.write { db in
            try Appointment.where { $0.cancelledAt == nil }.update { $0.startsAt += .months(1) }.execute(db)
        }
        // UPDATE "appointments" SET "startsAt" = strftime('%Y-%m-%d %H:%M:%f', "startsAt", ?)
        // WHERE ("cancelledAt" IS NULL)   bound '+1 months'

        #expect(
            thisWeek.parameterSQL == """
                SELECT "title" FROM "appointments" \
                WHERE ((julianday("startsAt") >= julianday('now')) AND (julianday("startsAt") < julianday('now', ?)))
                """)
        #expect(try thisWeek.fragment.bindings == [.text("+7 days")])
        #expect(
            lastHour.parameterSQL == """
                SELECT "title" FROM "appointments" \
                WHERE ("createdAt" > CAST(round((julianday('now', ?) - 2440587.5) * 86400000.0) AS INTEGER))
                """)
        #expect(try lastHour.fragment.bindings == [.text("-1 hours")])
        #expect(
            lead.parameterSQL == """
                SELECT round((julianday("startsAt") - julianday("createdAt" / 1000.0, 'unixepoch')) * 86400000.0) / 1000.0 \
                FROM "appointments"
                """)
        let update = Appointment.where { $0.cancelledAt == nil }.update { $0.startsAt += .months(1) }
        #expect(
            update.parameterSQL == """
                UPDATE "appointments" SET "startsAt" = strftime('%Y-%m-%d %H:%M:%f', "startsAt", ?) \
                WHERE ("cancelledAt" IS NULL)
                """)
        #expect(try update.fragment.bindings == [.text("+1 months")])

        // The update moved the two appointments that were not cancelled by a month: the
        // Dentist is no longer this week, the Party still is.
        #expect(try database.read { db in try thisWeek.fetchAll(db) } == ["Party"])
        #expect(try database.read { db in try lastHour.fetchAll(db) } == ["Dentist", "Party"])
        let leads = try database.read { db in try lead.fetchAll(db) }
        #expect(leads[2] == 3 * 86_400)
        let (shortest, longest): (Double, Double) = ((28 + 2) * 86_400, (31 + 2) * 86_400)
        #expect(leads[0] >= shortest && leads[0] <= longest)
    }

    @Test func badDataIsATypedError() throws {
        try database.write { db in
            try db.execute(#"INSERT INTO "appointments" VALUES (1, 'a', '2024-02-30 10:00', 0, NULL)"#)
        }
        let error = try #require(
            #expect(throws: SQLDecodingError.self) {
                try database.read { db in try Appointment.all.fetchAll(db) }
            })
        #expect(
            error.description.hasPrefix(
                #"Cannot decode Date from column "appointments"."startsAt" (index 2): expected TEXT, found TEXT '2024-02-30 10:00': day 30 is not in February 2024, which has 29 days"#
            ))
    }
}
