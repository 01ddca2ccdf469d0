-- A parameter compared with `INTEGER AS Date USING unixTimeMilliseconds` binds a Date as
-- milliseconds; sqlc types every SQLite parameter `any`.
comparedWithAColumn:
SELECT id FROM event WHERE startsAt > ? AND uid = ? AND ? < endsAt;
-- CHECK: input: startsAt: Date, uid: UUID, endsAt: Date
-- CHECK: bind startsAt via Date.UnixTimeMillisecondsRepresentation
-- CHECK: bind endsAt via Date.UnixTimeRepresentation

between:
SELECT id FROM event WHERE startsAt BETWEEN ? AND ?;
-- CHECK: input: startsAtLower: Date, startsAtUpper: Date

inList:
SELECT title FROM event WHERE id IN ? AND uid NOT IN :excluded;
-- CHECK: input: ids: [Int], excluded: [UUID]
-- CHECK: sql: SELECT title FROM event WHERE id IN (?…) AND uid NOT IN (?…)

-- A list is named in the plural by the rules table names follow (CoddNaming): a name that
-- already ends in a plural -s stays as it is.
plurals:
SELECT id FROM event WHERE title IN ? OR seats IN ? OR day IN ?;
-- CHECK: input: titles: [String], seats: [Int], days: [Date]

namedTwice:
SELECT id FROM event WHERE title = :title OR (seats > 0 AND title LIKE :title);
-- CHECK: input: title: String

spellings:
SELECT id FROM event WHERE id = ?1 OR seats = ?1 OR title = @title OR price > $price;
-- CHECK: input: id: Int, title: String, price: Double

insertValues:
INSERT INTO event (uid, title, startsAt, endsAt, seats) VALUES (?, ?, ?, ?, ?);
-- CHECK: input: uid: UUID, title: String, startsAt: Date, endsAt: Date?, seats: Int?
-- CHECK: output: Void

insertSelect:
INSERT INTO membership (eventID, member, role) SELECT id, ?, ? FROM event WHERE title = ?;
-- CHECK: input: member: String, role: String, title: String

updateSet:
UPDATE event SET title = :title, seats = :seats WHERE id = :id;
-- CHECK: input: title: String, seats: Int?, id: Int

upsert:
INSERT INTO membership (eventID, member, role) VALUES (?, ?, ?)
ON CONFLICT (eventID, member) DO UPDATE SET role = excluded.role || ?;
-- CHECK: input: eventID: Int, member: String, role: String, value: String

limits:
SELECT title FROM event ORDER BY id LIMIT ? OFFSET ?;
-- CHECK: input: limit: Int, offset: Int

functionArguments:
SELECT substr(title, ?, ?) AS part, round(price, ?) AS rounded, date(:day) AS day,
       json_extract(:json, :path) AS value, instr(title, ?) AS at
FROM event;
-- CHECK: input: start: Int, length: Int, digits: Int, day: Date, json: String, path: String, search: String

casts:
SELECT id FROM event WHERE seats > CAST(? AS INTEGER) AND payload = CAST(? AS BLOB AS UUID);
-- CHECK: input: seats: Int, payload: UUID
-- CHECK: bind payload via UUID.BlobRepresentation
-- CHECK: sql: SELECT id FROM event WHERE seats > CAST(? AS INTEGER) AND payload = CAST(? AS BLOB)

castAnnotatedResult:
SELECT CAST(strftime('%s', 'now') AS INTEGER AS Date) AS now;
-- CHECK: output: Date?

arithmetic:
SELECT id FROM event WHERE seats + ? > 10 AND price * :factor < 100;
-- CHECK: input: value: Int, factor: Double

isNull:
SELECT id FROM event WHERE endsAt IS ? AND seats IS NOT :seats;
-- CHECK: input: endsAt: Date?, seats: Int?

pattern:
SELECT id FROM event WHERE title LIKE ? ESCAPE '\' OR title GLOB :glob;
-- CHECK: input: title: String, glob: String

coalesced:
SELECT id FROM event WHERE coalesce(seats, ?) > 3;
-- CHECK: input: value: Int

caseParameters:
SELECT CASE WHEN seats > 0 THEN ? ELSE title END AS label FROM event;
-- CHECK: input: value: String
