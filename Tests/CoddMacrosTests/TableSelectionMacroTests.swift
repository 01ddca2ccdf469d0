import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// A type marked both `@Table` and `@Selection` (a common table expression's row): `@Table`
/// writes the table and the decoding, `@Selection` only `Columns`, which also takes a row.
@Suite struct TableSelectionMacroTests {
    /// The seed's counter: one decoding (no duplicate members), `Columns` from a row.
    @Test func tableAndSelectionOnOneType() {
        assertCoddExpansion(
            ##"""
            @Table @Selection
            struct Counts {
                let value: Int
            }
            """##,
            expandedSource: ##"""
                struct Counts {
                    let value: Int
                }

                extension Counts: CoddQuery.Table {
                    static var tableName: String {
                        "counts"
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Counts
                        let qualifier: String
                        var value: CoddQuery.TableColumn<Counts, Int> {
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
                        self.value = try Int(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.value = try Int(decodingJSON: members.value(forKey: "value"))
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

                extension Counts: CoddQuery.Selection {
                    struct Columns: CoddQuery.TableSelectionColumns {
                        typealias QueryValue = Counts
                        let value: any CoddCore.SQLSelectable<Int>
                        init(value: some CoddCore.SQLSelectable<Int>) {
                            self.value = value
                        }
                        init(_ row: Counts) {
                            self.value = row.value
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("value", self.value)
                            }
                        }
                        func renderSelection(into builder: inout CoddCore.SQLBuilder, alias: String?) throws {
                            try self.value.renderSelection(into: &builder, alias: "value")
                        }
                    }
                }
                """##
        )
    }

    /// In either order, with a table name, a renamed column, an optional representation and
    /// an ignored property: the row's values go through their representations.
    @Test func selectionFirstWithRepresentations() {
        assertCoddExpansion(
            ##"""
            @Selection @Table("tree nodes")
            public struct Node {
                @Column("parent_id") var parentID: Int?
                @Column(as: UUIDBytes.self) var token: UUID?
                @Ignored var isOpen = false
            }
            """##,
            expandedSource: ##"""
                public struct Node {
                    var parentID: Int?
                    var token: UUID?
                    var isOpen = false
                }

                extension Node: CoddQuery.Selection {
                    public struct Columns: CoddQuery.TableSelectionColumns {
                        public typealias QueryValue = Node
                        public let parentID: any CoddCore.SQLSelectable<Int?>
                        public let token: any CoddCore.SQLSelectable<UUIDBytes?>
                        public init(parentID: some CoddCore.SQLSelectable<Int?>, token: some CoddCore.SQLSelectable<UUIDBytes?>) {
                            self.parentID = parentID
                            self.token = token
                        }
                        public init(_ row: Node) {
                            self.parentID = row.parentID
                            self.token = UUIDBytes?(represented: row.token)
                        }
                        public func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("parent_id", self.parentID)
                                try $0.jsonMember("token", self.token)
                            }
                        }
                        public func renderSelection(into builder: inout CoddCore.SQLBuilder, alias: String?) throws {
                            try self.parentID.renderSelection(into: &builder, alias: "parent_id")
                            try self.token.renderSelection(into: &builder, alias: "token")
                        }
                    }
                }

                extension Node: CoddQuery.Table {
                    public static var tableName: String {
                        "tree nodes"
                    }
                    public struct TableColumns: CoddQuery.TableDefinition {
                        public typealias QueryValue = Node
                        public let qualifier: String
                        public var parentID: CoddQuery.TableColumn<Node, Int?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "parent_id")
                        }
                        public var token: CoddQuery.TableColumn<Node, UUIDBytes?> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "token")
                        }
                        public init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        public static var columnNames: [String] {
                            ["parent_id", "token"]
                        }
                        public var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("parentID", self.parentID), ("token", self.token)]
                        }
                        public func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("parent_id", self.parentID)
                                try $0.jsonMember("token", self.token)
                            }
                        }
                    }
                    public static var columnCount: Int {
                        2
                    }
                    public init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.parentID = try Int?(decodingRow: reader, at: &index)
                        self.token = try UUIDBytes?(decodingRow: reader, at: &index).represented
                        self.isOpen = false
                    }
                    public init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.parentID = try Int?(decodingJSON: members.value(forKey: "parent_id", alternateKey: "parentID"))
                        self.token = try UUIDBytes?(decodingJSON: members.value(forKey: "token")).represented
                        self.isOpen = false
                    }
                    public func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.parentID)
                        }
                        try builder.listItem {
                            try $0.value(UUIDBytes?(represented: self.token))
                        }
                    }
                    public func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.parentID, UUIDBytes?(represented: self.token)]
                    }
                }
                """##
        )
    }

    /// A problem with a member is reported once, by `@Table`, not again by `@Selection`.
    @Test func diagnosticsReportedOnce() {
        assertCoddDiagnostics {
            ##"""
            @Table @Selection
            struct Bad {
                var createdAt = Date()
            }
            """##
        } diagnostics: {
            """
            @Table @Selection
            struct Bad {
                var createdAt = Date()
                    ┬────────
                    ╰─ 🛑 Cannot infer the type of 'createdAt'; add a type annotation (': Date'?)
                       ✏️ annotate it ': Date'
            }
            """
        } fixes: {
            """
            @Table @Selection
            struct Bad {
                var createdAt: Date = Date()
            }
            """
        } expansion: {
            """
            struct Bad {
                var createdAt: Date = Date()
            }

            extension Bad: CoddQuery.Table {
                static var tableName: String {
                    "bads"
                }
                struct TableColumns: CoddQuery.TableDefinition {
                    typealias QueryValue = Bad
                    let qualifier: String
                    var createdAt: CoddQuery.TableColumn<Bad, Date> {
                        CoddQuery.TableColumn(qualifier: qualifier, name: "createdAt")
                    }
                    init(qualifier: String) {
                        self.qualifier = qualifier
                    }
                    static var columnNames: [String] {
                        ["createdAt"]
                    }
                    var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                        [("createdAt", self.createdAt)]
                    }
                    func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.jsonObject {
                            try $0.jsonMember("createdAt", self.createdAt)
                        }
                    }
                }
                static var columnCount: Int {
                    1
                }
                init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                    self.createdAt = try Date(decodingRow: reader, at: &index)
                }
                init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                    var members = try json.members(for: Self.self)
                    self.createdAt = try Date(decodingJSON: members.value(forKey: "createdAt"))
                }
                func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                    try builder.listItem {
                        try $0.value(self.createdAt)
                    }
                }
                func columnValues() throws -> [any CoddCore.SQLExpression] {
                    [self.createdAt]
                }
            }

            extension Bad: CoddQuery.Selection {
                struct Columns: CoddQuery.TableSelectionColumns {
                    typealias QueryValue = Bad
                    let createdAt: any CoddCore.SQLSelectable<Date>
                    init(createdAt: some CoddCore.SQLSelectable<Date>) {
                        self.createdAt = createdAt
                    }
                    init(_ row: Bad) {
                        self.createdAt = row.createdAt
                    }
                    func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.jsonObject {
                            try $0.jsonMember("createdAt", self.createdAt)
                        }
                    }
                    func renderSelection(into builder: inout CoddCore.SQLBuilder, alias: String?) throws {
                        try self.createdAt.renderSelection(into: &builder, alias: "createdAt")
                    }
                }
            }
            """
        } unfixedExpansion: {
            """
            struct Bad {
                var createdAt = Date()
            }
            """
        }
    }
}
