-- PureSQL marks a plain JOIN's table optional: it is not.
innerJoin:
SELECT author.name, book.title FROM author JOIN book ON book.authorID = author.id;
-- CHECK: row: InnerJoinOutput(name: String, title: String)

commaAndCross:
SELECT author.name, book.title FROM author, book CROSS JOIN note;
-- CHECK: row: CommaAndCrossOutput(name: String, title: String)

leftJoin:
SELECT author.name, book.title FROM author LEFT JOIN book ON book.authorID = author.id;
-- CHECK: row: LeftJoinOutput(name: String, title: String?)

-- PureSQL never marks RIGHT JOIN's left side optional: it is.
rightJoin:
SELECT author.name, book.title FROM author RIGHT JOIN book ON book.authorID = author.id;
-- CHECK: row: RightJoinOutput(name: String?, title: String)

fullJoin:
SELECT author.name, book.title FROM author FULL OUTER JOIN book ON book.authorID = author.id;
-- CHECK: row: FullJoinOutput(name: String?, title: String?)

-- sqlc gets LEFT JOIN nullability wrong on subqueries: a subquery's columns on the outer
-- side are optional too.
leftJoinSubquery:
SELECT author.name, counts.books
FROM author LEFT JOIN (SELECT authorID, count(*) AS books FROM book GROUP BY authorID) AS counts
  ON counts.authorID = author.id;
-- CHECK: row: LeftJoinSubqueryOutput(name: String, books: Int?)

-- An outer join inside a subquery stays optional outside it.
subqueryHoldingALeftJoin:
SELECT pairs.name, pairs.title FROM (SELECT author.name, book.title FROM author LEFT JOIN book ON book.authorID = author.id) AS pairs;
-- CHECK: row: SubqueryHoldingALeftJoinOutput(name: String, title: String?)

-- And through a CTE.
cte:
WITH pairs AS (SELECT author.name, book.title FROM author LEFT JOIN book ON book.authorID = author.id)
SELECT name, title FROM pairs;
-- CHECK: row: CteOutput(name: String, title: String?)

cteOnTheOuterSide:
WITH titled AS (SELECT authorID, title FROM book)
SELECT author.name, titled.title FROM author LEFT JOIN titled ON titled.authorID = author.id;
-- CHECK: row: CteOnTheOuterSideOutput(name: String, title: String?)

nested:
SELECT author.name, book.title, note.body
FROM author LEFT JOIN (book JOIN note ON note.label = book.title) ON book.authorID = author.id;
-- CHECK: row: NestedOutput(name: String, title: String?, body: String?)

naturalAndUsing:
SELECT author.name, book.title FROM author JOIN book USING (id);
-- CHECK: row: NaturalAndUsingOutput(name: String, title: String)

-- The embedded row of an outer join's side is optional: nil when the row is missing.
embeddedOuter:
SELECT author.*, book.* FROM author LEFT JOIN book ON book.authorID = author.id;
-- CHECK: row: EmbeddedOuterOutput(author: Author (embedded), book: Book? (embedded))

-- A table with no column that is never NULL: an absent row reads as nil from all NULLs.
embeddedNote:
SELECT author.*, note.* FROM author LEFT JOIN note ON note.label = author.name;
-- CHECK: row: EmbeddedNoteOutput(author: Author (embedded), note: Note? (embedded))

oneTable:
SELECT book.* FROM author JOIN book ON book.authorID = author.id;
-- CHECK: output: [Book]

oneTableOnTheOuterSide:
SELECT book.* FROM author LEFT JOIN book ON book.authorID = author.id;
-- CHECK: row: OneTableOnTheOuterSideOutput(book: Book? (embedded))
