-- PureSQL's function catalogue has no JSON, iif, printf, math, highlight or snippet, and
-- its parser stops at window functions and table-valued functions (json_each).
json:
SELECT json(attributes) AS normalized, json_array(id, name) AS array, json_object('id', id) AS object,
       json_extract(attributes, '$.color') AS color, attributes -> '$.size' AS sizeJSON, attributes ->> '$.size' AS size,
       json_type(attributes) AS type, json_valid(attributes) AS valid, json_array_length(attributes, '$.tags') AS tagCount,
       json_set(attributes, '$.seen', 1) AS seen, json_quote(name) AS quoted
FROM item;
-- CHECK: row: JsonOutput(normalized: String, array: String, object: String, color: SQLAny?, sizeJSON: String?, size: SQLAny?, type: String?, valid: Bool, tagCount: Int?, seen: String?, quoted: String)

jsonAggregates:
SELECT json_group_array(name) AS names, json_group_object(name, quantity) AS quantities FROM item;
-- CHECK: output: JsonAggregatesOutput
-- CHECK: row: JsonAggregatesOutput(names: String, quantities: String)

jsonEach:
SELECT item.id, entry.key, entry.value, entry.type FROM item, json_each(item.attributes) AS entry;
-- CHECK: row: JsonEachOutput(id: Int, key: SQLAny?, value: SQLAny?, type: String)

jsonTree:
SELECT fullkey, atom FROM json_tree(?) WHERE type = 'integer';
-- CHECK: input: json: String
-- CHECK: row: JsonTreeOutput(fullkey: String, atom: SQLAny?)

inJSONEach:
SELECT name FROM item WHERE id IN (SELECT value FROM json_each(:ids));
-- CHECK: input: ids: String

conditionals:
SELECT iif(quantity > 0, 'in stock', 'sold out') AS stock, printf('%s × %d', name, quantity) AS line,
       format('%.2f', amount) AS price, nullif(quantity, 0) AS nonZero
FROM item;
-- CHECK: row: ConditionalsOutput(stock: String, line: String, price: String, nonZero: Int?)

math:
SELECT sqrt(amount) AS root, pow(amount, 2) AS squared, ceil(amount) AS up, floor(quantity) AS down,
       trunc(amount) AS whole, abs(quantity) AS magnitude, round(amount, 1) AS rounded, sign(amount) AS sign,
       pi() AS pi, ln(amount) AS ln, log(10, amount) AS log, exp(quantity) AS e, mod(quantity, 3) AS remainder,
       degrees(amount) AS degrees
FROM item;
-- CHECK: row: MathOutput(root: Double?, squared: Double?, up: Double, down: Int, whole: Double, magnitude: Int, rounded: Double, sign: Int?, pi: Double, ln: Double?, log: Double?, e: Double?, remainder: Double?, degrees: Double)

strings:
SELECT upper(name) AS upper, lower(note) AS lower, trim(name, ' ') AS trimmed, replace(name, 'a', 'b') AS replaced,
       substr(name, 2) AS tail, substr(image, 1, 2) AS head, instr(name, 'x') AS at, length(note) AS length,
       hex(image) AS hex, quote(note) AS quoted, char(65, 66) AS letters, unicode(name) AS code, typeof(note) AS type,
       name || note AS joined, soundex(name) AS soundex
FROM item;
-- CHECK: row: StringsOutput(upper: String, lower: String?, trimmed: String, replaced: String, tail: String, head: Data?, at: Int, length: Int?, hex: String, quoted: String, letters: String, code: Int?, type: String, joined: String?, soundex: String)

dates:
SELECT date(createdAt) AS day, datetime(createdAt, '+1 day') AS tomorrow, julianday(createdAt) AS julian,
       unixepoch(createdAt) AS seconds, strftime('%Y', createdAt) AS year, time('now') AS now
FROM item;
-- CHECK: row: DatesOutput(day: String?, tomorrow: String?, julian: Double?, seconds: Int?, year: String?, now: String?)

system:
SELECT random() AS random, randomblob(8) AS bytes, zeroblob(4) AS zeros, changes() AS changes,
       last_insert_rowid() AS lastID, sqlite_version() AS version, likely(quantity > 1) AS likely,
       coalesce(note, name, 'x') AS shown
FROM item;
-- CHECK: row: SystemOutput(random: Int, bytes: Data, zeros: Data, changes: Int, lastID: Int, version: String, likely: Bool, shown: String)

fts5:
SELECT id, rank, bm25(itemSearch, 1.0, 2.0) AS score,
       highlight(itemSearch, 1, '<b>', '</b>') AS highlighted,
       snippet(itemSearch, 2, '<b>', '</b>', '…', 8) AS snippet
FROM itemSearch WHERE itemSearch MATCH :pattern ORDER BY rank;
-- CHECK: input: pattern: FTS5Pattern
-- CHECK: row: Fts5Output(id: Int, rank: Double?, score: Double, highlighted: String?, snippet: String?)

windows:
SELECT name, dense_rank() OVER (ORDER BY amount DESC) AS place, cume_dist() OVER (ORDER BY amount) AS cumulative,
       lead(amount, 1, 0) OVER (ORDER BY id) AS nextAmount, nth_value(name, 2) OVER (ORDER BY id) AS second,
       last_value(note) OVER (ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS lastNote,
       count(*) OVER () AS total, avg(amount) OVER (ORDER BY id ROWS BETWEEN ? PRECEDING AND CURRENT ROW) AS moving
FROM item;
-- CHECK: input: offset: Int
-- CHECK: row: WindowsOutput(name: String, place: Int, cumulative: Double, nextAmount: Double, second: String?, lastNote: String?, total: Int, moving: Double?)
