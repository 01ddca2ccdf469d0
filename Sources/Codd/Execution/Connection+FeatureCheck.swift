import CoddCore
import CoddSQLite

extension Connection {
    /// `fragment`, after checking that this SQLite has what it uses.
    func checked(_ fragment: SQLFragment) throws -> SQLFragment {
        try fragment.requireNoParameterSlots()
        try check(fragment.requirement, sql: fragment.sql)
        try registerCollations(fragment.collations)
        return fragment
    }

    /// Checks that this SQLite has what a rendered statement uses, and that the statement
    /// has no named parameters (those run through `prepared()`).
    @usableFromInline
    func checkRequirement(of rendered: SQLBuilder) throws {
        try rendered.requireNoParameterSlots()
        if let requirement = rendered.requirement { try check(requirement, sql: rendered.sql) }
        // The Swift collations it names (a Decimal's `codd_decimal`, an ICU order), once
        // per connection.
        try registerCollations(rendered.collations)
    }

    @usableFromInline
    func check(_ requirement: SQLFeatureRequirement?, sql: @autoclosure () -> String) throws {
        if let requirement, !requirement.isMet(by: sqliteVersion) {
            throw SQLUnsupportedFeatureError(requirement: requirement, running: sqliteVersion, sql: sql())
        }
    }
}
