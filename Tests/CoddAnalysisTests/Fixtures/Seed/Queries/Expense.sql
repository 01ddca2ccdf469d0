latestExpenses:
SELECT id, title, amount FROM expense
WHERE date BETWEEN ? AND ?;
-- CHECK: input: dateLower: Date, dateUpper: Date
-- CHECK: output: [LatestExpensesOutput]
-- CHECK: row: LatestExpensesOutput(id: Int, title: String, amount: Double)
