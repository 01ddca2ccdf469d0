import CustomDump

/// Rows drawn as a box table for a `results:` snapshot: one column per selected value (the
/// members of a tuple row), each cell a value as `customDump` prints it (`"Buy milk"`,
/// `nil`, `Priority.high`). A cell may span several lines (a whole table row); then a rule
/// separates the rows.
///
/// ```
/// ┌─────────────┬───┐
/// │ "Groceries" │ 2 │
/// └─────────────┴───┘
/// ```
///
/// A statement that returns no row draws `(no rows)`.
package func resultTable(_ rows: [some Any]) -> String {
    let cells: [[[Substring]]] = rows.map { row in columns(of: row).map(lines(dumping:)) }
    guard let first = cells.first else { return "(no rows)" }
    var widths = Array(repeating: 0, count: first.count)
    for row in cells {
        for (index, cell) in row.enumerated() where index < widths.count {
            widths[index] = max(widths[index], cell.map(\.count).max() ?? 0)
        }
    }
    let spansLines = cells.contains { row in row.contains { $0.count > 1 } }

    func rule(_ left: String, _ middle: String, _ right: String) -> String {
        left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
    }

    var output = [rule("┌", "┬", "┐")]
    for (rowIndex, row) in cells.enumerated() {
        let height = row.map(\.count).max() ?? 1
        for lineIndex in 0..<height {
            let line = zip(row, widths).map { cell, width in
                let text = lineIndex < cell.count ? cell[lineIndex] : ""
                return " " + text + String(repeating: " ", count: width - text.count) + " "
            }
            output.append("│" + line.joined(separator: "│") + "│")
        }
        if spansLines && rowIndex < cells.count - 1 {
            output.append(rule("├", "┼", "┤"))
        }
    }
    output.append(rule("└", "┴", "┘"))
    return output.joined(separator: "\n")
}

/// The values of one row: the members of a tuple, or the row itself.
private func columns(of row: Any) -> [Any] {
    let mirror = Mirror(reflecting: row)
    guard mirror.displayStyle == .tuple else { return [row] }
    return mirror.children.map(\.value)
}

/// `value` as `customDump` prints it, line by line; control characters (a NUL in a
/// hostile string) show escaped, so a snapshot stays plain text.
private func lines(dumping value: Any) -> [Substring] {
    var text = ""
    customDump(value, to: &text)
    var escaped = ""
    for scalar in text.unicodeScalars {
        if scalar.properties.generalCategory == .control && scalar != "\n" {
            escaped += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
            escaped.unicodeScalars.append(scalar)
        }
    }
    return escaped.split(separator: "\n", omittingEmptySubsequences: false)
}
