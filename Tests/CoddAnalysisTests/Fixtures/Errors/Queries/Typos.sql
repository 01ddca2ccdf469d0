-- A misspelled keyword where the parser stops is named, at the word: "did you mean …?".
starForm:
SELECT * FORM todo;
-- CHECK-ERROR: 3:10: syntax error: unexpected 'FORM'; did you mean FROM?

orderAfterCondition:
SELECT name FROM todo WHERE id = 1 ODER BY name;
-- CHECK-ERROR: 7:36: syntax error: unexpected 'ODER'; did you mean ORDER BY?

limitAfterOrder:
SELECT name FROM todo ORDER BY name LIMT 5;
-- CHECK-ERROR: 11:37: syntax error: unexpected 'LIMT'; did you mean LIMIT?

statement:
SELCT name FROM todo;
-- CHECK-ERROR: 15:1: expected SELECT, VALUES, INSERT, REPLACE, UPDATE, DELETE or WITH, found 'SELCT'; did you mean SELECT?

whereAfterSet:
UPDATE todo SET name = ? WERE id = ?;
-- CHECK-ERROR: 19:26: syntax error: unexpected 'WERE'; did you mean WHERE?

values:
INSERT INTO todo (name) VALEUS (?);
-- CHECK-ERROR: 23:25: expected VALUES, SELECT or DEFAULT VALUES, found 'VALEUS'; did you mean VALUES?

returning:
DELETE FROM todo WHERE id = ? RETRUNING name;
-- CHECK-ERROR: 27:31: syntax error: unexpected 'RETRUNING'; did you mean RETURNING?

joinAfterAlias:
SELECT t.name FROM todo t JION tag ON tag.id = t.id;
-- CHECK-ERROR: 31:27: syntax error: unexpected 'JION'; did you mean JOIN?

compound:
SELECT name FROM todo UNION SELEC name FROM tag;
-- CHECK-ERROR: 35:29: syntax error: expected SELECT or VALUES, found 'SELEC'; did you mean SELECT?

-- A word far from every keyword gets no guess.
notATypo:
SELECT name FROM todo t extra;
-- CHECK-ERROR: 40:25: syntax error: unexpected 'extra' after the end of the statement

-- Nor does a keyword spelled right but out of place.
keywordOutOfPlace:
SELECT name FROM todo WHERE id = 1 FROM tag;
-- CHECK-ERROR: 45:36: syntax error: unexpected 'FROM' after the end of the statement

-- The word the parser stops at is named before the column ahead of it: `date` is a column,
-- not a misspelled UPDATE.
columnBeforeTypo:
SELECT name FROM todo ORDER BY date LIMT 5;
-- CHECK-ERROR: 51:37: syntax error: unexpected 'LIMT'; did you mean LIMIT?

-- A word read as an alias is named when it is a near keyword of about its length.
aliasTypo:
SELECT name FORM todo;
-- CHECK-ERROR: 56:13: syntax error: 'FORM' reads as an alias here, then 'todo' makes no sense; did you mean FROM?

-- An SQL keyword in the wrong place is not "corrected" into another (WHEN is not WHERE).
reservedOutOfPlace:
SELECT name FROM todo WHEN id = 1;
-- CHECK-ERROR: 61:23: syntax error: unexpected 'WHEN' after the end of the statement
