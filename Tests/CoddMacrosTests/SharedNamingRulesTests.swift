import CoddNaming
import CoddQuery
import Testing

/// The table-name rules from their one source (`CoddNaming`): `TableNaming` (the runtime,
/// for `TableAlias`) gives what `@Table` expands to (`NamingTests`).
@Suite struct SharedNamingRulesTests {
    @Test(arguments: [
        ("Reminder", "reminders"), ("RemindersList", "remindersLists"), ("ReminderText", "reminderTexts"),
        ("Category", "categories"), ("Status", "statuses"), ("Box", "boxes"), ("Match", "matches"),
        ("Day", "days"), ("URLItem", "urlItems"), ("ID", "ids"), ("Settings", "settings"), ("Notes", "notes"),
        ("Bus", "buses"), ("Alias", "aliases"), ("Idea", "ideas"), ("Wish", "wishes"), ("Key", "keys"),
        ("Manager", "managers"), ("reminderURL", "reminderURLs"), ("Area", "areas"),
    ])
    func tableNames(typeName: String, tableName: String) {
        #expect(TableNaming.tableName(forTypeNamed: typeName) == tableName)
        #expect(Naming.tableName(forTypeNamed: typeName) == tableName)
    }

    @Test func backticksAreNotPartOfTheName() {
        #expect(Naming.tableName(forTypeNamed: "`Default`") == "defaults")
    }
}
