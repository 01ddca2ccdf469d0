import Testing

/// Every diagnostic of `@Table`, `@Selection`, `@Column` and `@Ignored`: message and position.
@Suite struct DiagnosticTests {
    /// @Table on a class.
    @Test func tableOnClass() {
        assertCoddDiagnostics {
            ##"""
            @Table
            class Reminder {
                var title = ""
            }
            """##
        } diagnostics: {
            """
            @Table
            class Reminder {
            ┬────
            ╰─ 🛑 @Table applies to a struct
                var title = ""
            }
            """
        } expansion: {
            """
            class Reminder {
                var title = ""
            }
            """
        }
    }

    /// A lazy property cannot be a column: rendering a row reads it without mutating.
    @Test func lazyColumn() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Reminder {
                let id: Int
                lazy var summary = ""
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Reminder {
                let id: Int
                lazy var summary = ""
                         ┬──────
                         ╰─ 🛑 'summary' is lazy, so it cannot be a column (rendering a row must not mutate it); mark it @Ignored
            }
            """
        } expansion: {
            """
            struct Reminder {
                let id: Int
                lazy var summary = ""
            }
            """
        }
    }

    /// @Table on an enum.
    @Test func tableOnEnum() {
        assertCoddDiagnostics {
            ##"""
            @Table
            enum Status {
                case open
            }
            """##
        } diagnostics: {
            """
            @Table
            enum Status {
            ┬───
            ╰─ 🛑 @Table applies to a struct
                case open
            }
            """
        } expansion: {
            """
            enum Status {
                case open
            }
            """
        }
    }

    /// @Selection on a class.
    @Test func selectionOnClass() {
        assertCoddDiagnostics {
            ##"""
            @Selection
            class Summary {
                var count = 0
            }
            """##
        } diagnostics: {
            """
            @Selection
            class Summary {
            ┬────
            ╰─ 🛑 @Selection applies to a struct
                var count = 0
            }
            """
        } expansion: {
            """
            class Summary {
                var count = 0
            }
            """
        }
    }

    /// Collections, tuples and functions need a representation.
    @Test func unstorableTypes() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                var tags: [String]
                var counts: [String: Int]
                var ids: Set<Int>
                var pair: (Int, Int)
                var callback: () -> Void
                var handler: @Sendable (Int) -> Void
                var maybeTags: [String]?
                var list: Array<String>
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                var tags: [String]
                          ┬───────
                          ╰─ 🛑 'tags' has type [String], which SQLite cannot store in one column; store it through a representation, e.g. @Column(as: [String].JSONRepresentation.self)
                var counts: [String: Int]
                            ┬────────────
                            ╰─ 🛑 'counts' has type [String: Int], which SQLite cannot store in one column; store it through a representation, e.g. @Column(as: [String: Int].JSONRepresentation.self)
                var ids: Set<Int>
                         ┬───────
                         ╰─ 🛑 'ids' has type Set<Int>, which SQLite cannot store in one column; store it through a representation, e.g. @Column(as: Set<Int>.JSONRepresentation.self)
                var pair: (Int, Int)
                          ┬─────────
                          ╰─ 🛑 'pair' has type (Int, Int), which SQLite cannot store in one column; store it through a representation with @Column(as:)
                var callback: () -> Void
                              ┬─────────
                              ╰─ 🛑 'callback' has type () -> Void, which SQLite cannot store in one column; store it through a representation with @Column(as:)
                var handler: @Sendable (Int) -> Void
                             ┬──────────────────────
                             ╰─ 🛑 'handler' has type @Sendable (Int) -> Void, which SQLite cannot store in one column; store it through a representation with @Column(as:)
                var maybeTags: [String]?
                               ┬────────
                               ╰─ 🛑 'maybeTags' has type [String]?, which SQLite cannot store in one column; store it through a representation, e.g. @Column(as: [String].JSONRepresentation.self)
                var list: Array<String>
                          ┬────────────
                          ╰─ 🛑 'list' has type Array<String>, which SQLite cannot store in one column; store it through a representation, e.g. @Column(as: Array<String>.JSONRepresentation.self)
            }
            """
        } expansion: {
            """
            struct Bad {
                var tags: [String]
                var counts: [String: Int]
                var ids: Set<Int>
                var pair: (Int, Int)
                var callback: () -> Void
                var handler: @Sendable (Int) -> Void
                var maybeTags: [String]?
                var list: Array<String>
            }
            """
        }
    }

