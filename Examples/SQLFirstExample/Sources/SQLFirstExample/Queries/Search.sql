-- PureSQL's README, verbatim.
searchTerms:
SELECT * FROM searchIndex
WHERE text MATCH 'search terms'
ORDER BY rank;

searchIndex:
SELECT * FROM searchIndex
WHERE text MATCH ?
ORDER BY rank;

index:
INSERT INTO searchIndex (id, text) VALUES (?, ?);
