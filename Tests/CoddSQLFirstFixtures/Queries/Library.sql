-- The library: every todo still open.
getLibrary:
SELECT * FROM todo WHERE completedOn IS NULL ORDER BY name;

getBook:
SELECT * FROM todo WHERE name = ? LIMIT 1;
