aggregatesOverNoRows:
SELECT max(pages) AS most, min(pages) AS least, sum(pages) AS pages, avg(pages) AS average,
       count(*) AS books, total(pages) AS totalPages, group_concat(title) AS titles
FROM book;
-- CHECK: output: AggregatesOverNoRowsOutput
-- CHECK: row: AggregatesOverNoRowsOutput(most: Int?, least: Int?, pages: Int?, average: Double?, books: Int, totalPages: Double, titles: String?)

-- A group is never empty: an aggregate of a column never NULL is never NULL per group.
aggregatesPerGroup:
SELECT authorID, max(pages) AS most, sum(price) AS spent, count(price) AS priced
FROM book GROUP BY authorID;
-- CHECK: row: AggregatesPerGroupOutput(authorID: Int, most: Int, spent: Double?, priced: Int)

filtered:
SELECT authorID, max(pages) FILTER (WHERE price > 10) AS most FROM book GROUP BY authorID;
-- CHECK: row: FilteredOutput(authorID: Int, most: Int?)

fallbacks:
SELECT coalesce(bio, name) AS shown, ifnull(bio, 'none') AS bio, nullif(name, '') AS name,
       coalesce(bio, bio) AS stillOptional
FROM author;
-- CHECK: row: FallbacksOutput(shown: String, bio: String, name: String?, stillOptional: String?)

cases:
SELECT CASE WHEN bio IS NULL THEN 'unknown' ELSE name END AS a,
       CASE WHEN bio IS NULL THEN 'unknown' END AS b,
       CASE id WHEN 1 THEN 1.5 ELSE 2 END AS c,
       iif(bio IS NULL, 0, 1) AS d
FROM author;
-- CHECK: row: CasesOutput(a: String, b: String?, c: Double, d: Int)

arithmetic:
SELECT pages + 1 AS next, pages * price AS cost, pages / 2 AS half, pages / id AS ratio, pages % 3 AS rest,
       -pages AS negated, title || '!' AS loud, pages > 100 AS isLong, price IS NULL AS free
FROM book;
-- CHECK: row: ArithmeticOutput(next: Int, cost: Double?, half: Int, ratio: Int?, rest: Int, negated: Int, loud: String, isLong: Bool, free: Bool)

subqueries:
SELECT (SELECT count(*) FROM book) AS books,
       (SELECT title FROM book WHERE book.authorID = author.id LIMIT 1) AS firstTitle,
       EXISTS (SELECT 1 FROM book WHERE book.authorID = author.id) AS writes
FROM author;
-- CHECK: row: SubqueriesOutput(books: Int, firstTitle: String?, writes: Bool)

casts:
SELECT CAST(pages AS TEXT) AS text, CAST(price AS INTEGER) AS rounded, CAST(title AS BLOB) AS bytes FROM book;
-- CHECK: row: CastsOutput(text: String, rounded: Int?, bytes: Data)

windows:
SELECT title, row_number() OVER (ORDER BY pages) AS position, rank() OVER w AS rank,
       lag(title) OVER w AS previous, lag(title, 1, '') OVER w AS previousOrEmpty,
       sum(pages) OVER (PARTITION BY authorID) AS authorPages,
       first_value(price) OVER w AS firstPrice, ntile(4) OVER w AS quartile, percent_rank() OVER w AS percent
FROM book WINDOW w AS (ORDER BY pages);
-- CHECK: row: WindowsOutput(title: String, position: Int, rank: Int, previous: String?, previousOrEmpty: String, authorPages: Int, firstPrice: Double?, quartile: Int, percent: Double)

union:
SELECT name FROM author UNION SELECT bio FROM author;
-- CHECK: output: [String?]

values:
VALUES (1, 'a'), (2, NULL);
-- CHECK: row: ValuesOutput(column1: Int, column2: String?)
