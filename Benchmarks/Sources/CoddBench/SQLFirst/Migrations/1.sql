-- The benchmark's table, as CoddSide creates it.
CREATE TABLE "items" ("id" INTEGER PRIMARY KEY, "uuid" TEXT NOT NULL, "created" TEXT NOT NULL,
  "score" REAL NOT NULL, "title" TEXT NOT NULL, "tags" TEXT NOT NULL);
