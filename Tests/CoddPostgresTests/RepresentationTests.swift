#if PostgreSQL
import Codd
import CoddPostgres
import Foundation
import Testing

/// Every representation a column can choose, on PostgreSQL's native types: the dialect
/// picks `uuid` and `timestamptz`, whatever the SQLite form.
@Table("representations")
struct Representations: Equatable {
    let id: Int
    @Column(as: UUID.BlobRepresentation.self)
    var blob: UUID
    @Column(as: UUID.UppercaseTextRepresentation.self)
    var upper: UUID
    var lower: UUID?
    @Column(as: Date.UnixTimeMillisecondsRepresentation.self)
    var milliseconds: Date
    @Column(as: Date.UnixTimeRepresentation.self)
    var seconds: Date
    @Column(as: Date.ISO8601Representation.self)
    var iso: Date
    @Column(as: Date.JulianDayRepresentation.self)
    var julian: Date
    @Column(as: Date.UnixTimeRealRepresentation.self)
    var real: Date
    var bytes: Data
    var flag: Bool?
}

extension PostgreSQLTests {
    @Suite("Representations") struct RepresentationCases {
        static let rows = [
            Representations(
                id: 1, blob: UUID(uuidString: "8C2B6F0E-1A2B-4C3D-8E9F-0A1B2C3D4E5F")!,
                upper: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, lower: nil,
                milliseconds: date(1_700_000_000_123), seconds: date(1_700_000_000_000), iso: date(-62_135_596_800_000),
                julian: date(253_402_300_799_999), real: date(86_400_000), bytes: Data([0, 1, 0xFF, 0x27]), flag: nil
            ),
            Representations(
                id: 2, blob: UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!,
                upper: UUID(uuidString: "12345678-9ABC-DEF0-1234-56789ABCDEF0")!,
                lower: UUID(uuidString: "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")!,
                milliseconds: date(0), seconds: date(-1_000), iso: date(1_234_567_890_999),
                julian: date(-86_400_001), real: date(1_600_000_000_500), bytes: Data(), flag: true
            ),
        ]

        @Test func everyRepresentationRoundTripsAndCompares() async throws {
            func check(_ database: PGDatabase) async throws {
                try await database.write { db in
                    try await db.execute(#"DROP TABLE IF EXISTS "representations""#)
                    try await db.execute(
                        """
                        CREATE TABLE "representations" (
                          "id" bigint PRIMARY KEY, "blob" uuid NOT NULL, "upper" uuid NOT NULL, "lower" uuid,
                          "milliseconds" timestamptz NOT NULL, "seconds" timestamptz NOT NULL, "iso" timestamptz NOT NULL,
                          "julian" timestamptz NOT NULL, "real" timestamptz NOT NULL, "bytes" bytea NOT NULL, "flag" boolean
                        )
                        """)
                    try await Representations.insert(Self.rows).execute(db)
                }
                let all = try await database.read { db in try await Representations.order(by: \.id).fetchAll(db) }
                #expect(all == Self.rows)
                let second = Self.rows[1]
                let matches = try await database.read { db in
                    try await Representations.where {
                        $0.blob.eq(second.blob) && $0.upper.eq(second.upper) && $0.lower.eq(second.lower)
                            && $0.milliseconds.eq(second.milliseconds) && $0.julian < date(0) && $0.real > date(0)
                            && $0.bytes.eq(second.bytes) && $0.flag.eq(true)
                    }
                    .select(\.id)
                    .fetchAll(db)
                }
                #expect(matches == [2])
            }
            try await PGTestServer.withDatabase(check)
        }
    }
}
#endif
