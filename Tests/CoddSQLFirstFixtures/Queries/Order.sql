-- Hostile names round-trip: the generated struct names each column for Swift and keeps
-- its SQL name.
insertOrder:
INSERT INTO "order" ("it's", "a""quote", "-- not a comment", "default", "due at")
VALUES (:text, ?, ?, ?, ?) RETURNING *;

ordersNamed:
SELECT "it's", "default" FROM "order" WHERE "it's" = '-- ; /* x'' */' OR "default" = ?;
