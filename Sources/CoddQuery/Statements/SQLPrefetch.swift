import CoddCore

/// Rows of `Parent`, each with its `Child` rows: two SELECTs, grouped in Swift by a key.
///
/// The second strategy for an association, beside the one-query JSON aggregate
/// (`jsonGroupArray()`): no JSON is built or parsed, each row decodes straight from its
/// columns, and the children keep their own statement's order. Pick by measurement
/// (docs/Performance.md compares both).
///
/// ```swift
/// let lists = RemindersList.where { $0.isShared }
///     .including(all: Reminder.order(by: \.id), on: \.id, equals: \.remindersListID)
/// // SELECT "id", "id", "title", "isShared" FROM "remindersLists" WHERE "isShared"
/// // SELECT "remindersListID", "id", … FROM "reminders"
/// // WHERE ("remindersListID" IN (?, ?, ?)) ORDER BY "id"
/// try lists.fetchAll(db)  // [(RemindersList, [Reminder])]; a list without reminders has []
/// ```
///
/// The children's statement is restricted to the keys the parents' statement returned,
/// bound as values (up to ``keysPerStatement`` per statement), so it reads the children of
/// exactly those parents, whatever their order, limit or grouping. When the parents are
/// every row of their table, it reads the children unrestricted instead (see
/// ``everyChild``). A parent or child whose key is NULL matches nothing: such a parent has
/// no children.
///
/// Keys are matched in Swift by their fetched values' `==`, after SQL has matched them by
/// value: use keys that compare the same way in both, as integers, UUIDs and text without a
/// collation do.
public struct SQLPrefetch<Parent: Table, Child: Table, Key: SQLEquatable>: Sendable where Key.Fetched: Hashable {
    /// The parents, each row led by its key: `SELECT "id", "id", "title" FROM …`.
    public let parents: Select<SQLRow2<Key, Parent>, SQLTables.One<SQLTables.Inner<Parent>>>
    /// The children's statement as given, and its key column.
    let childrenStatement: SelectOf<Child>
    let childKeyName: String
    /// Whether NULL keys are possible on the children's side (an optional key column).
    let childKeyIsOptional: Bool

    /// The most keys bound in one children's statement: more parents take several
    /// statements (SQLite allows 32,766 values, PostgreSQL 65,535).
    public static var keysPerStatement: Int { 500 }

    init(
        parents: SelectOf<Parent>, parentKey: KeyPath<Parent.TableColumns, TableColumn<Parent, Key>>,
        children: SelectOf<Child>, childKeyName: String, childKeyIsOptional: Bool
    ) {
        var parentRows = parents.select { ($0[keyPath: parentKey], $0) }
        var children = children
        // A compound (UNION …) cannot take the key column in front of its rows.
        if !parentRows.core.compounds.isEmpty || !children.core.compounds.isEmpty {
            let error = SQLEncodingError(
                type: "SQLPrefetch", valuePreview: "\(Parent.tableName) with \(Child.tableName)",
                reason: "including(all:on:equals:) takes statements without UNION, INTERSECT or EXCEPT"
            )
            parentRows.core.joinError = error
            children.core.joinError = error
        }
        self.parents = parentRows
        self.childrenStatement = children
        self.childKeyName = childKeyName
        // An optional `Key` (both key columns optional) has NULLs on the children's side too.
        self.childKeyIsOptional = childKeyIsOptional || Key.isOptionalRepresentation
    }

    /// Whether the parents' statement returns every row of its table: then every child
    /// with a key has its parent among them, and ``everyChild`` needs no restriction.
    package var parentsAreEveryRow: Bool { parents.core.readsEveryRow }

    /// The children, each row led by its parent's key, unrestricted but for NULL keys:
    /// `SELECT "listID", "id", … FROM "reminders" ORDER BY "id"`.
    ///
    /// What a fetch runs when the parents are every row of their table (no condition,
    /// default scope included, no limit or grouping): SQLite reads the children in their
    /// own order, with no lookup or sort per row.
    public var everyChild: Select<SQLRow2<Key, Child>, SQLTables.One<SQLTables.Inner<Child>>> {
        keyed(
            childKeyIsOptional
                ? childrenStatement.where { $0.keyColumn(named: childKeyName, as: Key?.self).isNot(nil) }
                : childrenStatement)
    }

    /// The children whose key is one of `keys`, each row led by it:
    /// `… WHERE ("listID" IN (?, ?, ?)) ORDER BY "id"`.
    public func children(keyedBy keys: some Sequence<Key.Represented>) -> Select<
        SQLRow2<Key, Child>, SQLTables.One<SQLTables.Inner<Child>>
    > {
        keyed(childrenStatement.where { $0.keyColumn(named: childKeyName, as: Key.self).in(keys) })
    }

    /// The children's statements a fetch runs after the parents': ``everyChild``, or the
    /// children of the parents' distinct non-NULL keys, ``keysPerStatement`` at a time.
    @usableFromInline
    package func childStatements(for parentRows: [SQLRow2<Key, Parent>]) -> [Select<
        SQLRow2<Key, Child>, SQLTables.One<SQLTables.Inner<Child>>
    >] {
        if parentsAreEveryRow { return [everyChild] }
        var seen = Set<Key.Fetched>()
        var keys: [Key.Represented] = []
        for row in parentRows where !row.values.0.isNilValue && seen.insert(row.values.0.fetched).inserted {
            keys.append(row.values.0.represented)
        }
        return stride(from: 0, to: keys.count, by: Self.keysPerStatement).map { start in
            children(keyedBy: keys[start..<min(start + Self.keysPerStatement, keys.count)])
        }
    }

