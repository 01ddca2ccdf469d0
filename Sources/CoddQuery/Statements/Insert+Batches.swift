import CoddCore

/// A statement whose rows can be split across several statements: a multi-row INSERT,
/// which a driver runs in parts when it would bind more parameters than the connection
/// allows.
package protocol SQLRowBatching: SQLStatement {
    /// The statement as consecutive statements of the same rows, each binding at most
    /// `parameterLimit` parameters; `nil` when it cannot be split (one row, or rows from a
    /// SELECT). `parameterCount` is what the whole statement binds.
    func batches(parameterLimit: Int, parameterCount: Int) throws -> [Self]?
}

extension Insert: SQLRowBatching {
    package func batches(parameterLimit: Int, parameterCount: Int) throws -> [Self]? {
        switch source {
        case .rows(let rows): try batches(of: rows, parameterLimit: parameterLimit) { .rows($0) }
        case .mixed(let rows): try batches(of: rows, parameterLimit: parameterLimit) { .mixed($0) }
        case .values(let rows): try batches(of: rows, parameterLimit: parameterLimit) { .values($0) }
        case .select: nil
        }
    }

    /// The statement split into consecutive parts of `rows`, each binding at most
    /// `parameterLimit` parameters; `nil` when one part takes them all.
    private func batches<Row>(
        of rows: [Row], parameterLimit: Int, _ source: ([Row]) -> InsertSource
    ) throws -> [Self]? {
        guard rows.count > 1 else { return nil }
        // What one row binds beside the rest of the statement (an upsert's values,
        // RETURNING): one row's statement binds at most a parameter a column, plus that.
        var first = self
        first.source = source([rows[0]])
        let fixed = try first.rendered().bindings.count
        let perRow = max(columnNames.count, 1)
        let rowsPerBatch = max((parameterLimit - fixed) / perRow + 1, 1)
        guard rowsPerBatch < rows.count else { return nil }
        return stride(from: 0, to: rows.count, by: rowsPerBatch).map { start in
            var batch = self
            batch.source = source(Array(rows[start..<min(start + rowsPerBatch, rows.count)]))
            return batch
        }
    }
}
