-- A parameter compared with a Decimal column is a Decimal; the columns read as Decimal.
atLeast:
SELECT id, amount, fee FROM ledger WHERE amount >= ? ORDER BY amount;
-- CHECK: input: amount: Decimal
-- CHECK: row: AtLeastOutput(id: Int, amount: Decimal, fee: Decimal?)
