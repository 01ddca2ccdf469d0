-- nil drops the smallest AND term holding the parameter; the braces show the term.
search:
SELECT * FROM reminder
WHERE title LIKE :title? AND priority >= :minimumPriority? AND listID = :listID
ORDER BY id;
-- CHECK: input: title: String? (filter), minimumPriority: Int? (filter), listID: Int
-- CHECK: sql: SELECT * FROM reminder WHERE {title LIKE ?} AND {priority >= ?} AND listID = ? ORDER BY id

-- The term is the whole parenthesized condition, OR inside it included only when the
-- optional parameter is outside the OR.
parenthesized:
SELECT id FROM reminder WHERE (notes IS NULL OR notes = '') AND (lower(title) = lower(:title?));
-- CHECK: sql: SELECT id FROM reminder WHERE (notes IS NULL OR notes = '') AND {(lower(title) = lower(?))}

inAJoin:
SELECT list.name, reminder.title FROM list LEFT JOIN reminder ON reminder.listID = list.id AND reminder.dueAt < :dueBefore?;
-- CHECK: input: dueBefore: Date? (filter)
-- CHECK: sql: SELECT list.name, reminder.title FROM list LEFT JOIN reminder ON reminder.listID = list.id AND {reminder.dueAt < ?}
-- CHECK: bind dueBefore via Date.UnixTimeMillisecondsRepresentation

inASubquery:
SELECT name FROM list WHERE id IN (SELECT listID FROM reminder WHERE priority = :priority?);
-- CHECK: sql: SELECT name FROM list WHERE id IN (SELECT listID FROM reminder WHERE {priority = ?})

usedTwice:
SELECT id FROM reminder WHERE title = :text? AND notes LIKE :text?;
-- CHECK: input: text: String? (filter)
-- CHECK: sql: SELECT id FROM reminder WHERE {title = ?} AND {notes LIKE ?}

bothBounds:
SELECT id FROM reminder WHERE priority >= :low? AND priority <= :high?;
-- CHECK: sql: SELECT id FROM reminder WHERE {priority >= ?} AND {priority <= ?}

having:
SELECT listID, count(*) AS reminders FROM reminder GROUP BY listID HAVING count(*) >= :minimum?;
-- CHECK: sql: SELECT listID, count(*) AS reminders FROM reminder GROUP BY listID HAVING {count(*) >= ?}

updateWhere:
UPDATE reminder SET priority = :priority WHERE listID = :listID?;
-- CHECK: input: priority: Int, listID: Int? (filter)
