/// Every disagreement between `@Table` types and the live schema, found in one pass.
///
/// ```text
/// 2 problems between the Swift tables and the database:
///   reminders.externalID: expected a column storing BLOB (UUID.BlobRepresentation), found TEXT
///   reminders.dueAt: expected NOT NULL (Date is not optional), found a nullable column
/// ```
public struct SchemaValidationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One disagreement: the table, the column (none for a missing table), what the Swift
    /// type expects and what the database has.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            case missingTable
            case missingColumn
            /// The column's declared type does not keep the representation's storage class.
            case storage
            /// A non-optional property on a column that admits NULL.
            case nullability
            /// The annotation's codec is not the property's representation.
            case codec
            /// A virtual table's argument (an FTS5 table's tokenizer, `UNINDEXED` flags,
            /// prefix indexes, content, `columnsize` or `detail`) is not what the Swift type
            /// declares; `column` names the argument.
            case virtualTableArgument
            /// A column the Swift type names (`TableColumns.columnNames`) that its
            /// `columnsByProperty` does not list, so that nothing about it could be checked: a
            /// hand-written `TableColumns` whose columns are computed properties, which
            /// reflection does not see, must list them in `columnsByProperty`.
            case uncheckedColumn
        }

        public var kind: Kind
        public var table: String
        public var column: String?
        public var expected: String
        public var found: String

        public init(kind: Kind, table: String, column: String?, expected: String, found: String) {
            self.kind = kind
            self.table = table
            self.column = column
            self.expected = expected
            self.found = found
        }

        /// `reminders.externalID: expected …, found …`.
        public var description: String {
            "\(table)\(column.map { ".\($0)" } ?? ""): expected \(expected), found \(found)"
        }
    }

    public var problems: [Problem]

    package init(problems: [Problem]) {
        self.problems = problems
    }

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(count) between the Swift tables and the database:\n"
            + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
