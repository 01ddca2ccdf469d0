byID:
SELECT title, price FROM todo WHERE id = ?;
-- CHECK: input: id: Todo.ID
-- CHECK: row: ByIDOutput(title: String, price: Money via Money.Cents)
-- CHECK: output: ByIDOutput?

cheaperThan:
SELECT id FROM todo WHERE price < :price;
-- CHECK: input: price: Money
-- CHECK: bind price via Money.Cents
-- CHECK: output: [Todo.ID]

slugs:
SELECT slugify(title) AS slug FROM todo;
-- CHECK: output: [String]

modes:
SELECT mode(length(title)) AS mode FROM todo;
-- CHECK: output: Int?

accounts:
SELECT * FROM account;
-- CHECK: output: [AppAccount]
