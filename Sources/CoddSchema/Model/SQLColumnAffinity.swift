import CoddCore

/// The type affinity SQLite gives a column from its declared type, by SQLite's own rules
/// (<https://sqlite.org/datatype3.html#determination_of_column_affinity>), in order: a
/// type containing `INT` is INTEGER; `CHAR`, `CLOB` or `TEXT`, TEXT; `BLOB` or no type,
/// BLOB (none); `REAL`, `FLOA` or `DOUB`, REAL; anything else (`BOOLEAN`, `DATETIME`,
/// `DECIMAL(10,2)`) NUMERIC. A STRICT table's `ANY` column keeps every value as given.
public enum SQLColumnAffinity: String, Sendable, Hashable, CustomStringConvertible {
    case integer = "INTEGER"
    case text = "TEXT"
    /// No affinity: `BLOB` or no declared type; values are stored as given.
    case blob = "BLOB"
    case real = "REAL"
    case numeric = "NUMERIC"
    /// A STRICT table's `ANY`: values are stored as given.
    case any = "ANY"

    public init(declaredType: String) {
        let type = declaredType.uppercased()
        if type.contains("INT") {
            self = .integer
        } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
            self = .text
        } else if type.contains("BLOB") || type.trimmingWhitespace.isEmpty {
            self = .blob
        } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
            self = .real
        } else if type.trimmingWhitespace == "ANY" {
            self = .any
        } else {
            self = .numeric
        }
    }

    /// Whether a column of this affinity keeps values of `storage` as they are written,
    /// so a representation storing `storage` reads back what it wrote. INTEGER and REAL
    /// values keep their class in a NUMERIC column; TEXT would be converted to a number
    /// in an INTEGER, REAL or NUMERIC column when it looks like one.
    public func keeps(_ storage: SQLStorage) -> Bool {
        switch (self, storage) {
        case (.blob, _), (.any, _), (_, .null): true
        case (.integer, .integer), (.text, .text), (.real, .real): true
        case (.numeric, .integer), (.numeric, .real): true
        // A BLOB is never converted, but a BLOB representation on a column declared
        // INTEGER/TEXT/REAL says one thing and does another: refused.
        default: false
        }
    }

    /// Whether a column declared `declaredType` says it holds values of `storage`: no
    /// declared type and `ANY` hold anything; `BLOB` holds BLOBs; INTEGER, TEXT and REAL
    /// affinities hold their own class; NUMERIC (`BOOLEAN`, `DATETIME`) INTEGER and REAL,
    /// and TEXT that never reads as a number (`textReadsAsNumber: false`: a date's or a
    /// UUID's text, which SQLite keeps as TEXT there, as GRDB's `DATETIME` columns hold
    /// dates). A REAL column converts integers to REAL and a TEXT column numbers to TEXT,
    /// so those pairs do not match.
    public static func declaredType(
        _ declaredType: String, holds storage: SQLStorage, textReadsAsNumber: Bool = true
    ) -> Bool {
        if declaredType.trimmingWhitespace.isEmpty || storage == .null { return true }
        switch (SQLColumnAffinity(declaredType: declaredType), storage) {
        case (.any, _): return true
        case (.blob, .blob), (.integer, .integer), (.text, .text), (.real, .real): return true
        case (.numeric, .integer), (.numeric, .real): return true
        case (.numeric, .text): return !textReadsAsNumber
        default: return false
        }
    }

    public var description: String { rawValue }
}

extension String {
    var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return self[start..<max(start, end)]
    }
}
