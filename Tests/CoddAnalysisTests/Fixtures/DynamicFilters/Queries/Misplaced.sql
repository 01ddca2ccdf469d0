-- Dropping a term inside OR would change what the rest means: an error at the parameter.
insideOr:
SELECT id FROM reminder WHERE title = :title? OR notes = :notes;
-- CHECK-ERROR: 3:39: an optional filter cannot stand inside OR: dropping the smallest AND term holding it would drop the whole OR; filter with AND, or make the parameter required (remove the '?')

-- One bound of BETWEEN: half a range is no range.
betweenBound:
SELECT id FROM reminder WHERE priority BETWEEN :low? AND 10;
-- CHECK-ERROR: 8:48: an optional filter cannot be one bound of BETWEEN: half a range is no range; write x >= :low? AND x <= :high?

inTheSelectList:
SELECT coalesce(:fallback?, title) AS shown FROM reminder;
-- CHECK-ERROR: 12:17: an optional filter (:fallback?) stands only in a WHERE, ON or HAVING condition, where nil drops the AND term holding it

inTheLimit:
SELECT id FROM reminder LIMIT :count?;
-- CHECK-ERROR: 16:31: an optional filter (:count?) stands only in a WHERE, ON or HAVING condition, where nil drops the AND term holding it

mixed:
SELECT id FROM reminder WHERE title = :title? AND notes = :title;
-- CHECK-ERROR: 20:59: :title is an optional filter elsewhere: mark every use with '?' or none

inList:
SELECT id FROM reminder WHERE id IN :ids?;
-- CHECK-ERROR: 24:37: an IN list cannot be an optional filter; an empty array already matches nothing (write the condition without '?' after the name)
