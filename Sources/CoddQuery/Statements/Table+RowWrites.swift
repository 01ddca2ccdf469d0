import CoddCore

// Writes of one row of a primary-keyed table, found by its key: `Reminder.update(row)`,
// `Reminder.delete(row)` (and `upsert`, in Insert.swift). Like `find(_:)`, they start
// from the table's default scope.

extension PrimaryKeyedTable where Writability == SQLWritable {
    /// `UPDATE "table" SET` every written column but the key to `row`'s value
    /// `WHERE "id" = ?` (the row's key):
    ///
    /// ```swift
    /// Tag.update(Tag(id: 1, name: "home"))
    /// // UPDATE "tags" SET "name" = ? WHERE ("id" = ?)
    /// ```
    ///
    /// Generated columns are left out. A table whose only column is its key has nothing to
    /// set: rendering it is an `SQLEncodingError`.
    public static func update(_ row: Self) -> Update<Self, SQLNoRows> {
        var updates = Updates<Self>(columns: columns)
        let filter: SelectOf<Self>
        do {
            let (key, values) = try keyAndValues(of: row)
            let generated = TableColumns.generatedColumnNames
            for (name, value) in zip(TableColumns.columnNames, values)
            where name != columns.primaryKey.name && !generated.contains(name) {
                updates.assign(name, value)
            }
            filter = scoped.where { $0.primaryKey.comparison("=", key) }
        } catch {
            updates.error = error as? SQLEncodingError ?? SQLEncodingError(row, reason: "\(error)")
            filter = scoped
        }
        return Update(conflict: nil, updates: updates, filter: filter.core, returning: nil)
    }

    /// `DELETE FROM "table" WHERE "id" = ?`: the row with `row`'s key.
    public static func delete(_ row: Self) -> Delete<Self, SQLNoRows> {
        do {
            let (key, _) = try keyAndValues(of: row)
            return scoped.where { $0.primaryKey.comparison("=", key) }.delete()
        } catch {
            var filter = scoped
            filter.core.joinError = error as? SQLEncodingError ?? SQLEncodingError(row, reason: "\(error)")
            return filter.delete()
        }
    }

    /// The row's key, as its column's representation, and all its column values.
    static func keyAndValues(of row: Self) throws -> (key: any SQLExpression, values: [any SQLExpression]) {
        let values = try row.columnValues()
        let names = TableColumns.columnNames
        guard values.count == names.count, let index = names.firstIndex(of: columns.primaryKey.name) else {
            throw SQLEncodingError(row, reason: "its column values do not match the columns of \(tableName)")
        }
        return (values[index], values)
    }
}
