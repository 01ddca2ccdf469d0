all:
SELECT * FROM authorBooks;
-- CHECK: row: AllOutput(author: String, title: String?, publishedAt: Date? via Date.UnixTimeRepresentation)

since:
SELECT title FROM authorBooks WHERE publishedAt > ?;
-- CHECK: input: publishedAt: Date
-- CHECK: output: [String?]

insertIntoView:
INSERT INTO authorBooks (author) VALUES ('x');
-- CHECK-ERROR: 11:13: cannot modify authorBooks: it is a view
