-- Decimal is one of Codd's standard codecs: canonical TEXT, ordered by the codd_decimal
-- collation the column names.
CREATE TABLE ledger (
  id INTEGER PRIMARY KEY,
  amount TEXT AS Decimal NOT NULL COLLATE codd_decimal,
  fee TEXT AS Decimal
);
