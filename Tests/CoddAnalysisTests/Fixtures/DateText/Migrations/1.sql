-- A Date stored as Codd's TEXT (YYYY-MM-DD HH:MM:SS.SSS, UTC): compared as written, its
-- text ordering as the dates do; julianday(…) reads the forms other software writes.
CREATE TABLE invoice (
  id INTEGER PRIMARY KEY,
  issuedOn TEXT AS Date NOT NULL
);
