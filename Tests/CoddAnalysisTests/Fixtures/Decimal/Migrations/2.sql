-- A Decimal column that declares no collation: a query that compares, orders or picks it
-- writes COLLATE "codd_decimal" itself, or the analysis refuses it.
CREATE TABLE invoiceLines (
  id INTEGER PRIMARY KEY,
  invoiceID INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  amount TEXT AS Decimal NOT NULL,
  description TEXT NOT NULL
);
