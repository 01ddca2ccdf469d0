-- An unterminated string hides the rest of the file: one error, where the string opens.
-- CHECK-ERROR: 4:8: unterminated string literal: a ' is never closed
broken:
SELECT 'never closed FROM "order";
