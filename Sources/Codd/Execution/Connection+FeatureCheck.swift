import CoddCore
import CoddSQLite

extension Connection {
    /// `fragment`, after checking that this SQLite has what it uses.
    func checked(_ fragment: SQLFragment) throws -> SQLFragment {
        try fragment.requireNoParameterSlots()
        try check(fragment.requirement, sql: fragment.sql)
        return fragment
    }

    /// Checks that this SQLite has what a rendered statement uses, and that the statement
    /// has no named parameters (those run through `prepared()`).
    @usableFromInline
    func checkRequirement(of rendered: SQLBuilder) throws {
        try rendered.requireNoParameterSlots()
        if let requirement = rendered.requirement { try check(requirement, sql: rendered.sql) }
    }

    @usableFromInline
    func check(_ requirement: SQLFeatureRequirement?, sql: @autoclosure () -> String) throws {
        if let requirement, !requirement.isMet(by: sqliteVersion) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: sqliteVersion, sql: sql())
        }
    }
}
