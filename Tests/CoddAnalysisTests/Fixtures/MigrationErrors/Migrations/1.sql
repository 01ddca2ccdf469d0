CREATE TABLE event (
  id INTEGER PRIMARY KEY,
  at BLOB AS Date
);
-- CHECK-ERROR: 3:6: BLOB AS Date: Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)
