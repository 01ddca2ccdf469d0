-- Names SQL allows and Swift does not: quotes, spaces, a comment marker, emoji, keywords.
CREATE TABLE "order" (
  "id" INTEGER PRIMARY KEY,
  "it's" TEXT NOT NULL,
  "a""quote" TEXT,
  "-- not a comment" INTEGER,
  "default" TEXT,
  "due at" INTEGER AS Date
);
