@_exported import CoddSQLFirst

/// Makes a struct a SQL-first database: its `static var migrations: [String]` and its
/// `@Query` properties are analyzed at compile time (the same analysis as `codd` and
/// CoddPlugin, without SQLite's own check, which a compiler plugin cannot load), and the
/// struct gains the tables' row types, each query's typealias and input and output types,
/// `init(path:)`, `init(config:)`, `inMemory()` and the connections (`writer`).
///
/// ```swift
/// @Database
/// struct DB {
///     @Query("SELECT * FROM todo")
///     var selectTodos: any SelectTodosQuery
///
///     static var migrations: [String] {
///         ["CREATE TABLE todo (id INTEGER, name TEXT NOT NULL, completedOn INTEGER AS Date)"]
///     }
/// }
/// let todos = try await DB.inMemory().selectTodos.execute()
/// ```
///
/// A problem is reported at the part of the SQL string it is about.
@attached(member, names: arbitrary)
public macro Database() = #externalMacro(module: "CoddSQLFirstMacroPlugin", type: "DatabaseMacro")

/// A query of a `@Database` struct: its SQL, and optionally the names of its generated
/// input and output types. The property's type names the query's typealias
/// (`any SelectTodosQuery`).
@attached(peer)
public macro Query(_ sql: String, inputName: String? = nil, outputName: String? = nil) =
    #externalMacro(module: "CoddSQLFirstMacroPlugin", type: "QueryMacro")
