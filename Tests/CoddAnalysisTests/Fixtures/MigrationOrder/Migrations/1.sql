-- Ten migrations: applied 1, 2, …, 9, 10 (PureSQL orders them through a dictionary).
CREATE TABLE log (id INTEGER PRIMARY KEY);
