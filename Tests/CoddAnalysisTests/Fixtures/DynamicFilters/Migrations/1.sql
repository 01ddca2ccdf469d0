CREATE TABLE reminder (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  notes TEXT,
  priority INTEGER NOT NULL DEFAULT 0,
  listID INTEGER NOT NULL,
  dueAt INTEGER AS Date USING unixTimeMilliseconds
);

CREATE TABLE list (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);
