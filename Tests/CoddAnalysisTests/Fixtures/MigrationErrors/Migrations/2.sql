CREATE TABLE todo (id TEXT AS "Todo.ID" PRIMARY KEY NOT NULL);
-- CHECK-ERROR: 1:23: TEXT AS "Todo.ID": no codec is registered for Todo.ID; registered types: Bool, Data, Date, Decimal, Double, Float, Int, Int16, Int32, Int64, Int8, JSON, String, UInt16, UInt32, UInt64, UInt8, UUID, [UInt8]