    private func keyed(_ statement: SelectOf<Child>) -> Select<
        SQLRow2<Key, Child>, SQLTables.One<SQLTables.Inner<Child>>
    > {
        statement.select { ($0.keyColumn(named: childKeyName, as: Key.self), $0) }
    }

    /// Each parent with its children, in the parents' order; children keep the order of
    /// their statement. A parent whose key appears twice gets the same children twice.
    @inlinable
    package static func group(
        parents: [SQLRow2<Key, Parent>], children: [SQLRow2<Key, Child>]
    ) -> [(Parent.Fetched, [Child.Fetched])] {
        // One slot per distinct parent key, in a flat array of arrays: one hash per row.
        var slotOfKey: [Key.Fetched: Int] = [:]
        slotOfKey.reserveCapacity(parents.count)
        var slots: [Int] = []
        slots.reserveCapacity(parents.count)
        for parent in parents {
            let key = parent.values.0.fetched
            if let slot = slotOfKey[key] {
                slots.append(slot)
            } else {
                slots.append(slotOfKey.count)
                slotOfKey[key] = slotOfKey.count
            }
        }
        var groups = [[Child.Fetched]](repeating: [], count: slotOfKey.count)
        for child in children {
            // A child whose key no parent returned (an orphan, read with every child) has
            // no slot and is left out.
            guard let slot = slotOfKey[child.values.0.fetched] else { continue }
            groups[slot].append(child.values.1.fetched)
        }
        var result: [(Parent.Fetched, [Child.Fetched])] = []
        result.reserveCapacity(parents.count)
        for (parent, slot) in zip(parents, slots) {
            result.append((parent.values.1.fetched, groups[slot]))
        }
        return result
    }
}

extension SQLPrefetch: CustomStringConvertible {
    /// The parents' statement, then the children's (`IN (…)` standing for the parents'
    /// keys when they are not every row), values inlined.
    public var description: String {
        if parentsAreEveryRow { return "\(parents.description);\n\(everyChild.description)" }
        let template = children(keyedBy: []).description
        return "\(parents.description);\n\(template) -- IN (…): the keys of the parents fetched"
    }
}

extension TableDefinition {
    /// The column `name` of this table, read as `Key`: the children's key column, typed as
    /// the parent's key whether it is declared `Key` or `Key?` (its NULLs are never read:
    /// the `IN` or `IS NOT NULL` leaves them out).
    fileprivate func keyColumn<Key: SQLCustomType>(named name: String, as _: Key.Type) -> TableColumn<QueryValue, Key> {
        TableColumn(qualifier: qualifier, name: name)
    }
}

extension Select where Tables == SQLTables.One<SQLTables.Inner<Columns>>, Columns: Table {
    /// These rows, each with the rows of `children` whose `childKey` equals its `parentKey`:
    /// two statements, grouped in Swift (see ``SQLPrefetch``).
    ///
    /// ```swift
    /// RemindersList.all.including(all: Reminder.all, on: \.id, equals: \.remindersListID)
    /// ```
    public func including<Child: Table, Key>(
        all children: SelectOf<Child>,
        on parentKey: KeyPath<Columns.TableColumns, TableColumn<Columns, Key>>,
        equals childKey: KeyPath<Child.TableColumns, TableColumn<Child, Key>>
    ) -> SQLPrefetch<Columns, Child, Key> {
        SQLPrefetch(
            parents: self, parentKey: parentKey,
            children: children, childKeyName: Child.columns[keyPath: childKey].name, childKeyIsOptional: false
        )
    }

    /// These rows, each with its children, whose key column is optional: a child whose key
    /// is NULL belongs to no parent.
    public func including<Child: Table, Key>(
        all children: SelectOf<Child>,
        on parentKey: KeyPath<Columns.TableColumns, TableColumn<Columns, Key>>,
        equals childKey: KeyPath<Child.TableColumns, TableColumn<Child, Key?>>
    ) -> SQLPrefetch<Columns, Child, Key> {
        SQLPrefetch(
            parents: self, parentKey: parentKey,
            children: children, childKeyName: Child.columns[keyPath: childKey].name, childKeyIsOptional: true
        )
    }
}

extension Table {
    /// All rows (the default scope), each with its children: `Self.all.including(all:on:equals:)`.
    public static func including<Child: Table, Key>(
        all children: SelectOf<Child>,
        on parentKey: KeyPath<TableColumns, TableColumn<Self, Key>>,
        equals childKey: KeyPath<Child.TableColumns, TableColumn<Child, Key>>
    ) -> SQLPrefetch<Self, Child, Key> {
        scoped.including(all: children, on: parentKey, equals: childKey)
    }

    /// All rows (the default scope), each with its children, whose key column is optional.
    public static func including<Child: Table, Key>(
        all children: SelectOf<Child>,
        on parentKey: KeyPath<TableColumns, TableColumn<Self, Key>>,
        equals childKey: KeyPath<Child.TableColumns, TableColumn<Child, Key?>>
    ) -> SQLPrefetch<Self, Child, Key> {
        scoped.including(all: children, on: parentKey, equals: childKey)
    }
}
