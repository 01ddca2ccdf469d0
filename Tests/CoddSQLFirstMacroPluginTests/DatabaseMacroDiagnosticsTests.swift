import CoddSQLFirstMacroExpansions
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macro's diagnostics point at the failing part of the string (PureSQL reports them
/// on the whole SQL string).
@Suite("@Database diagnostics")
struct DatabaseMacroDiagnosticsTests {
    static let macros: [String: MacroSpec] = [
        "Database": MacroSpec(type: DatabaseMacro.self), "Query": MacroSpec(type: QueryMacro.self),
    ]

    @Test func anUnknownColumnIsReportedAtItsToken() {
        assertMacroExpansion(
            """
            @Database
            struct DB {
                @Query("SELECT nmae FROM todo")
                var names: any NamesQuery
                static var migrations: [String] { ["CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"] }
            }
            """,
            expandedSource: """
                struct DB {
                    var names: any NamesQuery
                    static var migrations: [String] { ["CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"] }

                    typealias NamesQuery = Query<Void, Void>
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "no such column: nmae (the query's tables have id, name)", line: 3, column: 20)
            ],
            macroSpecs: Self.macros,
            failureHandler: { Issue.record(Comment(rawValue: $0.message)) }
        )
    }

    @Test func aMultiLineStringsErrorIsOnItsLine() {
        assertMacroExpansion(
            #"""
            @Database
            struct DB {
                @Query("""
                    SELECT id
                    FROM todo
                    WHERE done = ?
                    """)
                var open: any OpenQuery
                static var migrations: [String] {
                    [
                        "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
                        """
                        CREATE TABLE tag (
                          id INTEGER PRIMARY KEY,
                          at BLOB AS Date
                        )
                        """,
                    ]
                }
            }
            """#,
            expandedSource: #"""
                struct DB {
                    var open: any OpenQuery
                    static var migrations: [String] {
                        [
                            "CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL)",
                            """
                            CREATE TABLE tag (
                              id INTEGER PRIMARY KEY,
                              at BLOB AS Date
                            )
                            """,
                        ]
                    }

                    typealias OpenQuery = Query<Void, Void>
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "BLOB AS Date: Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds), REAL (julianDay, unixTime)",
                    line: 15, column: 18)
            ],
            macroSpecs: Self.macros,
            failureHandler: { Issue.record(Comment(rawValue: $0.message)) }
        )
    }

    @Test func aQueryErrorInAMultiLineString() {
        assertMacroExpansion(
            #"""
            @Database
            struct DB {
                @Query("""
                    SELECT id
                    FROM todo
                    WHERE done = ?
                    """)
                var open: any OpenQuery
                static var migrations: [String] { ["CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"] }
            }
            """#,
            expandedSource: #"""
                struct DB {
                    var open: any OpenQuery
                    static var migrations: [String] { ["CREATE TABLE todo (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"] }

                    typealias OpenQuery = Query<Void, Void>
                }
                """#,
            diagnostics: [
                DiagnosticSpec(message: "no such column: done (the query's tables have id, name)", line: 6, column: 15)
            ],
            macroSpecs: Self.macros,
            failureHandler: { Issue.record(Comment(rawValue: $0.message)) }
        )
    }

    @Test func interpolationAndMissingMigrations() {
        assertMacroExpansion(
            #"""
            @Database
            struct DB {
                @Query("SELECT * FROM \(table)")
                var all: any AllQuery
            }
            """#,
            expandedSource: #"""
                struct DB {
                    var all: any AllQuery
                }
                """#,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "the SQL must be a string literal without interpolation: the macro reads it at compile time; bind values as parameters (?)",
                    line: 3, column: 12),
                DiagnosticSpec(
                    message:
                        "@Database needs the schema: add `static var migrations: [String] { [\"CREATE TABLE …\"] }`",
                    line: 2, column: 8),
            ],
            macroSpecs: Self.macros,
            failureHandler: { Issue.record(Comment(rawValue: $0.message)) }
        )
    }
}
