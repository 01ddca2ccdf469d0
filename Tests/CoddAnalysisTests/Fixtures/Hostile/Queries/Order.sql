everything:
SELECT * FROM "order";
-- CHECK: output: [Order]

named:
SELECT "it's", "a""quote", "-- not a comment", "default", "class" FROM "order" WHERE "default" = ?;
-- CHECK: input: `default`: String
-- CHECK: row: NamedOutput(itS: String, aQuote: String?, notAComment: Int?, `default`: String?, `class`: String?)

-- A string holding -- and /* is a string, and a quoted name holding ; ends nothing.
strings:
SELECT "it's" AS value FROM "order" WHERE "it's" = '-- ; /* x'' */' AND "a""quote" = 'emoji 🙂';
-- CHECK: output: [String]
-- CHECK: sql: SELECT "it's" AS value FROM "order" WHERE "it's" = '-- ; /* x'' */' AND "a""quote" = 'emoji 🙂'

emojiAlias:
SELECT "it's" AS "🙂" FROM "order";
-- CHECK: output: [String]
