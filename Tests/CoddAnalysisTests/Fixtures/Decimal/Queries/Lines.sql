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

-- Equality is exact on the canonical text Codd writes: no collation asked for.
sameAmount:
SELECT id FROM invoiceLines WHERE amount = ? OR amount IN (?, ?);
-- CHECK: output: [Int]

-- A call carries the collation an argument writes; an alias keeps it.
largestPerInvoice:
SELECT invoiceID, max(amount COLLATE "codd_decimal") AS largest FROM invoiceLines GROUP BY invoiceID HAVING max(amount COLLATE "codd_decimal") > ? ORDER BY largest;
-- CHECK: output: [LargestPerInvoiceOutput]

orDefault:
SELECT id FROM invoiceLines WHERE coalesce(amount COLLATE "codd_decimal", '0') > ?;
-- CHECK: output: [Int]

-- A CTE's, a subquery's and a compound's columns keep their collation, as SQLite keeps it.
fromCTE:
WITH x AS (SELECT amount FROM ledger) SELECT amount FROM x WHERE amount > ?;
-- CHECK: output: [Decimal]

fromSubquery:
SELECT a FROM (SELECT amount COLLATE "codd_decimal" AS a FROM invoiceLines) ORDER BY a;
-- CHECK: output: [Decimal]

shadowingAlias:
SELECT amount COLLATE "codd_decimal" AS amount FROM invoiceLines ORDER BY amount;
-- CHECK: output: [Decimal]

compound:
SELECT amount FROM ledger UNION ALL SELECT amount FROM ledger ORDER BY amount;
-- CHECK: output: [Decimal]

-- `+amount` keeps the column's collation; `max(?, amount)` picks in the column's.
unindexed:
SELECT id FROM ledger ORDER BY +amount;
-- CHECK: output: [Int]

largerOfLedger:
SELECT max(?, amount) AS larger FROM ledger;
-- CHECK: input: value: Decimal

-- A position orders by its result column, in the collation written on the number.
byPosition:
SELECT description, amount FROM invoiceLines ORDER BY 2 COLLATE "codd_decimal", 1;
-- CHECK: row: ByPositionOutput(description: String, amount: Decimal)

-- A number written as text, in the collation, is compared as a Decimal.
atLeastZero:
SELECT max('0' COLLATE "codd_decimal", amount) AS atLeastZero FROM invoiceLines;
-- CHECK: output: [Decimal]
