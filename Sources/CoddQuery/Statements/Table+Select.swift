import CoddCore

// The entry points of a table: each starts from the table's default scope (`all`),
// resolved when the statement renders, so `static let all = Self.where { … }` works.

extension Table {
    /// All rows, with no default scope: `SELECT … FROM "reminders"`.
    @inlinable
    public static var unscoped: SelectOf<Self> {
        SelectOf<Self>(table: Self.self)
    }

    /// A statement that starts from the default scope, resolved at render time.
    @inlinable
    static var scoped: SelectOf<Self> {
        SelectOf<Self>(core: .scoped(table: Self.self, tableName: tableName, columns: TableColumns.self))
    }

    /// Rows matching `condition`, within the default scope.
    @inlinable
    public static func `where`<Condition: SQLExpression<Bool>>(_ condition: (TableColumns) -> Condition) -> SelectOf<
        Self
    > {
        scoped.where(condition)
    }

    /// Selects expressions from the table (see `Select.select(_:)`).
    @inlinable
    public static func select<S: SQLSelectable>(_ selection: (TableColumns) -> S) -> Select<
        S.QueryValue, SQLTables.One<SQLTables.Inner<Self>>
    > {
        scoped.select(selection)
    }

    /// Selects two expressions from the table.
    @inlinable
    public static func select<A: SQLSelectable, B: SQLSelectable>(
        _ selection: (TableColumns) -> (A, B)
    ) -> Select<SQLRow2<A.QueryValue, B.QueryValue>, SQLTables.One<SQLTables.Inner<Self>>> {
        scoped.select(selection)
    }

    /// Selects three expressions from the table.
    @inlinable
    public static func select<A: SQLSelectable, B: SQLSelectable, C: SQLSelectable>(
        _ selection: (TableColumns) -> (A, B, C)
    ) -> Select<SQLRow3<A.QueryValue, B.QueryValue, C.QueryValue>, SQLTables.One<SQLTables.Inner<Self>>> {
        scoped.select(selection)
    }

    /// Selects four expressions from the table.
    @inlinable
    public static func select<A: SQLSelectable, B: SQLSelectable, C: SQLSelectable, D: SQLSelectable>(
        _ selection: (TableColumns) -> (A, B, C, D)
    ) -> Select<SQLRow4<A.QueryValue, B.QueryValue, C.QueryValue, D.QueryValue>, SQLTables.One<SQLTables.Inner<Self>>> {
        scoped.select(selection)
    }

    /// Selects one column: `Reminder.select(\.title)`.
    @inlinable
    public static func select<Value>(_ column: KeyPath<TableColumns, TableColumn<Self, Value>>) -> Select<
        Value, SQLTables.One<SQLTables.Inner<Self>>
    > {
        scoped.select(column)
    }

    /// Orders the rows.
    public static func order<Term: SQLOrderable>(by term: (TableColumns) -> Term) -> SelectOf<Self> {
        scoped.order(by: term)
    }

    /// Orders the rows by two terms.
    public static func order<T1: SQLOrderable, T2: SQLOrderable>(by terms: (TableColumns) -> (T1, T2)) -> SelectOf<Self>
    {
        scoped.order(by: terms)
    }

    /// Orders the rows by three terms.
    public static func order<T1: SQLOrderable, T2: SQLOrderable, T3: SQLOrderable>(
        by terms: (TableColumns) -> (T1, T2, T3)
    ) -> SelectOf<Self> {
        scoped.order(by: terms)
    }

    /// Orders the rows by a column: `Reminder.order(by: \.title)`.
    public static func order<Value>(by column: KeyPath<TableColumns, TableColumn<Self, Value>>) -> SelectOf<Self> {
        scoped.order(by: column)
    }

    /// Groups the rows.
    public static func group<Group: SQLExpression>(by group: (TableColumns) -> Group) -> SelectOf<Self> {
        scoped.group(by: group)
    }

    /// Groups the rows by two expressions: `Note.group { ($0.createdAt.year, $0.createdAt.month) }`.
    public static func group<G1: SQLExpression, G2: SQLExpression>(by groups: (TableColumns) -> (G1, G2))
        -> SelectOf<Self>
    {
        scoped.group(by: groups)
    }

    /// Groups the rows by a column: `RemindersList.group(by: \.id)`.
    public static func group<Value>(by column: KeyPath<TableColumns, TableColumn<Self, Value>>) -> SelectOf<Self> {
        scoped.group(by: column)
    }

    /// The first `count` rows.
    public static func limit(_ count: Int, offset: Int? = nil) -> SelectOf<Self> {
        scoped.limit(count, offset: offset)
    }

    /// Every row but the first `count`: `LIMIT -1 OFFSET ?`.
    public static func offset(_ count: Int) -> SelectOf<Self> {
        scoped.offset(count)
    }

    /// `SELECT DISTINCT`.
    public static func distinct(_ isDistinct: Bool = true) -> SelectOf<Self> {
        scoped.distinct(isDistinct)
    }

    /// `SELECT count(*)` within the default scope.
    public static func count() -> Select<Int, SQLTables.One<SQLTables.Inner<Self>>> {
        scoped.count()
    }

    /// `EXISTS (SELECT … FROM "table")`: whether the default scope holds a row.
    public static func exists() -> SQLExists {
        scoped.exists()
    }

    /// `JOIN other ON condition`.
    public static func join<B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (TableColumns, B.TableColumns) -> Condition
    ) -> Select<SQLRow2<Self, B>, SQLTables.Two<SQLTables.Inner<Self>, SQLTables.Inner<B>>> {
        scoped.join(other, on: condition)
    }

    /// `LEFT JOIN other ON condition`.
    public static func leftJoin<B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (TableColumns, NullableColumns<B.TableColumns>) -> Condition
    ) -> Select<SQLRow2<Self, B?>, SQLTables.Two<SQLTables.Inner<Self>, SQLTables.Outer<B>>> {
        scoped.leftJoin(other, on: condition)
    }

    /// `RIGHT JOIN other ON condition`.
    public static func rightJoin<B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (NullableColumns<TableColumns>, B.TableColumns) -> Condition
    ) -> Select<SQLRow2<Self?, B>, SQLTables.Two<SQLTables.Outer<Self>, SQLTables.Inner<B>>> {
        scoped.rightJoin(other, on: condition)
    }

    /// `FULL JOIN other ON condition`.
    public static func fullJoin<B, Other, Condition: SQLExpression<Bool>>(
        _ other: Select<Other, SQLTables.One<SQLTables.Inner<B>>>,
        on condition: (NullableColumns<TableColumns>, NullableColumns<B.TableColumns>) -> Condition
    ) -> Select<SQLRow2<Self?, B?>, SQLTables.Two<SQLTables.Outer<Self>, SQLTables.Outer<B>>> {
        scoped.fullJoin(other, on: condition)
    }
}

extension PrimaryKeyedTable {
    /// The row whose primary key is `primaryKey`, within the default scope.
    @inlinable
    public static func find(_ primaryKey: TableColumns.PrimaryKey.Represented) -> SelectOf<Self> {
        scoped.where { $0.primaryKey.eq(primaryKey) }
    }

    /// The rows whose primary keys are in `primaryKeys`.
    @inlinable
    public static func find(_ primaryKeys: some Sequence<TableColumns.PrimaryKey.Represented>) -> SelectOf<Self> {
        scoped.where { $0.primaryKey.in(primaryKeys) }
    }
}
