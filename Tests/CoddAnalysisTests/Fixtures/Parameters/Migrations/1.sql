CREATE TABLE event (
  id INTEGER PRIMARY KEY,
  uid TEXT AS UUID NOT NULL,
  title TEXT NOT NULL,
  startsAt INTEGER AS Date USING unixTimeMilliseconds NOT NULL,
  endsAt INTEGER AS Date,
  day TEXT AS Date USING iso8601,
  payload BLOB AS UUID,
  seats INTEGER,
  price REAL NOT NULL DEFAULT 0,
  data ANY
);

CREATE TABLE membership (
  eventID INTEGER NOT NULL REFERENCES event(id),
  member TEXT NOT NULL,
  role TEXT NOT NULL,
  PRIMARY KEY (eventID, member)
);

CREATE TABLE account (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL,
  handle TEXT NOT NULL,
  region TEXT NOT NULL,
  UNIQUE (handle, region)
);

CREATE UNIQUE INDEX account_email ON account (email);
