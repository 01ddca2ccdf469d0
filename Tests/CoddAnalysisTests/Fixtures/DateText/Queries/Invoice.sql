-- Compared as written: no error, the parameter a Date.
issuedSince:
SELECT id FROM invoice WHERE issuedOn >= :after ORDER BY issuedOn;
-- CHECK: input: after: Date
-- CHECK: output: [Int]

-- Compared as instants, for text other software wrote: the parameter stays a Date.
issuedSinceAnyForm:
SELECT id FROM invoice WHERE julianday(issuedOn) >= julianday(:after);
-- CHECK: input: after: Date

-- A date's text is no number.
plusOne:
SELECT issuedOn + 1 AS later FROM invoice;
-- CHECK-ERROR: 14:8: arithmetic (+) of issuedOn, which is TEXT AS Date: SQLite would read the text's leading digits as a number
