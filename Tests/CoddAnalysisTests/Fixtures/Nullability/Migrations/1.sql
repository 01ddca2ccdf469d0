CREATE TABLE author (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  bio TEXT
);

CREATE TABLE book (
  id INTEGER PRIMARY KEY,
  authorID INTEGER NOT NULL REFERENCES author(id),
  title TEXT NOT NULL,
  pages INTEGER NOT NULL,
  price REAL
);

CREATE TABLE note (
  label TEXT,
  body TEXT
);
