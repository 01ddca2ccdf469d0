selectTodos:
SELECT * FROM todo;

-- Adds a todo.
insertTodo:
INSERT INTO todo (id, name, completedOn) VALUES (?, ?, ?);

completeTodo:
UPDATE todo SET completedOn = :completedOn WHERE id = :id;

todoCount:
SELECT count(*) FROM todo;

completedTodoNames:
SELECT name FROM todo WHERE completedOn IS NOT NULL ORDER BY completedOn;

lastCompletion:
SELECT max(completedOn) AS lastCompletedOn FROM todo;
