import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@Selection` expansions.
@Suite struct SelectionMacroTests {
    /// The spec's selection: a scalar, a table field and a representation.
    @Test func selectionExpansion() {
        assertCoddExpansion(
            ##"""
            @Selection
            struct RemindersListWithCount {
                let remindersCount: Int
                let remindersList: RemindersList
                @Column(as: UUIDBytes.self) let id: UUID
            }
            """##,
            expandedSource: ##"""
                struct RemindersListWithCount {
                    let remindersCount: Int
                    let remindersList: RemindersList
                    let id: UUID
                }

                extension RemindersListWithCount: CoddQuery.Selection {
                    static var columnCount: Int {
                        Int.columnCount + RemindersList.columnCount + UUIDBytes.columnCount
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.remindersCount = try Int(decodingRow: reader, at: &index)
                        self.remindersList = try RemindersList(decodingRow: reader, at: &index)
                        self.id = try UUIDBytes(decodingRow: reader, at: &index).represented
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.remindersCount = try Int(decodingJSON: members.value(forKey: "remindersCount"))
                        self.remindersList = try RemindersList(decodingJSON: members.value(forKey: "remindersList"))
                        self.id = try UUIDBytes(decodingJSON: members.value(forKey: "id")).represented
                    }
                    struct Columns: CoddQuery.SelectionColumns {
                        typealias QueryValue = RemindersListWithCount
                        let remindersCount: any CoddCore.SQLSelectable<Int>
                        let remindersList: any CoddCore.SQLSelectable<RemindersList>
                        let id: any CoddCore.SQLSelectable<UUIDBytes>
                        init(remindersCount: some CoddCore.SQLSelectable<Int>, remindersList: some CoddCore.SQLSelectable<RemindersList>, id: some CoddCore.SQLSelectable<UUIDBytes>) {
                            self.remindersCount = remindersCount
                            self.remindersList = remindersList
                            self.id = id
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("remindersCount", self.remindersCount)
                                try $0.jsonMember("remindersList", self.remindersList)
                                try $0.jsonMember("id", self.id)
                            }
                        }
                        func renderSelection(into builder: inout CoddCore.SQLBuilder, alias: String?) throws {
                            try self.remindersCount.renderSelection(into: &builder, alias: "remindersCount")
                            try self.remindersList.renderSelection(into: &builder, alias: "remindersList")
                            try self.id.renderSelection(into: &builder, alias: "id")
                        }
                    }
                }
                """##
        )
    }

    /// `@Column("name")` changes the alias; optional fields and representations; ignored fields; inferred types.
    @Test func selectionRenamedOptionalIgnored() {
        assertCoddExpansion(
            ##"""
            @Selection
            public struct Summary {
                @Column("list_title") var title: String
                var lastDueAt: Double?
                @Column(as: UUIDBytes.self) var firstID: UUID?
                var count = 0
                @Ignored var isExpanded = false
            }
            """##,
            expandedSource: ##"""
                public struct Summary {
                    var title: String
                    var lastDueAt: Double?
                    var firstID: UUID?
                    var count = 0
                    var isExpanded = false
                }

                extension Summary: CoddQuery.Selection {
                    public static var columnCount: Int {
                        String.columnCount + Double?.columnCount + UUIDBytes?.columnCount + Int.columnCount
                    }
                    public init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.title = try String(decodingRow: reader, at: &index)
                        self.lastDueAt = try Double?(decodingRow: reader, at: &index)
                        self.firstID = try UUIDBytes?(decodingRow: reader, at: &index).represented
                        self.count = try Int(decodingRow: reader, at: &index)
                        self.isExpanded = false
                    }
                    public init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.title = try String(decodingJSON: members.value(forKey: "list_title", alternateKey: "title"))
                        self.lastDueAt = try Double?(decodingJSON: members.value(forKey: "lastDueAt"))
                        self.firstID = try UUIDBytes?(decodingJSON: members.value(forKey: "firstID")).represented
                        self.count = try Int(decodingJSON: members.value(forKey: "count"))
                        self.isExpanded = false
                    }
                    public struct Columns: CoddQuery.SelectionColumns {
                        public typealias QueryValue = Summary
                        public let title: any CoddCore.SQLSelectable<String>
                        public let lastDueAt: any CoddCore.SQLSelectable<Double?>
                        public let firstID: any CoddCore.SQLSelectable<UUIDBytes?>
                        public let count: any CoddCore.SQLSelectable<Int>
                        public init(title: some CoddCore.SQLSelectable<String>, lastDueAt: some CoddCore.SQLSelectable<Double?>, firstID: some CoddCore.SQLSelectable<UUIDBytes?>, count: some CoddCore.SQLSelectable<Int>) {
                            self.title = title
                            self.lastDueAt = lastDueAt
                            self.firstID = firstID
                            self.count = count
                        }
                        public func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("list_title", self.title)
                                try $0.jsonMember("lastDueAt", self.lastDueAt)
                                try $0.jsonMember("firstID", self.firstID)
                                try $0.jsonMember("count", self.count)
                            }
                        }
                        public func renderSelection(into builder: inout CoddCore.SQLBuilder, alias: String?) throws {
                            try self.title.renderSelection(into: &builder, alias: "list_title")
                            try self.lastDueAt.renderSelection(into: &builder, alias: "lastDueAt")
                            try self.firstID.renderSelection(into: &builder, alias: "firstID")
                            try self.count.renderSelection(into: &builder, alias: "count")
                        }
                    }
                }
                """##
        )
    }

    /// A selection without fields reads no column.
    @Test func emptySelection() {
        assertCoddExpansion(
            ##"""
            @Selection
            struct Nothing {
                @Ignored var flag = false
            }
            """##,
            expandedSource: ##"""
                struct Nothing {
                    var flag = false
                }

                extension Nothing: CoddQuery.Selection {
                    static var columnCount: Int {
                        0
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.flag = false
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        _ = try json.members(for: Self.self)
                        self.flag = false
                    }
                    struct Columns: CoddQuery.SelectionColumns {
                        typealias QueryValue = Nothing
                        init() {
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            builder.jsonObject { _ in
                            }
                        }
                        func renderSelection(into builder: inout CoddCore.SQLBuilder, alias: String?) throws {
                        }
                    }
                }
                """##
        )
    }
}
