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
        guard case .rows(let rows) = source, rows.count > 1 else { return nil }
        // What one row binds beside the rest of the statement (an upsert's values,
        // RETURNING): one row's statement binds at most a parameter a column, plus that.
        var first = self
        first.source = .rows([rows[0]])
        let fixed = try first.rendered().bindings.count
        let perRow = max(columnNames.count, 1)
        let rowsPerBatch = max((parameterLimit - fixed) / perRow + 1, 1)
        guard rowsPerBatch < rows.count else { return nil }
        return stride(from: 0, to: rows.count, by: rowsPerBatch).map { start in
            var batch = self
            batch.source = .rows(Array(rows[start..<min(start + rowsPerBatch, rows.count)]))
            return batch
        }
    }
}
