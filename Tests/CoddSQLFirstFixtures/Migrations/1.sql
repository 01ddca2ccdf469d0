-- Codd's README example, verbatim from PureSQL's primer.
CREATE TABLE todo (
  id INTEGER,
  name TEXT NOT NULL,
  completedOn INTEGER AS Date
)
