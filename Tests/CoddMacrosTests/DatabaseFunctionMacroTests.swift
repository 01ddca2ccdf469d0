import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `@DatabaseFunction`: a peer `$name` that registers the function and calls it in queries.
@Suite struct DatabaseFunctionMacroTests {
    @Test func scalar() {
        assertCoddExpansion(
            """
            @DatabaseFunction
            func shift(_ id: UUID, by days: Int, level: Level?) -> Date {
                Date()
            }
            """,
            expandedSource: """
                func shift(_ id: UUID, by days: Int, level: Level?) -> Date {
                    Date()
                }

                var $shift: __macro_local_5shiftfMu_ {
                    __macro_local_5shiftfMu_()
                }

                struct __macro_local_5shiftfMu_: CoddCore.SQLScalarFunction {
                    var name: String {
                        "shift"
                    }
                    var argumentCount: Int {
                        3
                    }
                    var options: CoddCore.SQLFunctionOptions {
                        CoddCore.SQLFunctionOptions(deterministic: false, directOnly: false)
                    }
                    func call(arguments: some CoddCore.SQLColumnReader, result: inout some CoddCore.SQLBindingContext) throws {
                        let argument0 = try arguments.functionArgument((UUID).self, at: 0, of: name, label: "id")
                        let argument1 = try arguments.functionArgument((Int).self, at: 1, of: name, label: "days")
                        let argument2 = try arguments.functionArgument((Level?).self, at: 2, of: name, label: "level")
                        try (shift(argument0, by: argument1, level: argument2)).bind(into: &result)
                    }
                    func callAsFunction(_ argument0: some CoddCore.SQLExpression<UUID>, by argument1: some CoddCore.SQLExpression<Int>, level argument2: some CoddCore.SQLExpression<Level?>) -> CoddQuery.SQLDatabaseFunctionCall<Date> {
                        CoddQuery.SQLDatabaseFunctionCall(name, [argument0, argument1, argument2])
                    }
                }
                """
        )
    }

    @Test func aggregate() {
        assertCoddExpansion(
            """
            @DatabaseFunction
            func mode(priority priorities: some Sequence<Reminder.Priority?>) -> Reminder.Priority? {
                nil
            }
            """,
            expandedSource: """
                func mode(priority priorities: some Sequence<Reminder.Priority?>) -> Reminder.Priority? {
                    nil
                }

                var $mode: __macro_local_4modefMu_ {
                    __macro_local_4modefMu_()
                }

                struct __macro_local_4modefMu_: CoddCore.SQLAggregateFunction {
                    var name: String {
                        "mode"
                    }
                    var argumentCount: Int {
                        1
                    }
                    var options: CoddCore.SQLFunctionOptions {
                        CoddCore.SQLFunctionOptions(deterministic: false, directOnly: false)
                    }
                    func start() -> [Reminder.Priority?] {
                        []
                    }
                    func step(_ state: inout [Reminder.Priority?], arguments: some CoddCore.SQLColumnReader) throws {
                        state.append(try arguments.functionArgument((Reminder.Priority?).self, at: 0, of: name, label: "priorities"))
                    }
                    func finish(_ state: inout [Reminder.Priority?], result: inout some CoddCore.SQLBindingContext) throws {
                        try (mode(priority: state)).bind(into: &result)
                    }
                    func callAsFunction(priority argument: some CoddCore.SQLExpression<Reminder.Priority?>) -> CoddQuery.SQLDatabaseFunctionCall<Reminder.Priority?> {
                        CoddQuery.SQLDatabaseFunctionCall(name, [argument])
                    }
                }
                """
        )
    }

    @Test func namedThrowingVoidWithFlags() {
        assertCoddExpansion(
            """
            @DatabaseFunction("it's \\"odd\\"", isDeterministic: true, isDirectOnly: true)
            public func `refresh`() throws {
            }
            """,
            expandedSource: """
                public func `refresh`() throws {
                }

                public var $refresh: __macro_local_7refreshfMu_ {
                    __macro_local_7refreshfMu_()
                }

                public struct __macro_local_7refreshfMu_: CoddCore.SQLScalarFunction {
                    public var name: String {
                        "it's \\"odd\\""
                    }
                    public var argumentCount: Int {
                        0
                    }
                    public var options: CoddCore.SQLFunctionOptions {
                        CoddCore.SQLFunctionOptions(deterministic: true, directOnly: true)
                    }
                    public func call(arguments: some CoddCore.SQLColumnReader, result: inout some CoddCore.SQLBindingContext) throws {
                        try refresh()
                        try result.bindNull()
                    }
                    public func callAsFunction() -> CoddQuery.SQLDatabaseFunctionCall<CoddCore.SQLNull> {
                        CoddQuery.SQLDatabaseFunctionCall(name, [])
                    }
                }
                """
        )
    }

    @Test func refusedShapes() {
        assertCoddExpansion(
            """
            @DatabaseFunction
            func load() async -> Int { 0 }
            """,
            expandedSource: """
                func load() async -> Int { 0 }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "@DatabaseFunction cannot be async: SQLite calls the function synchronously, inside a statement",
                    line: 2, column: 6
                )
            ]
        )
        assertCoddExpansion(
            """
            @DatabaseFunction
            func pick<T>(_ value: T) -> Int { 0 }
            """,
            expandedSource: """
                func pick<T>(_ value: T) -> Int { 0 }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseFunction cannot be generic: SQLite needs one concrete type per argument",
                    line: 2, column: 6)
            ]
        )
        assertCoddExpansion(
            """
            @DatabaseFunction
            func both(_ a: some Sequence<Int>, _ b: Int) -> Int { 0 }
            """,
            expandedSource: """
                func both(_ a: some Sequence<Int>, _ b: Int) -> Int { 0 }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "An aggregate @DatabaseFunction takes one parameter, some Sequence<T>", line: 2, column: 16
                )
            ]
        )
        assertCoddExpansion(
            """
            @DatabaseFunction
            func many(_ values: Int...) -> Int { 0 }
            """,
            expandedSource: """
                func many(_ values: Int...) -> Int { 0 }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@DatabaseFunction takes plain parameters (no inout, no variadic)", line: 2, column: 11)
            ]
        )
    }

    /// A function named like a member of the generated type would be shadowed by it.
    @Test func memberNamesAreRefused() {
        assertCoddExpansion(
            """
            @DatabaseFunction
            func step(_ value: Int) -> Int { value }
            """,
            expandedSource: """
                func step(_ value: Int) -> Int { value }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        #"@DatabaseFunction cannot wrap a function named step: the generated type has a member of that name; rename it and pass the SQL name, @DatabaseFunction("step")"#,
                    line: 2, column: 6
                )
            ]
        )
    }
}
