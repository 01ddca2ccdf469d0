-- Every problem of a file is reported, each where it is.
misspelledKeyword:
SELECT name FORM todo;
-- CHECK-ERROR: 3:13: syntax error: 'FORM' reads as an alias here, then 'todo' makes no sense; did you mean FROM?

missingExpression:
SELECT name FROM todo WHERE;
-- CHECK-ERROR: 7:28: syntax error: expected an expression, found the end of the statement

unbalanced:
SELECT (name FROM todo;
-- CHECK-ERROR: 11:14: syntax error: expected ')', found 'FROM'

trailingComma:
SELECT id, FROM todo;
-- CHECK-ERROR: 15:12: syntax error: expected an expression, found 'FROM'

bareSubquery:
SELECT id FROM todo WHERE id = SELECT 1;
-- CHECK-ERROR: 19:32: a subquery must be in parentheses: (SELECT …)

deep:
SELECT ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))))));
-- CHECK-ERROR: 23:208: the query nests more than 200 levels deep (expressions and subqueries); simplify it

goodAfterBad:
SELECT name FROM todo;
-- CHECK: output: [String]
