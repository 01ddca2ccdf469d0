-- Names SQL allows and Swift does not: quotes, spaces, dashes, emoji, keywords.
CREATE TABLE "order" (
  "id" INTEGER PRIMARY KEY,
  "it's" TEXT NOT NULL,
  "a""quote" TEXT,
  "-- not a comment" INTEGER,
  "default" TEXT,
  "class" TEXT
);
