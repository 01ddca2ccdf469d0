import CoddSQLFirst

/// The app's own type the fixture's migrations name (`INTEGER AS Priority`), declared in
/// codd.json so the compiler can resolve it.
enum Priority: Int, SQLCustomType, SQLComparable, Sendable {
    case low = 1, medium, high
}
