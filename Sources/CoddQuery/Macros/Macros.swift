import CoddCore

/// Makes a struct a ``Table``: typed columns (`$0.title`), row decoding by index,
/// value rendering for inserts, and a `Draft` (the row to insert, without a primary key
/// SQLite assigns: see ``Column(_:as:primaryKey:rowID:collation:generated:)``).
///
/// ```swift
/// @Table
/// struct Reminder {
///     let id: Int
///     var title = ""
///     @Column("is_completed") var isCompleted = false
///     @Column(as: UUIDBytes.self) var externalID: UUID
///     @Ignored var isSelected = false
/// }
/// // Reminder.tableName == "reminders"
/// ```
///
/// The table name defaults to the type name in lower camel case, pluralized
/// (`RemindersList` → `"remindersLists"`); pass one to override it: `@Table("reminder_items")`.
/// A property named `id`, or marked `@Column(primaryKey: true)`, is the primary key.
@attached(
    extension,
    conformances: Table, PrimaryKeyedTable,
    names: named(TableColumns), named(tableName), named(columnCount), named(init(decodingRow:at:)),
    named(init(decodingJSON:)),
    named(renderColumnValues(into:)), named(columnValues), named(Draft), named(Writability)
)
public macro Table(_ name: String? = nil) = #externalMacro(module: "CoddMacros", type: "TableMacro")

/// Customizes a column of a `@Table` or a field of a `@Selection`: its SQL name, the
/// representation it is stored through, whether it is the primary key, and a table column's
/// default collation.
///
/// ```swift
/// @Column("due_at", as: TimestampText.self) var dueAt: Date?
/// @Column(rowID: true) let id: Reminder.ID   // an INTEGER PRIMARY KEY of a tagged type
/// @Column(collation: .nocase) var email = ""  // "email" COLLATE "NOCASE" = ?, ORDER BY "email" COLLATE "NOCASE"
/// @Column(generated: true) var fullName: String   // GENERATED ALWAYS AS (…): read, never written
/// ```
///
/// A default collation renders after the column wherever the column is an expression
/// (compared, ordered, grouped, passed to a function), and never where it is only selected;
/// it does not change the table's schema (declare `COLLATE` there too, so an index on the
/// column serves the comparisons). A collation written in Swift is registered on the
/// connection before a statement that names it runs.
///
/// A `Draft` leaves out a key SQLite assigns: one declared as an integer (`let id: Int`),
/// or marked `rowID: true` (the column is the table's rowid, `INTEGER PRIMARY KEY`, whose
/// Swift type the macro cannot see as an integer). Any other key is a parameter of the
/// `Draft` (a `UUID` key defaults to a new `UUID()`).
///
/// A generated column (`GENERATED ALWAYS AS (…)` in the table's SQL) is marked
/// `generated: true`: rows read it, and inserts, `update(row)` and upserts leave it out (as
/// does the `Draft`); assigning it in `update { }` is an `SQLEncodingError` naming it.
@attached(peer)
public macro Column(
    _ name: String? = nil,
    as representation: Any.Type? = nil,
    primaryKey: Bool = false,
    rowID: Bool = false,
    collation: SQLCollation? = nil,
    generated: Bool = false
) = #externalMacro(module: "CoddMacros", type: "ColumnMacro")

/// Excludes a stored property of a `@Table` from its columns. The property needs a
/// default value, which every decoded row gets.
@attached(peer)
public macro Ignored() = #externalMacro(module: "CoddMacros", type: "IgnoredMacro")

/// Makes a struct a ``Selection``: a custom result shape with a `Columns` initializer
/// taking one expression per field.
///
/// ```swift
/// @Selection
/// struct RemindersListWithCount {
///     let remindersCount: Int
///     let remindersList: RemindersList
/// }
/// RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }
///     .select { RemindersListWithCount.Columns(remindersCount: $1.count(), remindersList: $0) }
/// ```
@attached(
    extension,
    conformances: Selection,
    names: named(Columns), named(columnCount), named(init(decodingRow:at:)), named(init(decodingJSON:))
)
public macro Selection() = #externalMacro(module: "CoddMacros", type: "SelectionMacro")

/// Makes a global Swift function callable from SQL: a peer `$name` registers it
/// (`try db.add(function: $name)`) and calls it in queries (`$name(…)` renders
/// `"name"(…)`). Arguments are read and the result bound through the codecs.
///
/// ```swift
/// @DatabaseFunction
/// func slugify(_ title: String) -> String { … }
/// // $slugify($0.title)  →  "slugify"("title")
///
/// @DatabaseFunction
/// func mode(priority priorities: some Sequence<Priority?>) -> Priority? { … }
/// // $mode(priority: $1.priority)  →  "mode"("reminders"."priority"), an aggregate
/// ```
///
/// Pass a name to register it under another (`@DatabaseFunction("slug")`), and
/// `isDeterministic: true` / `isDirectOnly: true` for SQLite's flags.
@attached(peer, names: prefixed(`$`))
public macro DatabaseFunction(
    _ name: String? = nil,
    isDeterministic: Bool = false,
    isDirectOnly: Bool = false
) = #externalMacro(module: "CoddMacros", type: "DatabaseFunctionMacro")

/// Makes a struct stored as JSON reachable from queries: typed paths to its members in a
/// JSON column (`$0.settings.theme == "dark"`), each keyed as `Codable` keys it (its
/// `CodingKeys`' raw values, when it has them).
///
/// ```swift
/// @JSONPaths
/// struct Settings: Codable {
///     var theme: String
///     var fontSize: Int
/// }
/// // $0.settings.theme  →  "settings" ->> '$.theme' where compared, "settings" -> '$.theme' selected
/// ```
@attached(extension, conformances: SQLJSONPathNavigable, names: named(JSONMembers))
public macro JSONPaths() = #externalMacro(module: "CoddMacros", type: "JSONPathsMacro")
