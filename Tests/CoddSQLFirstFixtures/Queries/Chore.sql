-- A search screen's query: each filter optional. A nil value drops the AND term
-- holding it.
searchChores:
SELECT * FROM chore
WHERE title LIKE :title? AND priority >= :minimumPriority? AND dueAt < :dueBefore?
ORDER BY id;

choresWithIDs:
SELECT * FROM chore WHERE id IN ? ORDER BY id;

choreByUID:
SELECT * FROM chore WHERE uid = ?;

insertChore:
INSERT INTO chore (uid, title, priority, dueAt, tags) VALUES (:uid, :title, :priority, :dueAt, :tags)
RETURNING id;

-- Renames a chore and logs it, in one transaction.
renameChore:
UPDATE chore SET title = :title WHERE id = :id;
INSERT INTO choreLog (choreID, message) VALUES (:id, 'renamed to ' || :title)
RETURNING message;

choreTags:
SELECT chore.id, tag.value AS tag FROM chore, json_each(chore.tags) AS tag ORDER BY chore.id, tag.key;

choresInOrder:
SELECT id, title, row_number() OVER (ORDER BY dueAt NULLS LAST, id) AS position,
       lag(title) OVER (ORDER BY id) AS previousTitle
FROM chore ORDER BY position;

choreSummary:
SELECT priority, count(*) AS chores, min(dueAt) AS firstDue,
       iif(count(*) > 1, 'several', 'one') AS label,
       printf('%d chores', count(*)) AS caption,
       json_group_array(title) AS titles
FROM chore GROUP BY priority ORDER BY priority;

deleteChore:
DELETE FROM chore WHERE id = ? RETURNING uid;
