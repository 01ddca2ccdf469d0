limitOne:
SELECT title FROM event ORDER BY id LIMIT 1;
-- CHECK: output: String?

primaryKey:
SELECT title FROM event WHERE id = ?;
-- CHECK: output: String?

rowid:
SELECT title FROM event WHERE rowid = ?;
-- CHECK: output: String?

compositeKey:
SELECT role FROM membership WHERE eventID = ? AND member = ?;
-- CHECK: output: String?

partOfAKey:
SELECT role FROM membership WHERE eventID = ?;
-- CHECK: output: [String]

uniqueIndex:
SELECT id FROM account WHERE email = ?;
-- CHECK: output: Int?

uniqueConstraint:
SELECT id FROM account WHERE handle = :handle AND region = :region;
-- CHECK: output: Int?

keyWithAJoin:
SELECT event.title FROM event JOIN membership ON membership.eventID = event.id WHERE event.id = ?;
-- CHECK: output: [String]

aggregate:
SELECT count(*) FROM event;
-- CHECK: output: Int

aggregateHaving:
SELECT count(*) AS events FROM event HAVING count(*) > 1;
-- CHECK: output: Int?

noFrom:
SELECT 1 + 1 AS two;
-- CHECK: output: Int

insertNoReturning:
INSERT INTO account (email, handle, region) VALUES (?, ?, ?);
-- CHECK: output: Void

insertReturning:
INSERT INTO account (email, handle, region) VALUES (?, ?, ?) RETURNING id;
-- CHECK: output: Int

insertOrIgnoreReturning:
INSERT OR IGNORE INTO account (email, handle, region) VALUES (?, ?, ?) RETURNING id;
-- CHECK: output: Int?

insertManyReturning:
INSERT INTO account (email, handle, region) VALUES (?, ?, ?), (?, ?, ?) RETURNING *;
-- CHECK: output: [Account]

updateByKeyReturning:
UPDATE account SET email = ? WHERE id = ? RETURNING email;
-- CHECK: output: String?

deleteAllReturning:
DELETE FROM account RETURNING id, email;
-- CHECK: row: DeleteAllReturningOutput(id: Int, email: String)
-- CHECK: output: [DeleteAllReturningOutput]

anyColumn:
SELECT data FROM event;
-- CHECK: output: [SQLAny?]

named(input: EventRange, output: EventRow):
SELECT id, title FROM event WHERE startsAt BETWEEN ? AND ?;
-- CHECK: input type: EventRange
-- CHECK: output: [EventRow]
