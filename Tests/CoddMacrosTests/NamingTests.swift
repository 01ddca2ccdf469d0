import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Default table names: the type name in lower camel case, pluralized.
@Suite struct NamingTests {
    @Test(arguments: [
        ("Reminder", "reminders"),
        ("RemindersList", "remindersLists"),
        ("ReminderText", "reminderTexts"),
        ("Category", "categories"),
        ("Status", "statuses"),
        ("Box", "boxes"),
        ("Match", "matches"),
        ("Day", "days"),
        ("URLItem", "urlItems"),
        ("ID", "ids"),
        ("Address", "addresses"),
        ("Wish", "wishes"),
        ("Alias", "aliases"),
        ("Settings", "settings"),
        ("ReminderURL", "reminderURLs"),
        ("`Type`", "types"),
    ])
    func defaultTableName(typeName: String, tableName: String) {
        assertCoddExpansion(
            """
            @Table
            struct \(typeName) {
                var value: String
            }
            """,
            expandedSource: """
                struct \(typeName) {
                    var value: String
                }

                extension \(typeName): CoddQuery.Table {
                    static var tableName: String {
                        "\(tableName)"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = \(typeName)
                        let qualifier: String
                        var value: CoddQuery.TableColumn<\(typeName), String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "value")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["value"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("value", self.value)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("value", self.value)
                            }
                        }
                    }
                    static var columnCount: Int {
                        1
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.value = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.value = try String(decodingJSON: members.value(forKey: "value"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.value)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.value]
                    }
                }
                """
        )
    }
}
