latestExpenses:
SELECT id, title, amount FROM expense
WHERE date BETWEEN ? AND ?;

insertExpense:
INSERT INTO expense (title, amount, date) VALUES (?, ?, ?);
