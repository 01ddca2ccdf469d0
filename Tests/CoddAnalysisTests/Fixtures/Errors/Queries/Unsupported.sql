ddl:
CREATE TABLE other (id INTEGER);
-- CHECK-ERROR: 2:1: CREATE belongs in a migration (Migrations/N.sql), not in a query

pragma:
PRAGMA user_version;
-- CHECK-ERROR: 6:1: PRAGMA is not a query; set it on the database (Configuration.prepareDatabase)

transaction:
BEGIN;
SELECT 1 AS one;
COMMIT;
-- CHECK-ERROR: 10:1: BEGIN: a definition runs in a transaction of its own; remove the transaction control
-- CHECK-ERROR: 12:1: COMMIT: a definition runs in a transaction of its own; remove the transaction control

attached:
SELECT * FROM other.todo;
-- CHECK-ERROR: 17:15: other.todo: a query runs on the database's own schema (main); attached databases are not supported

raise:
SELECT RAISE(ABORT, 'no');
-- CHECK-ERROR: 21:8: RAISE(…) is only for triggers; it is not supported in a query

newerFunction:
SELECT concat(name, '!') AS loud FROM todo;
-- CHECK-ERROR: 25:8: concat() needs SQLite 3.44; this SQLite is 3.40 (Debian 12's), which has no concat

unknownFunction:
SELECT slugify(name) AS slug FROM todo;
-- CHECK-ERROR: 29:8: no such function: slugify (an app function is declared in codd.json's "functions")

windowWithoutOver:
SELECT row_number() AS n FROM todo;
-- CHECK-ERROR: 33:8: row_number() is a window function: it needs OVER (…)

tableFunctionAsValue:
SELECT json_each('[1]') AS x;
-- CHECK-ERROR: 37:8: json_each is a table-valued function: use it in FROM (FROM json_each(…)) or after IN

unknownTableFunction:
SELECT * FROM generate_series(1, 10);
-- CHECK-ERROR: 41:15: no such table-valued function: generate_series (Codd types json_each and json_tree)

updateLimit:
UPDATE todo SET name = 'x' LIMIT 1;
-- CHECK-ERROR: 45:28: UPDATE … ORDER BY / LIMIT needs SQLite built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT; select the rows in a subquery instead (WHERE rowid IN (SELECT … LIMIT …))

earlierReturnsRows:
SELECT 1 AS one;
SELECT 2 AS two;
-- CHECK-ERROR: 49:1: only a definition's last statement returns rows (its output); an earlier one must be a write without RETURNING

wrongArity:
SELECT substr(name) AS part FROM todo;
-- CHECK-ERROR: 54:8: wrong number of arguments to substr: it takes 2 to 3, given 1

empty:
-- CHECK-ERROR: 57:1: empty has no SQL: write its statement after the colon
