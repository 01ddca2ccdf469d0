-- Each compares, orders, picks or adds a Decimal's text as SQLite would without the
-- collation: refused at its position, with the form to write (a written COLLATE counts for
-- its own pair of operands; the left column's declared collation decides between columns).
maxLineAmount:
SELECT max(amount) AS maxAmount FROM invoiceLines WHERE invoiceID = ?;
-- CHECK-ERROR: 5:12: max(amount) picks by the stored text of TEXT AS Decimal, not as Decimal: write max(amount COLLATE "codd_decimal")

linesByAmount:
SELECT description FROM invoiceLines ORDER BY amount, id;
-- CHECK-ERROR: 9:47: amount is TEXT AS Decimal, which SQLite orders by its stored text here, not as Decimal: write ORDER BY amount COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

linesAbove:
SELECT description FROM invoiceLines WHERE amount > :minimum;
-- CHECK-ERROR: 13:44: amount is TEXT AS Decimal, which SQLite compares by its stored text here, not as Decimal: write amount COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

linesBelow:
SELECT description FROM invoiceLines WHERE :maximum > amount;
-- CHECK-ERROR: 17:55: amount is TEXT AS Decimal, which SQLite compares by its stored text here, not as Decimal: write amount COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

linesBetween:
SELECT id FROM invoiceLines WHERE amount BETWEEN ? AND ?;
-- CHECK-ERROR: 21:35: amount is TEXT AS Decimal, which SQLite compares by its stored text here, not as Decimal: write amount COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

upperBoundAsText:
SELECT id FROM invoiceLines WHERE amount BETWEEN ? COLLATE "codd_decimal" AND ?;
-- CHECK-ERROR: 25:35: amount is TEXT AS Decimal, which SQLite compares by its stored text here, not as Decimal: write amount COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

total:
SELECT sum(amount) AS total FROM invoiceLines;
-- CHECK-ERROR: 29:12: sum() of amount, which is TEXT AS Decimal: SQLite would compute in floating point and round; fetch the values and add them as Decimal in Swift

doubled:
SELECT amount * 2 AS doubled FROM invoiceLines;
-- CHECK-ERROR: 33:8: arithmetic (*) of amount, which is TEXT AS Decimal: SQLite would compute in floating point and round; fetch the values and add them as Decimal in Swift

running:
SELECT sum(quantity) OVER (ORDER BY amount) AS running FROM invoiceLines;
-- CHECK-ERROR: 37:37: amount is TEXT AS Decimal, which SQLite orders by its stored text here, not as Decimal: write ORDER BY amount COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

againstOtherColumn:
SELECT l.id FROM invoiceLines l JOIN ledger ON l.amount < ledger.amount;
-- CHECK-ERROR: 41:48: l.amount is TEXT AS Decimal, which SQLite compares by its stored text here, not as Decimal: write l.amount COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

largerOf:
SELECT max(?, amount) AS larger FROM invoiceLines;
-- CHECK-ERROR: 45:12: max(?, amount) picks by the stored text of TEXT AS Decimal, not as Decimal: write max(? COLLATE "codd_decimal", amount)

orDefault:
SELECT id FROM invoiceLines WHERE coalesce(amount, '0') > ?;
-- CHECK-ERROR: 49:35: coalesce(amount, '0') is TEXT AS Decimal, which SQLite compares by its stored text here, not as Decimal: write coalesce(amount, '0') COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

byPosition:
SELECT description, amount FROM invoiceLines ORDER BY 2;
-- CHECK-ERROR: 53:55: 2 is TEXT AS Decimal, which SQLite orders by its stored text here, not as Decimal: write ORDER BY 2 COLLATE "codd_decimal" (or declare the column COLLATE "codd_decimal")

atLeastZero:
SELECT max(0, amount) AS atLeastZero FROM invoiceLines;
-- CHECK-ERROR: 57:12: max(0, amount) ranks the number 0 below any text of TEXT AS Decimal, whatever its value (SQLite orders every number before every text): write max('0' COLLATE "codd_decimal", amount)

atMostQuantity:
SELECT min(amount COLLATE "codd_decimal", quantity) AS smaller FROM invoiceLines;
-- CHECK-ERROR: 61:43: min(amount COLLATE "codd_decimal", quantity) ranks the number quantity below any text of TEXT AS Decimal, whatever its value (SQLite orders every number before every text): write the number as Decimal text

mixedNumbers:
SELECT max(amount, '1.5', quantity) AS most FROM invoiceLines;
-- CHECK-ERROR: 65:27: max(amount, '1.5', quantity) ranks the number quantity below any text of TEXT AS Decimal, whatever its value (SQLite orders every number before every text): write the number as Decimal text
