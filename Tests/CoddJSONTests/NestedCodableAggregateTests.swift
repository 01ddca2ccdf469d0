import Codd
import Foundation
import Testing

struct Badge: Codable, Equatable, Sendable {
    var id: UUID
    var earnedAt: Date
    var note: String?
}

@Table("players")
struct Player: Codable, Equatable {
    let id: Int
    var teamID: Int
    @Column(as: UUID.BlobRepresentation.self) var token: UUID
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self) var joinedAt: Date
    var nickname: String?
    @Column(as: Badge.JSONRepresentation.self) var badge: Badge
    @Column(as: Badge.JSONRepresentation?.self) var bonus: Badge?
}

@Table("teams")
struct Team: Codable, Equatable {
    let id: Int
    var name = ""
}

@Selection
struct TeamWithPlayers: Equatable {
    let team: Team
    @Column(as: [Player].JSONRepresentation.self)
    let players: [Player]
}

/// structured-queries #325: a nested `Codable` value inside a JSON-aggregated association
/// is flattened there. Codd decodes it: a struct with a UUID, a date and an optional, inside
/// rows whose own UUID is 16 bytes and date unix milliseconds, aggregated with
/// `json_group_array`.
@Suite("Nested Codable inside an aggregated association")
struct NestedCodableAggregateTests {
    @Test func decodesNestedStructsWithUUIDsDatesAndOptionals() throws {
        let database = try Database.inMemory()
        let first = Player(
            id: 1, teamID: 1, token: JSONPathTests.uuid(1), joinedAt: date(1_700_000_000_123), nickname: "Ace",
            badge: Badge(id: JSONPathTests.uuid(2), earnedAt: date(1_700_000_100_456), note: nil),
            bonus: Badge(id: JSONPathTests.uuid(3), earnedAt: date(1_600_000_000_000), note: "MVP")
        )
        let second = Player(
            id: 2, teamID: 1, token: JSONPathTests.uuid(4), joinedAt: date(1_710_000_000_000), nickname: nil,
            badge: Badge(id: JSONPathTests.uuid(5), earnedAt: date(0), note: "it's \"quoted\" 🙂"), bonus: nil
        )
        try database.write { db in
            try db.execute(
                """
                CREATE TABLE "teams" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL);
                CREATE TABLE "players" ("id" INTEGER PRIMARY KEY, "teamID" INTEGER NOT NULL, "token" BLOB NOT NULL,
                  "joinedAt" INTEGER NOT NULL, "nickname" TEXT, "badge" TEXT NOT NULL, "bonus" TEXT);
                INSERT INTO "teams" VALUES (1, 'Red'), (2, 'Blue');
                """)
            try Player.insert([first, second]).execute(db)
        }
        let query = Team.group(by: \.id)
            .leftJoin(Player.all) { $0.id.eq($1.teamID) }
            .order { team, _ in team.id }
            .select { TeamWithPlayers.Columns(team: $0, players: $1.jsonGroupArray(order: [$1.id.asc()])) }
        let teams: [TeamWithPlayers]
        if SQLiteVersion.runtime >= SQLiteVersion(3, 44) {
            teams = try database.read { db in try query.fetchAll(db) }
        } else {
            // json_group_array(… ORDER BY …) needs 3.44: the same aggregate without the order,
            // rows inserted in id order.
            let unordered = Team.group(by: \.id)
                .leftJoin(Player.all) { $0.id.eq($1.teamID) }
                .order { team, _ in team.id }
                .select { TeamWithPlayers.Columns(team: $0, players: $1.jsonGroupArray()) }
            teams = try database.read { db in try unordered.fetchAll(db) }
        }
        let expected: [TeamWithPlayers] = [
            TeamWithPlayers(team: Team(id: 1, name: "Red"), players: [first, second]),
            TeamWithPlayers(team: Team(id: 2, name: "Blue"), players: []),
        ]
        #expect(teams == expected)
        // The nested badge as the aggregate wrote it: the date as SQLite's text, the UUID
        // lowercase, the missing note left out, not flattened into the row.
        let text = try database.read { db in
            try db.fetchOne(
                String.self,
                #"SELECT json_extract(json_group_array(json_object('badge', json("badge"))), '$[0].badge') FROM "players""#
            )
        }
        #expect(text == #"{"id":"02000000-0000-4000-8000-000000000002","earnedAt":"2023-11-14 22:15:00.456"}"#)
    }
}
