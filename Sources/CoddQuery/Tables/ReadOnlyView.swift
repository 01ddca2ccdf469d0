/// Whether the query DSL writes to a table type: ``SQLWritable`` or ``SQLReadOnly``.
public protocol SQLWritability {}

/// A table the DSL inserts into, updates and deletes from: every `@Table` unless it is a
/// ``ReadOnlyView``.
public enum SQLWritable: SQLWritability {}

/// A view the DSL only reads: `insert`, `update` and `delete` do not exist on it.
public enum SQLReadOnly: SQLWritability {}

/// A `@Table` type that names a view SQLite cannot write: the DSL reads it and offers no
/// `insert`, `update` or `delete`, so a write is a compile-time error instead of SQLite's
/// `cannot modify … because it is a view` at run time.
///
/// ```swift
/// @Table("openReminders")
/// struct OpenReminder: ReadOnlyView { let id: Int; var title: String }
///
/// OpenReminder.where { $0.title.eq("Milk") }        // SELECT … FROM "openReminders" WHERE …
/// OpenReminder.find(1).delete()
/// // error: referencing instance method 'delete()' on 'Select' requires the types
/// // 'OpenReminder.Writability' (aka 'SQLReadOnly') and 'SQLWritable' be equivalent
/// ```
///
/// A view whose writes `INSTEAD OF` triggers handle (`createTemporaryTrigger(insteadOf:)`)
/// is declared as a plain `@Table`, without this conformance: the DSL writes to it and
/// SQLite runs the triggers.
public protocol ReadOnlyView: Table where Writability == SQLReadOnly {}
