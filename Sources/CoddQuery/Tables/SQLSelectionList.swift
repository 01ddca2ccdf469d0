import CoddCore

/// Selections rendered one after another: what a `select` appended to another selects.
/// The statement's type says what the row decodes as (``SQLRow2``, …, ``SQLRowPack``).
struct SQLSelectionList: SQLSelectable {
    typealias QueryValue = SQLNoRows
    let parts: [any SQLSelectable]

    func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        for part in parts {
            try part.renderSelection(into: &builder, alias: nil)
        }
    }
}
