all:
SELECT * FROM log;
-- CHECK: output: [Log]

columns:
SELECT id, second, c4, c9 FROM log;
-- CHECK: row: ColumnsOutput(id: Int, second: Int?, c4: Int?, c9: Int?)

dropped:
SELECT c3 FROM log;
-- CHECK-ERROR: 10:8: no such column: c3 (the query's tables have id, second, c4, c5, c6, c7, c8, c9)
