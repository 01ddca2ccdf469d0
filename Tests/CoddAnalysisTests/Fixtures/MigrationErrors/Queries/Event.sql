-- Queries are analyzed once the migrations resolve: a migration's error is not reported
-- again as every query's unknown table.
ids:
SELECT id FROM event;
