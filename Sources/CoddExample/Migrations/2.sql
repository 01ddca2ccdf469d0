-- Indexes: by list, and by due date as an instant (the expression queries compare).
CREATE INDEX "reminders_remindersListID" ON "reminders"("remindersListID");
CREATE INDEX "reminders_dueAt" ON "reminders"(julianday("dueAt"));
