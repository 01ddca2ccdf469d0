search:
SELECT * FROM searchIndex
WHERE text MATCH ?
ORDER BY rank;

searchHighlighted:
SELECT id, highlight(searchIndex, 1, '[', ']') AS highlighted, bm25(searchIndex) AS score
FROM searchIndex WHERE searchIndex MATCH :pattern ORDER BY rank;

index:
INSERT INTO searchIndex (id, text) VALUES (?, ?);
