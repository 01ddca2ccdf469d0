selectTodos:
SELECT * FROM todo;

insertTodo:
INSERT INTO todo (id, name, completedOn) VALUES (?, ?, ?);
