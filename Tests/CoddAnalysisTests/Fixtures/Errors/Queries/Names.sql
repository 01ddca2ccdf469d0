unknownTable:
SELECT * FROM todos;
-- CHECK-ERROR: 2:15: no such table: todos (did you mean todo?)

unknownColumn:
SELECT nmae FROM todo;
-- CHECK-ERROR: 6:8: no such column: nmae (the query's tables have id, name, due at, 🙂)

unknownQualified:
SELECT todo.title FROM todo;
-- CHECK-ERROR: 10:13: no such column: todo.title (todo has id, name, due at, 🙂)

unknownAlias:
SELECT t.name FROM todo;
-- CHECK-ERROR: 14:8: no such table: t (nothing named t in this query's FROM)

ambiguous:
SELECT name FROM todo JOIN tag ON tag.id = todo.id;
-- CHECK-ERROR: 18:8: ambiguous column name: name (in todo, tag); qualify it: todo.name

insertUnknownColumn:
INSERT INTO todo (nmae) VALUES (?);
-- CHECK-ERROR: 22:19: table todo has no column named nmae (it has id, name, due at, 🙂)

duplicateOutput:
SELECT todo.name, tag.name FROM todo JOIN tag ON tag.id = todo.id;
-- CHECK-ERROR: 26:19: two result columns are named name: alias one of them (AS otherName)

unnamedExpression:
SELECT id + 1, name FROM todo;
-- CHECK-ERROR: 30:8: name this column with AS (id + 1 AS name): a struct field needs a name

hostileColumn:
SELECT "🙂", name FROM todo;
-- CHECK-ERROR: 34:8: 🙂 is not a Swift name: alias the column (AS name)

quotedFine:
SELECT "due at", "🙂" AS smile FROM todo;
-- CHECK: row: QuotedFineOutput(dueAt: String?, smile: String?)

cannotInfer:
SELECT ?;
-- CHECK-ERROR: 42:8: the type of parameter ? cannot be inferred from where it stands; compare it with a column, or state it: CAST(? AS INTEGER) (or REAL, TEXT, BLOB, or an annotated type: CAST(? AS INTEGER AS Date))

conflicting:
SELECT id FROM todo WHERE id = :x OR name = :x;
-- CHECK-ERROR: 46:45: :x is String here but Int at 46:32

duplicate:
SELECT 1 AS one;
-- CHECK: output: Int

duplicate:
SELECT 2 AS two;
-- CHECK-ERROR: 53:1: duplicate query name duplicate: also defined at 49:1

default:
SELECT 1 AS one;
-- CHECK-ERROR: 57:1: default is a Swift keyword; name the query otherwise (defaultQuery)

storageWithoutCodec:
SELECT CAST(name AS BLOB AS Date) AS at FROM todo;
-- CHECK-ERROR: 62:26: BLOB AS Date: Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)

undeclaredType:
SELECT CAST(name AS TEXT AS "Todo.ID") AS id FROM todo;
-- CHECK-ERROR: 66:26: TEXT AS Todo.ID: no codec is registered for Todo.ID; registered types: Bool, Data, Date, Decimal, Double, Float, Int, Int16, Int32, Int64, Int8, JSON, String, UInt16, UInt32, UInt64, UInt8, UUID, [UInt8]

swappedAndPluralTable:
SELECT * FROM otdos;
-- CHECK-ERROR: 70:15: no such table: otdos (did you mean todo?)
