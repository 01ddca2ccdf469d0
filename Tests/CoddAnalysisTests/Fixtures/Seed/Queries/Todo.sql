selectTodos:
SELECT * FROM todo;
-- CHECK: input: ()
-- CHECK: output: [Todo]
-- CHECK: sql: SELECT * FROM todo

todoNames:
SELECT name FROM todo WHERE completedOn IS NULL;
-- CHECK: output: [String]

completedSince:
SELECT * FROM todo WHERE completedOn > ?;
-- CHECK: input: completedOn: Date
-- CHECK: bind completedOn via Date.UnixTimeRepresentation

insertTodo:
INSERT INTO todo (name, completedOn) VALUES (?, ?);
-- CHECK: input: name: String, completedOn: Date?
-- CHECK: output: Void
-- CHECK: writes
