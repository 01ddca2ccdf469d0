search:
SELECT * FROM searchIndex
WHERE text MATCH ?
ORDER BY rank;
-- CHECK: input: text: FTS5Pattern
-- CHECK: output: [SearchIndex]
