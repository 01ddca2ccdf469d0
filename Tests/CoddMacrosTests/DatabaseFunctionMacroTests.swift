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
            """
        )
    }

    @Test func refusedShapes() {
        assertCoddExpansion(
            """
            @DatabaseFunction
            func load() async -> Int { 0 }
            @DatabaseFunction
            func pick<T>(_ value: T) -> Int { 0 }
            @DatabaseFunction
            func both(_ a: some Sequence<Int>, _ b: Int) -> Int { 0 }
            @DatabaseFunction
            func many(_ values: Int...) -> Int { 0 }
            """,
            expandedSource: """
            """
        )
    }
}
