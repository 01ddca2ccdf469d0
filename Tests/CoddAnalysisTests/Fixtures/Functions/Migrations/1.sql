CREATE TABLE item (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  note TEXT,
  amount REAL NOT NULL,
  quantity INTEGER NOT NULL,
  attributes TEXT NOT NULL DEFAULT '{}',
  createdAt TEXT AS Date NOT NULL,
  image BLOB
);

CREATE VIRTUAL TABLE itemSearch USING fts5 (
  id INTEGER NOT NULL UNINDEXED,
  name TEXT NOT NULL,
  note TEXT,
  tokenize = 'trigram'
);
