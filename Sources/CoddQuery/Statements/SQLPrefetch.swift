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
/// // SELECT "reminders"."remindersListID", "reminders"."id", … FROM "reminders"
/// // WHERE "reminders"."remindersListID" IN
/// //   (SELECT "remindersLists"."id" FROM "remindersLists" WHERE "remindersLists"."isShared")
/// // ORDER BY "reminders"."id"
/// try lists.fetchAll(db)  // [(RemindersList, [Reminder])]; a list without reminders has []
/// ```
///
/// The children's statement keeps the parents' conditions and limit as a subquery, so it
/// reads only the children of the parents fetched (see ``children``). Both run in one
/// transaction (SQLite's fetch opens one when none is open), so they read the same rows.
public struct SQLPrefetch<Parent: Table, Child: Table, Key: SQLEquatable>: Sendable where Key.Fetched: Hashable {
    /// The parents, each row led by its key: `SELECT "id", "id", "title" FROM …`.
    public let parents: Select<SQLRow2<Key, Parent>, SQLTables.One<SQLTables.Inner<Parent>>>
    /// The children, each row led by the key of its parent, restricted to the parents'
    /// keys: `… WHERE "listID" IN (SELECT "id" FROM "lists" …)`.
    let childrenOfParents: Select<SQLRow2<Key, Child>, SQLTables.One<SQLTables.Inner<Child>>>
    /// The children, unrestricted: for parents that are every row of their table.
    let everyChild: Select<SQLRow2<Key, Child>, SQLTables.One<SQLTables.Inner<Child>>>

    init(
        parents: SelectOf<Parent>, parentKey: KeyPath<Parent.TableColumns, TableColumn<Parent, Key>>,
        children: SelectOf<Child>, childKeyName: String, childKeyIsOptional: Bool
    ) {
        self.parents = parents.select { ($0[keyPath: parentKey], $0) }
        self.childrenOfParents = children
            .where { $0.keyColumn(named: childKeyName, as: Key.self).in(parents.select(parentKey)) }
            .select { ($0.keyColumn(named: childKeyName, as: Key.self), $0) }
        // Without the IN, an optional key's NULLs are left out by a condition of their own.
        let keyed = childKeyIsOptional ? children.where { $0.keyColumn(named: childKeyName, as: Key?.self).isNot(nil) } : children
        self.everyChild = keyed.select { ($0.keyColumn(named: childKeyName, as: Key.self), $0) }
    }

    /// The children's statement, each row led by the key of its parent.
    ///
    /// When the parents are every row of their table (no condition, default scope included,
    /// and no limit), every child with a key has its parent among them: the statement reads
    /// the children without restriction, in their own order, which spares SQLite a lookup
    /// and a sort per row. Otherwise it reads only the children of the parents fetched:
    /// `… WHERE "reminders"."listID" IN (SELECT "lists"."id" FROM "lists" WHERE …)`. A
    /// child whose key matches no parent, or is NULL, is left out either way.
    public var children: Select<SQLRow2<Key, Child>, SQLTables.One<SQLTables.Inner<Child>>> {
        parents.core.readsEveryRow ? everyChild : childrenOfParents
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
            // The subquery reads only these parents' keys; a row whose parent is gone since
            // (another connection, READ COMMITTED) has no slot and is left out.
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
    /// Both statements, values inlined, one per line.
    public var description: String { "\(parents.description);\n\(children.description)" }
}

extension TableDefinition {
    /// The column `name` of this table, read as `Key`: the children's key column, typed as
    /// the parent's key whether it is declared `Key` or `Key?` (the `IN` leaves NULLs out).
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
