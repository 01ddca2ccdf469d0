@testable import CoddMacros
import CoddQuery
import Testing

/// Table names come from the macro (compile time) and alias names from `TableNaming` (run
/// time); a compiler plugin cannot share code with the runtime, so the two copies of the
/// rules are held to the same answers here.
@Suite struct NamingAgreementTests {
    @Test(arguments: [
        "Reminder", "RemindersList", "ReminderText", "Category", "Status", "Box", "Match", "Day",
        "URLItem", "ID", "Settings", "Notes", "Bus", "Analysis", "Alias", "Idea", "Wish", "Key", "Manager",
    ])
    func macroAndRuntimeAgree(typeName: String) {
        #expect(Naming.tableName(forTypeNamed: typeName) == TableNaming.tableName(forTypeNamed: typeName))
    }
}