    /// Only literal initial values give a type; other expressions need an annotation, which
    /// a fix-it offers where the initializer names a type (`Date()`, `Status.active`, a
    /// nested `Reminder.Status.done`), never for a call that may fail (`URL(string:)`), an
    /// implicit member or a value.
    @Test func cannotInferType() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                var createdAt = Date()
                var status = Status.active
                var phase = Reminder.Status.done
                var link = URL(string: "x")
                var other = .active
                var numbers = [1, 2]
                var nothing = nil
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                var createdAt = Date()
                    ┬────────
                    ╰─ 🛑 Cannot infer the type of 'createdAt'; add a type annotation (': Date'?)
                       ✏️ annotate it ': Date'
                var status = Status.active
                    ┬─────
                    ╰─ 🛑 Cannot infer the type of 'status'; add a type annotation (': Status'?)
                       ✏️ annotate it ': Status'
                var phase = Reminder.Status.done
                    ┬────
                    ╰─ 🛑 Cannot infer the type of 'phase'; add a type annotation (': Reminder.Status'?)
                       ✏️ annotate it ': Reminder.Status'
                var link = URL(string: "x")
                    ┬───
                    ╰─ 🛑 Cannot infer the type of 'link'; add a type annotation
                var other = .active
                    ┬────
                    ╰─ 🛑 Cannot infer the type of 'other'; add a type annotation
                var numbers = [1, 2]
                    ┬──────
                    ╰─ 🛑 Cannot infer the type of 'numbers'; add a type annotation
                var nothing = nil
                    ┬──────
                    ╰─ 🛑 Cannot infer the type of 'nothing'; add a type annotation
            }
            """
        } expansion: {
            """
            struct Bad {
                var createdAt = Date()
                var status = Status.active
                var phase = Reminder.Status.done
                var link = URL(string: "x")
                var other = .active
                var numbers = [1, 2]
                var nothing = nil
            }
            """
        }
    }

    /// The suggested annotations, applied: the fixed source expands.
    @Test func cannotInferTypeFixIts() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Visit {
                let id: Int
                var at = Date()
                var status = Status.active
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Visit {
                let id: Int
                var at = Date()
                    ┬─
                    ╰─ 🛑 Cannot infer the type of 'at'; add a type annotation (': Date'?)
                       ✏️ annotate it ': Date'
                var status = Status.active
                    ┬─────
                    ╰─ 🛑 Cannot infer the type of 'status'; add a type annotation (': Status'?)
                       ✏️ annotate it ': Status'
            }
            """
        } fixes: {
            """
            @Table
            struct Visit {
                let id: Int
                var at: Date = Date()
                var status: Status = Status.active
            }
            """
        } expansion: {
            """
            struct Visit {
                let id: Int
                var at: Date = Date()
                var status: Status = Status.active
            }

            extension Visit: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                static var tableName: String {
                    "visits"
                }
                struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                    typealias QueryValue = Visit
                    typealias PrimaryKey = Int
                    let qualifier: String
                    var id: CoddQuery.TableColumn<Visit, Int> {
                        CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                    }
                    var at: CoddQuery.TableColumn<Visit, Date> {
                        CoddQuery.TableColumn(qualifier: qualifier, name: "at")
                    }
                    var status: CoddQuery.TableColumn<Visit, Status> {
                        CoddQuery.TableColumn(qualifier: qualifier, name: "status")
                    }
                    var primaryKey: CoddQuery.TableColumn<Visit, Int> {
                        self.id
                    }
                    init(qualifier: String) {
                        self.qualifier = qualifier
                    }
                    static var columnNames: [String] {
                        ["id", "at", "status"]
                    }
                    var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                        [("id", self.id), ("at", self.at), ("status", self.status)]
                    }
                    func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.jsonObject {
                            try $0.jsonMember("id", self.id)
                            try $0.jsonMember("at", self.at)
                            try $0.jsonMember("status", self.status)
                        }
                    }
                }
                static var columnCount: Int {
                    3
                }
                init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                    self.id = try Int(decodingRow: reader, at: &index)
                    self.at = try Date(decodingRow: reader, at: &index)
                    self.status = try Status(decodingRow: reader, at: &index)
                }
                init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                    var members = try json.members(for: Self.self)
                    self.id = try Int(decodingJSON: members.value(forKey: "id"))
                    self.at = try Date(decodingJSON: members.value(forKey: "at"))
                    self.status = try Status(decodingJSON: members.value(forKey: "status"))
                }
                func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                    try builder.listItem {
                        try $0.value(self.id)
                    }
                    try builder.listItem {
                        try $0.value(self.at)
                    }
                    try builder.listItem {
                        try $0.value(self.status)
                    }
                }
                func columnValues() throws -> [any CoddCore.SQLExpression] {
                    [self.id, self.at, self.status]
                }
                struct Draft: CoddQuery.Table {
                    var at: Date
                    var status: Status
                    init(at: Date = Date(), status: Status = Status.active) {
                        self.at = at
                        self.status = status
                    }
                    static var tableName: String {
                        Visit.tableName
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Draft
                        let qualifier: String
                        var at: CoddQuery.TableColumn<Draft, Date> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "at")
                        }
                        var status: CoddQuery.TableColumn<Draft, Status> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "status")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["at", "status"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("at", self.at), ("status", self.status)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("at", self.at)
                                try $0.jsonMember("status", self.status)
                            }
                        }
                    }
                    static var columnCount: Int {
                        2
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.at = try Date(decodingRow: reader, at: &index)
                        self.status = try Status(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.at = try Date(decodingJSON: members.value(forKey: "at"))
                        self.status = try Status(decodingJSON: members.value(forKey: "status"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.at)
                        }
                        try builder.listItem {
                            try $0.value(self.status)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.at, self.status]
                    }
                }
            }
            """
        } unfixedExpansion: {
            """
            struct Visit {
                let id: Int
                var at = Date()
                var status = Status.active
            }
            """
        }
    }

    /// @Ignored needs a default value; an optional var has one (nil), an optional let does not.
    @Test func ignoredWithoutDefault() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                @Ignored var count: Int
                @Ignored let note: String?
                @Ignored var fine: String?
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                @Ignored var count: Int
                             ┬────
                             ╰─ 🛑 an @Ignored property needs a default value
                @Ignored let note: String?
                             ┬───
                             ╰─ 🛑 an @Ignored property needs a default value
                @Ignored var fine: String?
            }
            """
        } expansion: {
            """
            struct Bad {
                var count: Int
                let note: String?
                var fine: String?
            }
            """
        }
    }

    /// A let with an initial value cannot be decoded; the Fix-It makes it a var.
    @Test func letWithDefault() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                let id: Int
                let kind = "task"
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                let id: Int
                let kind = "task"
                ┬──
                ╰─ 🛑 'kind' is a let with a default value, so rows cannot decode it; make it a var
                   ✏️ make it a var
            }
            """
        } fixes: {
            """
            @Table
            struct Bad {
                let id: Int
                var kind = "task"
            }
            """
        } expansion: {
            """
            struct Bad {
                let id: Int
                var kind = "task"
            }

            extension Bad: CoddQuery.Table, CoddQuery.PrimaryKeyedTable {
                static var tableName: String {
                    "bads"
                }
                struct TableColumns: CoddQuery.PrimaryKeyedTableDefinition {
                    typealias QueryValue = Bad
                    typealias PrimaryKey = Int
                    let qualifier: String
                    var id: CoddQuery.TableColumn<Bad, Int> {
                        CoddQuery.TableColumn(qualifier: qualifier, name: "id")
                    }
                    var kind: CoddQuery.TableColumn<Bad, String> {
                        CoddQuery.TableColumn(qualifier: qualifier, name: "kind")
                    }
                    var primaryKey: CoddQuery.TableColumn<Bad, Int> {
                        self.id
                    }
                    init(qualifier: String) {
                        self.qualifier = qualifier
                    }
                    static var columnNames: [String] {
                        ["id", "kind"]
                    }
                    var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                        [("id", self.id), ("kind", self.kind)]
                    }
                    func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.jsonObject {
                            try $0.jsonMember("id", self.id)
                            try $0.jsonMember("kind", self.kind)
                        }
                    }
                }
                static var columnCount: Int {
                    2
                }
                init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                    self.id = try Int(decodingRow: reader, at: &index)
                    self.kind = try String(decodingRow: reader, at: &index)
                }
                init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                    var members = try json.members(for: Self.self)
                    self.id = try Int(decodingJSON: members.value(forKey: "id"))
                    self.kind = try String(decodingJSON: members.value(forKey: "kind"))
                }
                func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                    try builder.listItem {
                        try $0.value(self.id)
                    }
                    try builder.listItem {
                        try $0.value(self.kind)
                    }
                }
                func columnValues() throws -> [any CoddCore.SQLExpression] {
                    [self.id, self.kind]
                }
                struct Draft: CoddQuery.Table {
                    var kind: String
                    init(kind: String = "task") {
                        self.kind = kind
                    }
                    static var tableName: String {
                        Bad.tableName
                    }
                    struct TableColumns: CoddQuery.TableDefinition {
                        typealias QueryValue = Draft
                        let qualifier: String
                        var kind: CoddQuery.TableColumn<Draft, String> {
                            CoddQuery.TableColumn(qualifier: qualifier, name: "kind")
                        }
                        init(qualifier: String) {
                            self.qualifier = qualifier
                        }
                        static var columnNames: [String] {
                            ["kind"]
                        }
                        var columnsByProperty: [(property: String, column: any CoddCore.SQLExpression)] {
                            [("kind", self.kind)]
                        }
                        func renderJSON(into builder: inout CoddCore.SQLBuilder) throws {
                            try builder.jsonObject {
                                try $0.jsonMember("kind", self.kind)
                            }
                        }
                    }
                    static var columnCount: Int {
                        1
                    }
                    init(decodingRow reader: borrowing some CoddCore.SQLColumnReader, at index: inout Int) throws {
                        self.kind = try String(decodingRow: reader, at: &index)
                    }
                    init(decodingJSON json: CoddCore.SQLJSONValue) throws {
                        var members = try json.members(for: Self.self)
                        self.kind = try String(decodingJSON: members.value(forKey: "kind"))
                    }
                    func renderColumnValues(into builder: inout CoddCore.SQLBuilder) throws {
                        try builder.listItem {
                            try $0.value(self.kind)
                        }
                    }
                    func columnValues() throws -> [any CoddCore.SQLExpression] {
                        [self.kind]
                    }
                }
            }
            """
        } unfixedExpansion: {
            """
            struct Bad {
                let id: Int
                let kind = "task"
            }
            """
        }
    }

    /// @Column on a function, a computed property and a static property.
    @Test func columnPlacement() {
        assertCoddDiagnostics {
            ##"""
            struct Plain {
                @Column("f") func f() {}
                @Column var computed: Int { 1 }
                @Column static var shared = 1
            }
            """##
        } diagnostics: {
            """
            struct Plain {
                @Column("f") func f() {}
                ┬───────────
                ╰─ 🛑 @Column applies to a stored property
                @Column var computed: Int { 1 }
                ┬──────
                ╰─ 🛑 @Column applies to a stored property; 'computed' is computed
                @Column static var shared = 1
                ┬──────
                ╰─ 🛑 @Column applies to an instance property, not a static one
            }
            """
        } expansion: {
            """
            struct Plain {
                func f() {}
                var computed: Int { 1 }
                static var shared = 1
            }
            """
        }
    }

    /// @Ignored on a function, a computed property and a static property.
    @Test func ignoredPlacement() {
        assertCoddDiagnostics {
            ##"""
            struct Plain {
                @Ignored func f() {}
                @Ignored var computed: Int { 1 }
                @Ignored static var shared = 1
            }
            """##
        } diagnostics: {
            """
            struct Plain {
                @Ignored func f() {}
                ┬───────
                ╰─ 🛑 @Ignored applies to a stored property
                @Ignored var computed: Int { 1 }
                ┬───────
                ╰─ 🛑 @Ignored applies to a stored property; 'computed' is computed
                @Ignored static var shared = 1
                ┬───────
                ╰─ 🛑 @Ignored applies to an instance property, not a static one
            }
            """
        } expansion: {
            """
            struct Plain {
                func f() {}
                var computed: Int { 1 }
                static var shared = 1
            }
            """
        }
    }

    /// Only one property can be marked `primaryKey: true`.
    @Test func twoPrimaryKeys() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                @Column(primaryKey: true) var a: Int
                @Column(primaryKey: true) var b: Int
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                @Column(primaryKey: true) var a: Int
                @Column(primaryKey: true) var b: Int
                        ┬───────────────
                        ╰─ 🛑 'b' cannot also be the primary key: 'a' already is; a table has one primary key column
            }
            """
        } expansion: {
            """
            struct Bad {
                var a: Int
                var b: Int
            }
            """
        }
    }

    /// @Column's arguments must be literals the macros can read.
    @Test func columnArguments() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                @Column(columnName) var a: Int
                @Column("") var b: Int
                @Column(as: representation) var c: Int
                @Column(primaryKey: isKey) var d: Int
                @Column("e\(suffix)") var e: Int
                @Column(rowID: isRowID) var f: Int
            }
            """##
        } diagnostics: {
            #"""
            @Table
            struct Bad {
                @Column(columnName) var a: Int
                        ┬─────────
                        ╰─ 🛑 @Column's name must be a string literal
                @Column("") var b: Int
                        ┬─
                        ╰─ 🛑 a column name cannot be empty
                @Column(as: representation) var c: Int
                            ┬─────────────
                            ╰─ 🛑 @Column(as:) takes a representation type, e.g. @Column(as: UUIDBytes.self)
                @Column(primaryKey: isKey) var d: Int
                                    ┬────
                                    ╰─ 🛑 @Column(primaryKey:) takes true or false
                @Column("e\(suffix)") var e: Int
                        ┬───────────
                        ╰─ 🛑 @Column's name must be a string literal
                @Column(rowID: isRowID) var f: Int
                               ┬──────
                               ╰─ 🛑 @Column(rowID:) takes true or false
            }
            """#
        } expansion: {
            """
            struct Bad {
                var a: Int
                var b: Int
                var c: Int
                var d: Int
                var e: Int
                var f: Int
            }
            """
        }
    }

    /// One @Column cannot name several properties; two @Column on one property; @Column with @Ignored.
    @Test func columnOnSeveralBindings() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                @Column("x") var a, b: Int
                @Column("c") @Column(as: UUIDBytes.self) var c: UUID
                @Column("d") @Ignored var d = 0
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                @Column("x") var a, b: Int
                ┬───────────
                ╰─ 🛑 peer macro can only be applied to a single variable
                @Column("c") @Column(as: UUIDBytes.self) var c: UUID
                             ┬──────────────────────────
                │            ╰─ 🛑 a property takes one @Column; merge their arguments
                ┬───────────
                ╰─ 🛑 a property takes one @Column; merge their arguments
                @Column("d") @Ignored var d = 0
                             ┬───────
                             ╰─ 🛑 a property cannot be both @Column and @Ignored
            }
            """
        } expansion: {
            """
            struct Bad {
                var a, b: Int
                var c: UUID
                var d = 0
            }
            """
        }
    }

    /// @Table's name must be a non-empty string literal.
    @Test func tableNameArgument() {
        assertCoddDiagnostics {
            ##"""
            @Table(tableName)
            struct A {
                var x: Int
            }
            @Table("")
            struct B {
                var x: Int
            }
            """##
        } diagnostics: {
            """
            @Table(tableName)
                   ┬────────
                   ╰─ 🛑 @Table's name must be a string literal
            struct A {
                var x: Int
            }
            @Table("")
                   ┬─
                   ╰─ 🛑 a table name cannot be empty
            struct B {
                var x: Int
            }
            """
        } expansion: {
            """
            struct A {
                var x: Int
            }
            struct B {
                var x: Int
            }
            """
        }
    }

    /// Two properties cannot share a column name.
    @Test func duplicateColumnNames() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                var title: String
                @Column("title") var heading: String
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                var title: String
                @Column("title") var heading: String
                                     ┬──────
                                     ╰─ 🛑 'heading' and 'title' have the same column name 'title'
            }
            """
        } expansion: {
            """
            struct Bad {
                var title: String
                var heading: String
            }
            """
        }
    }

    /// `qualifier` (and `primaryKey` in a table with a key) are members of the generated TableColumns.
    @Test func reservedColumnNames() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                let id: Int
                var qualifier: String
                var primaryKey: Int
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                let id: Int
                var qualifier: String
                    ┬────────
                    ╰─ 🛑 'qualifier' is a member of the generated TableColumns; rename the property (@Column("qualifier") keeps the column name)
                var primaryKey: Int
                    ┬─────────
                    ╰─ 🛑 'primaryKey' is a member of the generated TableColumns; rename the property (@Column("primaryKey") keeps the column name)
            }
            """
        } expansion: {
            """
            struct Bad {
                let id: Int
                var qualifier: String
                var primaryKey: Int
            }
            """
        }
    }

    /// Properties inside #if cannot be read reliably.
    @Test func propertiesInIfConfig() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                var a: Int
                #if DEBUG
                var debugNote: String
                #endif
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                var a: Int
                #if DEBUG
                ┬──
                ╰─ 🛑 @Table does not read properties inside #if; declare them outside it
                var debugNote: String
                #endif
            }
            """
        } expansion: {
            """
            struct Bad {
                var a: Int
                #if DEBUG
                var debugNote: String
                #endif
            }
            """
        }
    }

    /// A tuple pattern declares several properties at once.
    @Test func tuplePattern() {
        assertCoddDiagnostics {
            ##"""
            @Table
            struct Bad {
                var (a, b): (Int, Int)
            }
            """##
        } diagnostics: {
            """
            @Table
            struct Bad {
                var (a, b): (Int, Int)
                    ┬─────
                    ╰─ 🛑 declare one property per column; a tuple pattern cannot be read
            }
            """
        } expansion: {
            """
            struct Bad {
                var (a, b): (Int, Int)
            }
            """
        }
    }

    /// @Selection applies the same rules as @Table.
    @Test func selectionDiagnostics() {
        assertCoddDiagnostics {
            ##"""
            @Selection
            struct Bad {
                let total = 0
                var names: [String]
                var at = Date()
            }
            """##
        } diagnostics: {
            """
            @Selection
            struct Bad {
                let total = 0
                ┬──
                ╰─ 🛑 'total' is a let with a default value, so rows cannot decode it; make it a var
                   ✏️ make it a var
                var names: [String]
                           ┬───────
                           ╰─ 🛑 'names' has type [String], which SQLite cannot store in one column; store it through a representation, e.g. @Column(as: [String].JSONRepresentation.self)
                var at = Date()
                    ┬─
                    ╰─ 🛑 Cannot infer the type of 'at'; add a type annotation (': Date'?)
                       ✏️ annotate it ': Date'
            }
            """
        } expansion: {
            """
            struct Bad {
                let total = 0
                var names: [String]
                var at = Date()
            }
            """
        }
    }
}
