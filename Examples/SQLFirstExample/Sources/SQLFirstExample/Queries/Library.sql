getLibrary:
SELECT * FROM todo WHERE completedOn IS NULL;

version:
SELECT 'v1' AS version;
