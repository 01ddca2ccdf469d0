-- The app's own type (Priority, declared in codd.json), a UUID as 16 bytes, dates in
-- milliseconds, a JSON array of tags.
CREATE TABLE chore (
  id INTEGER PRIMARY KEY,
  uid BLOB AS UUID NOT NULL UNIQUE,
  title TEXT NOT NULL,
  priority INTEGER AS Priority NOT NULL DEFAULT 1,
  dueAt INTEGER AS Date USING unixTimeMilliseconds,
  notes TEXT,
  tags TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE choreLog (
  id INTEGER PRIMARY KEY,
  choreID INTEGER NOT NULL REFERENCES chore(id) ON DELETE CASCADE,
  message TEXT NOT NULL CHECK (length(message) <= 40)
);
