CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE book (id INTEGER PRIMARY KEY, authorID INTEGER NOT NULL, title TEXT NOT NULL, publishedAt INTEGER AS Date);

-- A view's columns are typed by analyzing its SELECT.
CREATE VIEW authorBooks (author, title, publishedAt) AS
SELECT author.name, book.title, book.publishedAt FROM author LEFT JOIN book ON book.authorID = author.id;
