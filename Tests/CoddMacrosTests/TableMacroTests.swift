import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Table` expansions: columns, primary keys, representations, Drafts, access levels.
@Suite struct TableMacroTests {
    /// The spec's reminder: inferred types, a renamed column, plain and optional representations, an optional enum, a
    /// member type, an ignored property, a computed and a static property.
    @Test func reminderExpansion() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Reminder {
                let id: Int
                var title = ""
                @Column("is_completed") var isCompleted = false
                @Column(as: UUIDBytes.self) var externalID: UUID
                @Column(as: UUIDBytes.self) var parentID: UUID?
                var priority: Priority?
                var remindersListID: RemindersList.ID
                @Ignored var isSelected = false
                var computed: Int { 1 }
                static let defaultTitle = "x"
            }
            """##,
            expandedSource: ##"""
                struct Reminder {
                    let id: Int
                    var title = ""
                    var isCompleted = false
                    var externalID: UUID
                    var parentID: UUID?
                    var priority: Priority?
                    var remindersListID: RemindersList.ID
                    var isSelected = false
                    var computed: Int { 1 }
                    static let defaultTitle = "x"
                }

                extension Reminder: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    static var tableName: String {
                        "reminders"
                    }
                    struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        typealias QueryValue = Reminder
                        typealias PrimaryKey = Int
                        let qualifier: String
                        var id: CoddQuery.TableColumn<Reminder, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        var title: CoddQuery.TableColumn<Reminder, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "title")
                        }
                        var isCompleted: CoddQuery.TableColumn<Reminder, Bool> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "is_completed")
                        }
                        var externalID: CoddQuery.TableColumn<Reminder, UUIDBytes> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "externalID")
                        }
                        var parentID: CoddQuery.TableColumn<Reminder, UUIDBytes?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "parentID")
                        }
                        var priority: CoddQuery.TableColumn<Reminder, Priority?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "priority")
                        }
                        var remindersListID: CoddQuery.TableColumn<Reminder, RemindersList.ID> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "remindersListID")
                        }
                        var primaryKey: CoddQuery.TableColumn<Reminder, Int> {
                            self.id
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["id", "title", "is_completed", "externalID", "parentID", "priority", "remindersListID"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("id", self.id), ("title", self.title), ("isCompleted", self.isCompleted), ("externalID", self.externalID), ("parentID", self.parentID), ("priority", self.priority), ("remindersListID", self.remindersListID)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("id", self.id)
                                try $0.jsonMember("title", self.title)
                                try $0.jsonMember("is_completed", self.isCompleted)
                                try $0.jsonMember("externalID", self.externalID)
                                try $0.jsonMember("parentID", self.parentID)
                                try $0.jsonMember("priority", self.priority)
                                try $0.jsonMember("remindersListID", self.remindersListID)
                            }
                        }
                    }
                    static var columnCount: Int {
                        7
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.id = try Int(decodingRow: reader, at: &index)
                        self.title = try String(decodingRow: reader, at: &index)
                        self.isCompleted = try Bool(decodingRow: reader, at: &index)
                        self.externalID = try UUIDBytes(decodingRow: reader, at: &index).represented
                        self.parentID = try UUIDBytes?(decodingRow: reader, at: &index).represented
                        self.priority = try Priority?(decodingRow: reader, at: &index)
                        self.remindersListID = try RemindersList.ID(decodingRow: reader, at: &index)
                        self.isSelected = false
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                        self.title = try String(decodingJSON: members.value(forKey: "title"))
                        self.isCompleted = try Bool(decodingJSON: members.value(forKey: "is_completed", alternateKey: "isCompleted"))
                        self.externalID = try UUIDBytes(decodingJSON: members.value(forKey: "externalID")).represented
                        self.parentID = try UUIDBytes?(decodingJSON: members.value(forKey: "parentID")).represented
                        self.priority = try Priority?(decodingJSON: members.value(forKey: "priority"))
                        self.remindersListID = try RemindersList.ID(decodingJSON: members.value(forKey: "remindersListID"))
                        self.isSelected = false
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                        try builder.listItem {
                            try $0.value(self.title)
                        }
                        try builder.listItem {
                            try $0.value(self.isCompleted)
                        }
                        try builder.listItem {
                            try $0.value(UUIDBytes(represented: self.externalID))
                        }
                        try builder.listItem {
                            try $0.value(UUIDBytes?(represented: self.parentID))
                        }
                        try builder.listItem {
                            try $0.value(self.priority)
                        }
                        try builder.listItem {
                            try $0.value(self.remindersListID)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.id, self.title, self.isCompleted, UUIDBytes(represented: self.externalID), UUIDBytes?(represented: self.parentID), self.priority, self.remindersListID]
                    }
                    struct Draft: CoddQuery.Table {
                        var title: String
                        var isCompleted: Bool
                        var externalID: UUID
                        var parentID: UUID?
                        var priority: Priority?
                        var remindersListID: RemindersList.ID
                        init(title: String = "", isCompleted: Bool = false, externalID: UUID, parentID: UUID? = nil, priority: Priority? = nil, remindersListID: RemindersList.ID) {
                            self.title = title
                            self.isCompleted = isCompleted
                            self.externalID = externalID
                            self.parentID = parentID
                            self.priority = priority
                            self.remindersListID = remindersListID
                        }
                        static var tableName: String {
                            Reminder.tableName
                        }
                        struct TableColumns: CoddQuery.TableDefinition {
                            typealias QueryValue = Draft
                            let qualifier: String
                            var title: CoddQuery.TableColumn<Draft, String> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "title")
                            }
                            var isCompleted: CoddQuery.TableColumn<Draft, Bool> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "is_completed")
                            }
                            var externalID: CoddQuery.TableColumn<Draft, UUIDBytes> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "externalID")
                            }
                            var parentID: CoddQuery.TableColumn<Draft, UUIDBytes?> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "parentID")
                            }
                            var priority: CoddQuery.TableColumn<Draft, Priority?> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "priority")
                            }
                            var remindersListID: CoddQuery.TableColumn<Draft, RemindersList.ID> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "remindersListID")
                            }
                            init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            static var columnNames: [String] {
                                ["title", "is_completed", "externalID", "parentID", "priority", "remindersListID"]
                            }
                            var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                [("title", self.title), ("isCompleted", self.isCompleted), ("externalID", self.externalID), ("parentID", self.parentID), ("priority", self.priority), ("remindersListID", self.remindersListID)]
                            }
                            func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                try builder.jsonObject {
                                    try $0.jsonMember("title", self.title)
                                    try $0.jsonMember("is_completed", self.isCompleted)
                                    try $0.jsonMember("externalID", self.externalID)
                                    try $0.jsonMember("parentID", self.parentID)
                                    try $0.jsonMember("priority", self.priority)
                                    try $0.jsonMember("remindersListID", self.remindersListID)
                                }
                            }
                        }
                        static var columnCount: Int {
                            6
                        }
                        init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                            self.title = try String(decodingRow: reader, at: &index)
                            self.isCompleted = try Bool(decodingRow: reader, at: &index)
                            self.externalID = try UUIDBytes(decodingRow: reader, at: &index).represented
                            self.parentID = try UUIDBytes?(decodingRow: reader, at: &index).represented
                            self.priority = try Priority?(decodingRow: reader, at: &index)
                            self.remindersListID = try RemindersList.ID(decodingRow: reader, at: &index)
                        }
                        init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            var members = try json.members(for: Self.self)
                            self.title = try String(decodingJSON: members.value(forKey: "title"))
                            self.isCompleted = try Bool(decodingJSON: members.value(forKey: "is_completed", alternateKey: "isCompleted"))
                            self.externalID = try UUIDBytes(decodingJSON: members.value(forKey: "externalID")).represented
                            self.parentID = try UUIDBytes?(decodingJSON: members.value(forKey: "parentID")).represented
                            self.priority = try Priority?(decodingJSON: members.value(forKey: "priority"))
                            self.remindersListID = try RemindersList.ID(decodingJSON: members.value(forKey: "remindersListID"))
                        }
                        func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.listItem {
                                try $0.value(self.title)
                            }
                            try builder.listItem {
                                try $0.value(self.isCompleted)
                            }
                            try builder.listItem {
                                try $0.value(UUIDBytes(represented: self.externalID))
                            }
                            try builder.listItem {
                                try $0.value(UUIDBytes?(represented: self.parentID))
                            }
                            try builder.listItem {
                                try $0.value(self.priority)
                            }
                            try builder.listItem {
                                try $0.value(self.remindersListID)
                            }
                        }
                        func columnValues() throws -> [any CoddCore.SQLExpression] {
                            [self.title, self.isCompleted, UUIDBytes(represented: self.externalID), UUIDBytes?(represented: self.parentID), self.priority, self.remindersListID]
                        }
                    }
                }
                """##
        )
    }

    /// A property named `id` is the primary key; the Draft leaves it out.
    @Test func primaryKeyNamedID() {
        assertCoddExpansion(
            ##"""
            @Table
            struct RemindersList {
                let id: Int
                var title: String
            }
            """##,
            expandedSource: ##"""
                struct RemindersList {
                    let id: Int
                    var title: String
                }

                extension RemindersList: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    static var tableName: String {
                        "remindersLists"
                    }
                    struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        typealias QueryValue = RemindersList
                        typealias PrimaryKey = Int
                        let qualifier: String
                        var id: CoddQuery.TableColumn<RemindersList, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        var title: CoddQuery.TableColumn<RemindersList, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "title")
                        }
                        var primaryKey: CoddQuery.TableColumn<RemindersList, Int> {
                            self.id
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["id", "title"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("id", self.id), ("title", self.title)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("id", self.id)
                                try $0.jsonMember("title", self.title)
                            }
                        }
                    }
                    static var columnCount: Int {
                        2
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.id = try Int(decodingRow: reader, at: &index)
                        self.title = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                        self.title = try String(decodingJSON: members.value(forKey: "title"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                        try builder.listItem {
                            try $0.value(self.title)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.id, self.title]
                    }
                    struct Draft: CoddQuery.Table {
                        var title: String
                        init(title: String) {
                            self.title = title
                        }
                        static var tableName: String {
                            RemindersList.tableName
                        }
                        struct TableColumns: CoddQuery.TableDefinition {
                            typealias QueryValue = Draft
                            let qualifier: String
                            var title: CoddQuery.TableColumn<Draft, String> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "title")
                            }
                            init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            static var columnNames: [String] {
                                ["title"]
                            }
                            var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                [("title", self.title)]
                            }
                            func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                try builder.jsonObject {
                                    try $0.jsonMember("title", self.title)
                                }
                            }
                        }
                        static var columnCount: Int {
                            1
                        }
                        init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                            self.title = try String(decodingRow: reader, at: &index)
                        }
                        init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            var members = try json.members(for: Self.self)
                            self.title = try String(decodingJSON: members.value(forKey: "title"))
                        }
                        func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.listItem {
                                try $0.value(self.title)
                            }
                        }
                        func columnValues() throws -> [any CoddCore.SQLExpression] {
                            [self.title]
                        }
                    }
                }
                """##
        )
    }

    /// `@Column(primaryKey: true)` wins over a property named `id`, and keeps its name and representation.
    @Test func primaryKeyMarked() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Device {
                @Column("uuid", as: UUIDBytes.self, primaryKey: true) let uuid: UUID
                var id: Int
                var name = "Phone"
            }
            """##,
            expandedSource: ##"""
                struct Device {
                    let uuid: UUID
                    var id: Int
                    var name = "Phone"
                }

                extension Device: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    static var tableName: String {
                        "devices"
                    }
                    struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        typealias QueryValue = Device
                        typealias PrimaryKey = UUIDBytes
                        let qualifier: String
                        var uuid: CoddQuery.TableColumn<Device, UUIDBytes> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "uuid")
                        }
                        var id: CoddQuery.TableColumn<Device, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        var name: CoddQuery.TableColumn<Device, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "name")
                        }
                        var primaryKey: CoddQuery.TableColumn<Device, UUIDBytes> {
                            self.uuid
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["uuid", "id", "name"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("uuid", self.uuid), ("id", self.id), ("name", self.name)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("uuid", self.uuid)
                                try $0.jsonMember("id", self.id)
                                try $0.jsonMember("name", self.name)
                            }
                        }
                    }
                    static var columnCount: Int {
                        3
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.uuid = try UUIDBytes(decodingRow: reader, at: &index).represented
                        self.id = try Int(decodingRow: reader, at: &index)
                        self.name = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.uuid = try UUIDBytes(decodingJSON: members.value(forKey: "uuid")).represented
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                        self.name = try String(decodingJSON: members.value(forKey: "name"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(UUIDBytes(represented: self.uuid))
                        }
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                        try builder.listItem {
                            try $0.value(self.name)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [UUIDBytes(represented: self.uuid), self.id, self.name]
                    }
                    struct Draft: CoddQuery.Table {
                        var uuid: UUID
                        var id: Int
                        var name: String
                        init(uuid: UUID = UUID(), id: Int, name: String = "Phone") {
                            self.uuid = uuid
                            self.id = id
                            self.name = name
                        }
                        static var tableName: String {
                            Device.tableName
                        }
                        struct TableColumns: CoddQuery.TableDefinition {
                            typealias QueryValue = Draft
                            let qualifier: String
                            var uuid: CoddQuery.TableColumn<Draft, UUIDBytes> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "uuid")
                            }
                            var id: CoddQuery.TableColumn<Draft, Int> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                            }
                            var name: CoddQuery.TableColumn<Draft, String> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "name")
                            }
                            init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            static var columnNames: [String] {
                                ["uuid", "id", "name"]
                            }
                            var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                [("uuid", self.uuid), ("id", self.id), ("name", self.name)]
                            }
                            func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                try builder.jsonObject {
                                    try $0.jsonMember("uuid", self.uuid)
                                    try $0.jsonMember("id", self.id)
                                    try $0.jsonMember("name", self.name)
                                }
                            }
                        }
                        static var columnCount: Int {
                            3
                        }
                        init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                            self.uuid = try UUIDBytes(decodingRow: reader, at: &index).represented
                            self.id = try Int(decodingRow: reader, at: &index)
                            self.name = try String(decodingRow: reader, at: &index)
                        }
                        init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            var members = try json.members(for: Self.self)
                            self.uuid = try UUIDBytes(decodingJSON: members.value(forKey: "uuid")).represented
                            self.id = try Int(decodingJSON: members.value(forKey: "id"))
                            self.name = try String(decodingJSON: members.value(forKey: "name"))
                        }
                        func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.listItem {
                                try $0.value(UUIDBytes(represented: self.uuid))
                            }
                            try builder.listItem {
                                try $0.value(self.id)
                            }
                            try builder.listItem {
                                try $0.value(self.name)
                            }
                        }
                        func columnValues() throws -> [any CoddCore.SQLExpression] {
                            [UUIDBytes(represented: self.uuid), self.id, self.name]
                        }
                    }
                }
                """##
        )
    }

    /// `primaryKey: false` marks nothing: a property named `id` is still the key.
    @Test func primaryKeyFalseIsNotAKey() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Item {
                @Column(primaryKey: false) var code: String
                let id: Int
            }
            """##,
            expandedSource: ##"""
                struct Item {
                    var code: String
                    let id: Int
                }

                extension Item: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    static var tableName: String {
                        "items"
                    }
                    struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        typealias QueryValue = Item
                        typealias PrimaryKey = Int
                        let qualifier: String
                        var code: CoddQuery.TableColumn<Item, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "code")
                        }
                        var id: CoddQuery.TableColumn<Item, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        var primaryKey: CoddQuery.TableColumn<Item, Int> {
                            self.id
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["code", "id"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("code", self.code), ("id", self.id)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("code", self.code)
                                try $0.jsonMember("id", self.id)
                            }
                        }
                    }
                    static var columnCount: Int {
                        2
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.code = try String(decodingRow: reader, at: &index)
                        self.id = try Int(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.code = try String(decodingJSON: members.value(forKey: "code"))
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.code)
                        }
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.code, self.id]
                    }
                    struct Draft: CoddQuery.Table {
                        var code: String
                        init(code: String) {
                            self.code = code
                        }
                        static var tableName: String {
                            Item.tableName
                        }
                        struct TableColumns: CoddQuery.TableDefinition {
                            typealias QueryValue = Draft
                            let qualifier: String
                            var code: CoddQuery.TableColumn<Draft, String> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "code")
                            }
                            init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            static var columnNames: [String] {
                                ["code"]
                            }
                            var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                [("code", self.code)]
                            }
                            func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                try builder.jsonObject {
                                    try $0.jsonMember("code", self.code)
                                }
                            }
                        }
                        static var columnCount: Int {
                            1
                        }
                        init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                            self.code = try String(decodingRow: reader, at: &index)
                        }
                        init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            var members = try json.members(for: Self.self)
                            self.code = try String(decodingJSON: members.value(forKey: "code"))
                        }
                        func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.listItem {
                                try $0.value(self.code)
                            }
                        }
                        func columnValues() throws -> [any CoddCore.SQLExpression] {
                            [self.code]
                        }
                    }
                }
                """##
        )
    }

    /// Without a primary key: `Table` only, no Draft and no `PrimaryKeyedTableDefinition`.
    @Test func noPrimaryKey() {
        assertCoddExpansion(
            ##"""
            @Table
            struct LogEntry {
                var message: String
                var level = 0
            }
            """##,
            expandedSource: ##"""
                struct LogEntry {
                    var message: String
                    var level = 0
                }

                extension LogEntry: CoddQuery.Table {
                    static var tableName: String {
                        "logEntries"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = LogEntry
                        let qualifier: String
                        var message: CoddQuery.TableColumn<LogEntry, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "message")
                        }
                        var level: CoddQuery.TableColumn<LogEntry, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "level")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["message", "level"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("message", self.message), ("level", self.level)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("message", self.message)
                                try $0.jsonMember("level", self.level)
                            }
                        }
                    }
                    static var columnCount: Int {
                        2
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.message = try String(decodingRow: reader, at: &index)
                        self.level = try Int(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.message = try String(decodingJSON: members.value(forKey: "message"))
                        self.level = try Int(decodingJSON: members.value(forKey: "level"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.message)
                        }
                        try builder.listItem {
                            try $0.value(self.level)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.message, self.level]
                    }
                }
                """##
        )
    }

    /// A public struct gets public members and nested types.
    @Test func publicAccess() {
        assertCoddExpansion(
            ##"""
            @Table
            public struct Tag {
                public let id: Int
                public var name = ""
            }
            """##,
            expandedSource: ##"""
                public struct Tag {
                    public let id: Int
                    public var name = ""
                }

                extension Tag: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    public static var tableName: String {
                        "tags"
                    }
                    public struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        public typealias QueryValue = Tag
                        public typealias PrimaryKey = Int
                        public let qualifier: String
                        public var id: CoddQuery.TableColumn<Tag, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        public var name: CoddQuery.TableColumn<Tag, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "name")
                        }
                        public var primaryKey: CoddQuery.TableColumn<Tag, Int> {
                            self.id
                        }
                        public init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        public static var columnNames: [String] {
                            ["id", "name"]
                        }
                        public var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("id", self.id), ("name", self.name)]
                        }
                        public func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("id", self.id)
                                try $0.jsonMember("name", self.name)
                            }
                        }
                    }
                    public static var columnCount: Int {
                        2
                    }
                    public init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.id = try Int(decodingRow: reader, at: &index)
                        self.name = try String(decodingRow: reader, at: &index)
                    }
                    public init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                        self.name = try String(decodingJSON: members.value(forKey: "name"))
                    }
                    public func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                        try builder.listItem {
                            try $0.value(self.name)
                        }
                    }
                    public func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.id, self.name]
                    }
                    public struct Draft: CoddQuery.Table {
                        public var name: String
                        public init(name: String = "") {
                            self.name = name
                        }
                        public static var tableName: String {
                            Tag.tableName
                        }
                        public struct TableColumns: CoddQuery.TableDefinition {
                            public typealias QueryValue = Draft
                            public let qualifier: String
                            public var name: CoddQuery.TableColumn<Draft, String> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "name")
                            }
                            public init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            public static var columnNames: [String] {
                                ["name"]
                            }
                            public var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                [("name", self.name)]
                            }
                            public func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                try builder.jsonObject {
                                    try $0.jsonMember("name", self.name)
                                }
                            }
                        }
                        public static var columnCount: Int {
                            1
                        }
                        public init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                            self.name = try String(decodingRow: reader, at: &index)
                        }
                        public init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            var members = try json.members(for: Self.self)
                            self.name = try String(decodingJSON: members.value(forKey: "name"))
                        }
                        public func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.listItem {
                                try $0.value(self.name)
                            }
                        }
                        public func columnValues() throws -> [any CoddCore.SQLExpression] {
                            [self.name]
                        }
                    }
                }
                """##
        )
    }

    /// A package struct gets package members.
    @Test func packageAccess() {
        assertCoddExpansion(
            ##"""
            @Table
            package struct Tag {
                var name: String
            }
            """##,
            expandedSource: ##"""
                package struct Tag {
                    var name: String
                }

                extension Tag: CoddQuery.Table {
                    package static var tableName: String {
                        "tags"
                    }
                    package struct TableColumns: CoddQuery.TableDefinition {
                        package typealias QueryValue = Tag
                        package let qualifier: String
                        package var name: CoddQuery.TableColumn<Tag, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "name")
                        }
                        package init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        package static var columnNames: [String] {
                            ["name"]
                        }
                        package var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("name", self.name)]
                        }
                        package func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("name", self.name)
                            }
                        }
                    }
                    package static var columnCount: Int {
                        1
                    }
                    package init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.name = try String(decodingRow: reader, at: &index)
                    }
                    package init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.name = try String(decodingJSON: members.value(forKey: "name"))
                    }
                    package func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.name)
                        }
                    }
                    package func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.name]
                    }
                }
                """##
        )
    }

    /// A private struct's members take no modifier (they cannot be wider than the type).
    @Test func privateStructGetsNoModifier() {
        assertCoddExpansion(
            ##"""
            @Table
            private struct Secret {
                var value: String
            }
            """##,
            expandedSource: ##"""
                private struct Secret {
                    var value: String
                }

                extension Secret: CoddQuery.Table {
                    static var tableName: String {
                        "secrets"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Secret
                        let qualifier: String
                        var value: CoddQuery.TableColumn<Secret, String> {
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
                """##
        )
    }

    /// Names with quotes and backslashes stay valid Swift string literals with the same value.
    @Test func quotedTableName() {
        assertCoddExpansion(
            ##"""
            @Table("my \"quoted\" name")
            struct Quoted {
                @Column(#"back\slash"#) var value: String
            }
            """##,
            expandedSource: ##"""
                struct Quoted {
                    var value: String
                }

                extension Quoted: CoddQuery.Table {
                    static var tableName: String {
                        "my \"quoted\" name"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Quoted
                        let qualifier: String
                        var value: CoddQuery.TableColumn<Quoted, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "back\\slash")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["back\\slash"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("value", self.value)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("back\\slash", self.value)
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
                        self.value = try String(decodingJSON: members.value(forKey: "back\\slash", alternateKey: "value"))
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
                """##
        )
    }

    /// Escapes in name literals are resolved (tab, Unicode, a raw string) and written back escaped.
    @Test func escapedNames() {
        assertCoddExpansion(
            ##"""
            @Table("tab\tseparated")
            struct Escaped {
                @Column("\u{E9}t\u{E9}") var summer: String
                @Column(#"50% "off""#) var discount: Double
            }
            """##,
            expandedSource: ##"""
                struct Escaped {
                    var summer: String
                    var discount: Double
                }

                extension Escaped: CoddQuery.Table {
                    static var tableName: String {
                        "tab\tseparated"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Escaped
                        let qualifier: String
                        var summer: CoddQuery.TableColumn<Escaped, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "été")
                        }
                        var discount: CoddQuery.TableColumn<Escaped, Double> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "50% \"off\"")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["été", "50% \"off\""]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("summer", self.summer), ("discount", self.discount)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("été", self.summer)
                                try $0.jsonMember("50% \"off\"", self.discount)
                            }
                        }
                    }
                    static var columnCount: Int {
                        2
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.summer = try String(decodingRow: reader, at: &index)
                        self.discount = try Double(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.summer = try String(decodingJSON: members.value(forKey: "été", alternateKey: "summer"))
                        self.discount = try Double(decodingJSON: members.value(forKey: "50% \"off\"", alternateKey: "discount"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.summer)
                        }
                        try builder.listItem {
                            try $0.value(self.discount)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.summer, self.discount]
                    }
                }
                """##
        )
    }

    /// `@Table("name")` overrides the default name.
    @Test func explicitTableName() {
        assertCoddExpansion(
            ##"""
            @Table("reminder_items")
            struct Reminder {
                var title: String
            }
            """##,
            expandedSource: ##"""
                struct Reminder {
                    var title: String
                }

                extension Reminder: CoddQuery.Table {
                    static var tableName: String {
                        "reminder_items"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Reminder
                        let qualifier: String
                        var title: CoddQuery.TableColumn<Reminder, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "title")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["title"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("title", self.title)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("title", self.title)
                            }
                        }
                    }
                    static var columnCount: Int {
                        1
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.title = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.title = try String(decodingJSON: members.value(forKey: "title"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.title)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.title]
                    }
                }
                """##
        )
    }

    /// Types inferred from literal initial values: String, Int (negative too), Double, Bool.
    @Test func typeInference() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Defaults {
                var text = "a"
                var multiline = """
                    b
                    """
                var count = 1
                var negative = -2
                var ratio = 1.5
                var negativeRatio = -0.25
                var hex = 0xFF
                var isOn = true
                var isOff = false
            }
            """##,
            expandedSource: ##"""
                struct Defaults {
                    var text = "a"
                    var multiline = """
                        b
                        """
                    var count = 1
                    var negative = -2
                    var ratio = 1.5
                    var negativeRatio = -0.25
                    var hex = 0xFF
                    var isOn = true
                    var isOff = false
                }

                extension Defaults: CoddQuery.Table {
                    static var tableName: String {
                        "defaults"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Defaults
                        let qualifier: String
                        var text: CoddQuery.TableColumn<Defaults, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "text")
                        }
                        var multiline: CoddQuery.TableColumn<Defaults, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "multiline")
                        }
                        var count: CoddQuery.TableColumn<Defaults, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "count")
                        }
                        var negative: CoddQuery.TableColumn<Defaults, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "negative")
                        }
                        var ratio: CoddQuery.TableColumn<Defaults, Double> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "ratio")
                        }
                        var negativeRatio: CoddQuery.TableColumn<Defaults, Double> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "negativeRatio")
                        }
                        var hex: CoddQuery.TableColumn<Defaults, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "hex")
                        }
                        var isOn: CoddQuery.TableColumn<Defaults, Bool> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "isOn")
                        }
                        var isOff: CoddQuery.TableColumn<Defaults, Bool> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "isOff")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["text", "multiline", "count", "negative", "ratio", "negativeRatio", "hex", "isOn", "isOff"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("text", self.text), ("multiline", self.multiline), ("count", self.count), ("negative", self.negative), ("ratio", self.ratio), ("negativeRatio", self.negativeRatio), ("hex", self.hex), ("isOn", self.isOn), ("isOff", self.isOff)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("text", self.text)
                                try $0.jsonMember("multiline", self.multiline)
                                try $0.jsonMember("count", self.count)
                                try $0.jsonMember("negative", self.negative)
                                try $0.jsonMember("ratio", self.ratio)
                                try $0.jsonMember("negativeRatio", self.negativeRatio)
                                try $0.jsonMember("hex", self.hex)
                                try $0.jsonMember("isOn", self.isOn)
                                try $0.jsonMember("isOff", self.isOff)
                            }
                        }
                    }
                    static var columnCount: Int {
                        9
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.text = try String(decodingRow: reader, at: &index)
                        self.multiline = try String(decodingRow: reader, at: &index)
                        self.count = try Int(decodingRow: reader, at: &index)
                        self.negative = try Int(decodingRow: reader, at: &index)
                        self.ratio = try Double(decodingRow: reader, at: &index)
                        self.negativeRatio = try Double(decodingRow: reader, at: &index)
                        self.hex = try Int(decodingRow: reader, at: &index)
                        self.isOn = try Bool(decodingRow: reader, at: &index)
                        self.isOff = try Bool(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.text = try String(decodingJSON: members.value(forKey: "text"))
                        self.multiline = try String(decodingJSON: members.value(forKey: "multiline"))
                        self.count = try Int(decodingJSON: members.value(forKey: "count"))
                        self.negative = try Int(decodingJSON: members.value(forKey: "negative"))
                        self.ratio = try Double(decodingJSON: members.value(forKey: "ratio"))
                        self.negativeRatio = try Double(decodingJSON: members.value(forKey: "negativeRatio"))
                        self.hex = try Int(decodingJSON: members.value(forKey: "hex"))
                        self.isOn = try Bool(decodingJSON: members.value(forKey: "isOn"))
                        self.isOff = try Bool(decodingJSON: members.value(forKey: "isOff"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.text)
                        }
                        try builder.listItem {
                            try $0.value(self.multiline)
                        }
                        try builder.listItem {
                            try $0.value(self.count)
                        }
                        try builder.listItem {
                            try $0.value(self.negative)
                        }
                        try builder.listItem {
                            try $0.value(self.ratio)
                        }
                        try builder.listItem {
                            try $0.value(self.negativeRatio)
                        }
                        try builder.listItem {
                            try $0.value(self.hex)
                        }
                        try builder.listItem {
                            try $0.value(self.isOn)
                        }
                        try builder.listItem {
                            try $0.value(self.isOff)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.text, self.multiline, self.count, self.negative, self.ratio, self.negativeRatio, self.hex, self.isOn, self.isOff]
                    }
                }
                """##
        )
    }

    /// Optionals written `T?`, `Optional<T>` and `T!`; representations made optional for an optional property unless
    /// already written optional; `[UInt8]` and represented collections are storable.
    @Test func optionalForms() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Forms {
                var a: Int?
                var b: Optional<String>
                var c: Int!
                @Column(as: UUIDBytes.self) var d: Optional<UUID>
                @Column(as: UUIDBytes?.self) var e: UUID?
                @Column(as: Optional<UUIDBytes>.self) var f: UUID?
                var bytes: [UInt8]
                var moreBytes: Array<UInt8>?
                @Column(as: [String].JSONRepresentation.self) var tags: [String]
                @Column(as: [String: Int].JSONRepresentation.self) var counts: [String: Int]?
            }
            """##,
            expandedSource: ##"""
                struct Forms {
                    var a: Int?
                    var b: Optional<String>
                    var c: Int!
                    var d: Optional<UUID>
                    var e: UUID?
                    var f: UUID?
                    var bytes: [UInt8]
                    var moreBytes: Array<UInt8>?
                    var tags: [String]
                    var counts: [String: Int]?
                }

                extension Forms: CoddQuery.Table {
                    static var tableName: String {
                        "forms"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Forms
                        let qualifier: String
                        var a: CoddQuery.TableColumn<Forms, Int?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "a")
                        }
                        var b: CoddQuery.TableColumn<Forms, Optional<String>> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "b")
                        }
                        var c: CoddQuery.TableColumn<Forms, Int?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "c")
                        }
                        var d: CoddQuery.TableColumn<Forms, UUIDBytes?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "d")
                        }
                        var e: CoddQuery.TableColumn<Forms, UUIDBytes?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "e")
                        }
                        var f: CoddQuery.TableColumn<Forms, Optional<UUIDBytes>> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "f")
                        }
                        var bytes: CoddQuery.TableColumn<Forms, [UInt8]> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "bytes")
                        }
                        var moreBytes: CoddQuery.TableColumn<Forms, Array<UInt8>?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "moreBytes")
                        }
                        var tags: CoddQuery.TableColumn<Forms, [String].JSONRepresentation> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "tags")
                        }
                        var counts: CoddQuery.TableColumn<Forms, [String: Int].JSONRepresentation?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "counts")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["a", "b", "c", "d", "e", "f", "bytes", "moreBytes", "tags", "counts"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("a", self.a), ("b", self.b), ("c", self.c), ("d", self.d), ("e", self.e), ("f", self.f), ("bytes", self.bytes), ("moreBytes", self.moreBytes), ("tags", self.tags), ("counts", self.counts)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("a", self.a)
                                try $0.jsonMember("b", self.b)
                                try $0.jsonMember("c", self.c)
                                try $0.jsonMember("d", self.d)
                                try $0.jsonMember("e", self.e)
                                try $0.jsonMember("f", self.f)
                                try $0.jsonMember("bytes", self.bytes)
                                try $0.jsonMember("moreBytes", self.moreBytes)
                                try $0.jsonMember("tags", self.tags)
                                try $0.jsonMember("counts", self.counts)
                            }
                        }
                    }
                    static var columnCount: Int {
                        10
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.a = try Int?(decodingRow: reader, at: &index)
                        self.b = try Optional<String>(decodingRow: reader, at: &index)
                        self.c = try Int?(decodingRow: reader, at: &index)
                        self.d = try UUIDBytes?(decodingRow: reader, at: &index).represented
                        self.e = try UUIDBytes?(decodingRow: reader, at: &index).represented
                        self.f = try Optional<UUIDBytes>(decodingRow: reader, at: &index).represented
                        self.bytes = try [UInt8](decodingRow: reader, at: &index)
                        self.moreBytes = try Array<UInt8>?(decodingRow: reader, at: &index)
                        self.tags = try [String].JSONRepresentation(decodingRow: reader, at: &index).represented
                        self.counts = try [String: Int].JSONRepresentation?(decodingRow: reader, at: &index).represented
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.a = try Int?(decodingJSON: members.value(forKey: "a"))
                        self.b = try Optional<String>(decodingJSON: members.value(forKey: "b"))
                        self.c = try Int?(decodingJSON: members.value(forKey: "c"))
                        self.d = try UUIDBytes?(decodingJSON: members.value(forKey: "d")).represented
                        self.e = try UUIDBytes?(decodingJSON: members.value(forKey: "e")).represented
                        self.f = try Optional<UUIDBytes>(decodingJSON: members.value(forKey: "f")).represented
                        self.bytes = try [UInt8](decodingJSON: members.value(forKey: "bytes"))
                        self.moreBytes = try Array<UInt8>?(decodingJSON: members.value(forKey: "moreBytes"))
                        self.tags = try [String].JSONRepresentation(decodingJSON: members.value(forKey: "tags")).represented
                        self.counts = try [String: Int].JSONRepresentation?(decodingJSON: members.value(forKey: "counts")).represented
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.a)
                        }
                        try builder.listItem {
                            try $0.value(self.b)
                        }
                        try builder.listItem {
                            try $0.value(self.c)
                        }
                        try builder.listItem {
                            try $0.value(UUIDBytes?(represented: self.d))
                        }
                        try builder.listItem {
                            try $0.value(UUIDBytes?(represented: self.e))
                        }
                        try builder.listItem {
                            try $0.value(Optional<UUIDBytes>(represented: self.f))
                        }
                        try builder.listItem {
                            try $0.value(self.bytes)
                        }
                        try builder.listItem {
                            try $0.value(self.moreBytes)
                        }
                        try builder.listItem {
                            try $0.value([String].JSONRepresentation(represented: self.tags))
                        }
                        try builder.listItem {
                            try $0.value([String: Int].JSONRepresentation?(represented: self.counts))
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.a, self.b, self.c, UUIDBytes?(represented: self.d), UUIDBytes?(represented: self.e), Optional<UUIDBytes>(represented: self.f), self.bytes, self.moreBytes, [String].JSONRepresentation(represented: self.tags), [String: Int].JSONRepresentation?(represented: self.counts)]
                    }
                }
                """##
        )
    }

    /// Several bindings in one declaration (`var x, y: Double` shares the annotation), a property with observers
    /// (still stored), a backticked name; a getter, a method and a nested type are not columns.
    @Test func storedPropertyShapes() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Shapes {
                var a = 1, b = 2
                var x, y: Double
                var observed = 0 {
                    didSet { print(observed) }
                }
                var `default`: String
                var getterOnly: Int {
                    get { 1 }
                }
                func method() {}
                struct Nested {
                    var notAColumn: Int
                }
            }
            """##,
            expandedSource: ##"""
                struct Shapes {
                    var a = 1, b = 2
                    var x, y: Double
                    var observed = 0 {
                        didSet { print(observed) }
                    }
                    var `default`: String
                    var getterOnly: Int {
                        get { 1 }
                    }
                    func method() {}
                    struct Nested {
                        var notAColumn: Int
                    }
                }

                extension Shapes: CoddQuery.Table {
                    static var tableName: String {
                        "shapes"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Shapes
                        let qualifier: String
                        var a: CoddQuery.TableColumn<Shapes, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "a")
                        }
                        var b: CoddQuery.TableColumn<Shapes, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "b")
                        }
                        var x: CoddQuery.TableColumn<Shapes, Double> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "x")
                        }
                        var y: CoddQuery.TableColumn<Shapes, Double> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "y")
                        }
                        var observed: CoddQuery.TableColumn<Shapes, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "observed")
                        }
                        var `default`: CoddQuery.TableColumn<Shapes, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "default")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["a", "b", "x", "y", "observed", "default"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("a", self.a), ("b", self.b), ("x", self.x), ("y", self.y), ("observed", self.observed), ("default", self.`default`)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("a", self.a)
                                try $0.jsonMember("b", self.b)
                                try $0.jsonMember("x", self.x)
                                try $0.jsonMember("y", self.y)
                                try $0.jsonMember("observed", self.observed)
                                try $0.jsonMember("default", self.`default`)
                            }
                        }
                    }
                    static var columnCount: Int {
                        6
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.a = try Int(decodingRow: reader, at: &index)
                        self.b = try Int(decodingRow: reader, at: &index)
                        self.x = try Double(decodingRow: reader, at: &index)
                        self.y = try Double(decodingRow: reader, at: &index)
                        self.observed = try Int(decodingRow: reader, at: &index)
                        self.`default` = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.a = try Int(decodingJSON: members.value(forKey: "a"))
                        self.b = try Int(decodingJSON: members.value(forKey: "b"))
                        self.x = try Double(decodingJSON: members.value(forKey: "x"))
                        self.y = try Double(decodingJSON: members.value(forKey: "y"))
                        self.observed = try Int(decodingJSON: members.value(forKey: "observed"))
                        self.`default` = try String(decodingJSON: members.value(forKey: "default"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.a)
                        }
                        try builder.listItem {
                            try $0.value(self.b)
                        }
                        try builder.listItem {
                            try $0.value(self.x)
                        }
                        try builder.listItem {
                            try $0.value(self.y)
                        }
                        try builder.listItem {
                            try $0.value(self.observed)
                        }
                        try builder.listItem {
                            try $0.value(self.`default`)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.a, self.b, self.x, self.y, self.observed, self.`default`]
                    }
                }
                """##
        )
    }

    /// Ignored properties are not columns; decoding assigns a var its default (an optional var without one gets nil)
    /// and leaves a let alone.
    @Test func ignoredProperties() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Cached {
                let id: Int
                @Ignored var isSelected = false
                @Ignored let version = 2
                @Ignored var cache: [String: Int]?
                @Ignored var loadedAt: Double? = 0
            }
            """##,
            expandedSource: ##"""
                struct Cached {
                    let id: Int
                    var isSelected = false
                    let version = 2
                    var cache: [String: Int]?
                    var loadedAt: Double? = 0
                }

                extension Cached: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    static var tableName: String {
                        "cacheds"
                    }
                    struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        typealias QueryValue = Cached
                        typealias PrimaryKey = Int
                        let qualifier: String
                        var id: CoddQuery.TableColumn<Cached, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        var primaryKey: CoddQuery.TableColumn<Cached, Int> {
                            self.id
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["id"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("id", self.id)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("id", self.id)
                            }
                        }
                    }
                    static var columnCount: Int {
                        1
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.id = try Int(decodingRow: reader, at: &index)
                        self.isSelected = false
                        self.cache = nil
                        self.loadedAt = 0
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                        self.isSelected = false
                        self.cache = nil
                        self.loadedAt = 0
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.id]
                    }
                    struct Draft: CoddQuery.Table {
                        init() {
                        }
                        static var tableName: String {
                            Cached.tableName
                        }
                        struct TableColumns: CoddQuery.TableDefinition {
                            typealias QueryValue = Draft
                            let qualifier: String
                            init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            static var columnNames: [String] {
                                []
                            }
                            var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                []
                            }
                            func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                builder.jsonObject { _ in
                                }
                            }
                        }
                        static var columnCount: Int {
                            0
                        }
                        init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        }
                        init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            _ = try json.members(for: Self.self)
                        }
                        func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        }
                        func columnValues() throws -> [any CoddCore.SQLExpression] {
                            []
                        }
                    }
                }
                """##
        )
    }

    /// When the type already declares the conformances, the compiler asks for none and the extension adds only members.
    @Test func existingConformances() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Plain: Table {
                var name: String
            }
            """##,
            expandedSource: ##"""
                struct Plain: Table {
                    var name: String
                }

                extension Plain {
                    static var tableName: String {
                        "plains"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Plain
                        let qualifier: String
                        var name: CoddQuery.TableColumn<Plain, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "name")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["name"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("name", self.name)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("name", self.name)
                            }
                        }
                    }
                    static var columnCount: Int {
                        1
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.name = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.name = try String(decodingJSON: members.value(forKey: "name"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.name)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.name]
                    }
                }
                """##,
            macroSpecs: tableWithoutConformances
        )
    }

    /// A nested struct: generated code names the type as the compiler passes it.
    @Test func nestedType() {
        assertCoddExpansion(
            ##"""
            enum Schema {
                @Table
                struct Note {
                    let id: Int
                    var body = ""
                }
            }
            """##,
            expandedSource: ##"""
                enum Schema {
                    struct Note {
                        let id: Int
                        var body = ""
                    }
                }

                extension Schema.Note: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    static var tableName: String {
                        "notes"
                    }
                    struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        typealias QueryValue = Schema.Note
                        typealias PrimaryKey = Int
                        let qualifier: String
                        var id: CoddQuery.TableColumn<Schema.Note, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        var body: CoddQuery.TableColumn<Schema.Note, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "body")
                        }
                        var primaryKey: CoddQuery.TableColumn<Schema.Note, Int> {
                            self.id
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["id", "body"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("id", self.id), ("body", self.body)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("id", self.id)
                                try $0.jsonMember("body", self.body)
                            }
                        }
                    }
                    static var columnCount: Int {
                        2
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.id = try Int(decodingRow: reader, at: &index)
                        self.body = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                        self.body = try String(decodingJSON: members.value(forKey: "body"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                        try builder.listItem {
                            try $0.value(self.body)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.id, self.body]
                    }
                    struct Draft: CoddQuery.Table {
                        var body: String
                        init(body: String = "") {
                            self.body = body
                        }
                        static var tableName: String {
                            Schema.Note.tableName
                        }
                        struct TableColumns: CoddQuery.TableDefinition {
                            typealias QueryValue = Draft
                            let qualifier: String
                            var body: CoddQuery.TableColumn<Draft, String> {
                                CoddQuery.TableColumn(qualifier: qualifier, name: "body")
                            }
                            init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            static var columnNames: [String] {
                                ["body"]
                            }
                            var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                [("body", self.body)]
                            }
                            func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                try builder.jsonObject {
                                    try $0.jsonMember("body", self.body)
                                }
                            }
                        }
                        static var columnCount: Int {
                            1
                        }
                        init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                            self.body = try String(decodingRow: reader, at: &index)
                        }
                        init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            var members = try json.members(for: Self.self)
                            self.body = try String(decodingJSON: members.value(forKey: "body"))
                        }
                        func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.listItem {
                                try $0.value(self.body)
                            }
                        }
                        func columnValues() throws -> [any CoddCore.SQLExpression] {
                            [self.body]
                        }
                    }
                }
                """##
        )
    }

    /// A table whose only column is its primary key has an empty Draft.
    @Test func onlyPrimaryKey() {
        assertCoddExpansion(
            ##"""
            @Table
            struct Counter {
                let id: Int
            }
            """##,
            expandedSource: ##"""
                struct Counter {
                    let id: Int
                }

                extension Counter: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                    static var tableName: String {
                        "counters"
                    }
                    struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                        typealias QueryValue = Counter
                        typealias PrimaryKey = Int
                        let qualifier: String
                        var id: CoddQuery.TableColumn<Counter, Int> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                        }
                        var primaryKey: CoddQuery.TableColumn<Counter, Int> {
                            self.id
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["id"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("id", self.id)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("id", self.id)
                            }
                        }
                    }
                    static var columnCount: Int {
                        1
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.id = try Int(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.id = try Int(decodingJSON: members.value(forKey: "id"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.id)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.id]
                    }
                    struct Draft: CoddQuery.Table {
                        init() {
                        }
                        static var tableName: String {
                            Counter.tableName
                        }
                        struct TableColumns: CoddQuery.TableDefinition {
                            typealias QueryValue = Draft
                            let qualifier: String
                            init(qualifier: String) {
                                self.qualifier = qualifier
                            }
                            static var columnNames: [String] {
                                []
                            }
                            var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                                []
                            }
                            func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                                builder.jsonObject { _ in
                                }
                            }
                        }
                        static var columnCount: Int {
                            0
                        }
                        init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        }
                        init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                            _ = try json.members(for: Self.self)
                        }
                        func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        }
                        func columnValues() throws -> [any CoddCore.SQLExpression] {
                            []
                        }
                    }
                }
                """##
        )
    }
}
