-- The point query of the floor (raw C): one row's id and title by key.
itemTitle:
SELECT id, title FROM items WHERE id = ?;
