search:
SELECT * FROM searchIndex
WHERE text MATCH ?
ORDER BY rank;
-- CHECK: input: text: String
-- CHECK: output: [SearchIndex]
