-- The reminders schema, written as plain SQL. An annotated column names the Swift type
-- it holds (`BLOB AS UUID`); the migrator resolves each annotation to a codec, strips it,
-- and only then hands the SQL to SQLite.
CREATE TABLE "remindersLists" (
  "id" INTEGER PRIMARY KEY,
  "title" TEXT NOT NULL,
  "color" INTEGER NOT NULL
) STRICT;

CREATE TABLE "reminders" (
  "id" INTEGER PRIMARY KEY,
  "externalID" BLOB AS UUID NOT NULL UNIQUE,          -- 16 bytes
  "title" TEXT NOT NULL,
  "notes" TEXT NOT NULL DEFAULT '',
  "tags" TEXT NOT NULL DEFAULT '[]',                  -- a JSON array
  "isCompleted" INTEGER AS Bool NOT NULL DEFAULT 0,
  "priority" INTEGER AS Priority,                     -- the app's own codec
  "dueAt" TEXT AS Date,                               -- YYYY-MM-DD HH:MM:SS.SSS, UTC
  "createdAt" INTEGER AS Date USING unixTimeMilliseconds NOT NULL,
  "remindersListID" INTEGER NOT NULL REFERENCES "remindersLists"("id") ON DELETE CASCADE
) STRICT;
