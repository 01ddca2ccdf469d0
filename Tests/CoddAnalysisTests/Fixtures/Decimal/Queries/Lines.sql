-- Written in the collation, as Codd's DSL renders it: compared, ordered and picked as numbers.
above:
SELECT description FROM invoiceLines WHERE amount COLLATE "codd_decimal" > :minimum ORDER BY amount COLLATE "codd_decimal", id;
-- CHECK: input: minimum: Decimal
-- CHECK: output: [String]

largest:
SELECT max(amount COLLATE "codd_decimal") AS largest FROM invoiceLines WHERE invoiceID = ?;
-- CHECK: output: Decimal?

-- The collation on the other side counts, as SQLite reads it.
below:
SELECT id FROM invoiceLines WHERE :limit COLLATE codd_decimal > amount;
-- CHECK: input: limit: Decimal

-- An alias keeps the collation its expression is written in.
byAlias:
SELECT amount COLLATE "codd_decimal" AS ordered FROM invoiceLines ORDER BY ordered;
-- CHECK: output: [Decimal]

-- A column that declares the collation compares in it.
ledgerLargest:
SELECT max(amount) AS largest FROM ledger WHERE amount BETWEEN ? AND ? AND fee IS NOT NULL;
-- CHECK: input: amountLower: Decimal, amountUpper: Decimal

-- A count or an equality of ids is no comparison of decimals.
lineCount:
SELECT count(*) AS lines FROM invoiceLines WHERE invoiceID = ?;
-- CHECK: output: Int
