import CoddCore

/// A row of any number of parts, decoded in order and fetched as a flat tuple: what a
/// selection of more than four expressions, or one `select` appended to another, decodes as.
///
/// Rows of two to four parts use ``SQLRow2``, ``SQLRow3`` and ``SQLRow4``, which Swift
/// specializes; this one walks a parameter pack, which Swift 6.3 does not (a few dozen
/// instructions a column more).
public struct SQLRowPack<each Part: SQLRowDecodable>: SQLRowDecodable {
    public var values: (repeat each Part)

    public var fetched: (repeat (each Part).Fetched) {
        (repeat (each values).fetched)
    }

    public static var columnCount: Int {
        var count = 0
        for part in repeat (each Part).self {
            count += part.columnCount
        }
        return count
    }

    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        values = (repeat try (each Part)(decodingRow: reader, at: &index))
    }
}

/// Any number of selected expressions.
public struct SQLSelectionPack<each Part: SQLSelectable>: SQLSelectable {
    public typealias QueryValue = SQLRowPack<repeat (each Part).QueryValue>
    let parts: (repeat each Part)

    @usableFromInline
    init(_ parts: repeat each Part) {
        self.parts = (repeat each parts)
    }

    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        for part in repeat each parts {
            try part.renderSelection(into: &builder, alias: nil)
        }
    }
}
