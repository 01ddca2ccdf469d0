searchIndex:
SELECT * FROM searchIndex
WHERE text MATCH ?
ORDER BY rank;

index:
INSERT INTO searchIndex (id, text) VALUES (?, ?);
