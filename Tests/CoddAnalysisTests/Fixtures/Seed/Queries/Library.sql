getLibrary:
SELECT * FROM todo WHERE completedOn IS NOT NULL;
-- CHECK: output: [Todo]
