import CoddCore

// Rows of several parts (a tuple selection, or whole rows of joined tables), decoded in
// order. Fixed arities rather than a parameter pack: Swift does not specialize pack
// generics, and decoding is a per-row path.

/// Two parts of a row.
public struct SQLRow2<A: SQLRowDecodable, B: SQLRowDecodable>: SQLRowDecodable {
    public var values: (A, B)
    public var fetched: (A.Fetched, B.Fetched) { (values.0.fetched, values.1.fetched) }
    public static var columnCount: Int { A.columnCount + B.columnCount }
    @inlinable
    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        values = (try A(decodingRow: reader, at: &index), try B(decodingRow: reader, at: &index))
    }
}

/// Three parts of a row.
public struct SQLRow3<A: SQLRowDecodable, B: SQLRowDecodable, C: SQLRowDecodable>: SQLRowDecodable {
    public var values: (A, B, C)
    public var fetched: (A.Fetched, B.Fetched, C.Fetched) { (values.0.fetched, values.1.fetched, values.2.fetched) }
    public static var columnCount: Int { A.columnCount + B.columnCount + C.columnCount }
    @inlinable
    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        values = (
            try A(decodingRow: reader, at: &index), try B(decodingRow: reader, at: &index),
            try C(decodingRow: reader, at: &index)
        )
    }
}

/// Four parts of a row.
public struct SQLRow4<A: SQLRowDecodable, B: SQLRowDecodable, C: SQLRowDecodable, D: SQLRowDecodable>: SQLRowDecodable {
    public var values: (A, B, C, D)
    public var fetched: (A.Fetched, B.Fetched, C.Fetched, D.Fetched) {
        (values.0.fetched, values.1.fetched, values.2.fetched, values.3.fetched)
    }
    public static var columnCount: Int { A.columnCount + B.columnCount + C.columnCount + D.columnCount }
    @inlinable
    public init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws {
        values = (
            try A(decodingRow: reader, at: &index), try B(decodingRow: reader, at: &index),
            try C(decodingRow: reader, at: &index), try D(decodingRow: reader, at: &index)
        )
    }
}

/// Two selected expressions.
public struct SQLSelection2<A: SQLSelectable, B: SQLSelectable>: SQLSelectable {
    public typealias QueryValue = SQLRow2<A.QueryValue, B.QueryValue>
    let a: A, b: B
    @usableFromInline
    init(a: A, b: B) {
        self.a = a
        self.b = b
    }

    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        try a.renderSelection(into: &builder, alias: nil)
        try b.renderSelection(into: &builder, alias: nil)
    }
}

/// Three selected expressions.
public struct SQLSelection3<A: SQLSelectable, B: SQLSelectable, C: SQLSelectable>: SQLSelectable {
    public typealias QueryValue = SQLRow3<A.QueryValue, B.QueryValue, C.QueryValue>
    let a: A, b: B, c: C
    @usableFromInline
    init(a: A, b: B, c: C) {
        self.a = a
        self.b = b
        self.c = c
    }

    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        try a.renderSelection(into: &builder, alias: nil)
        try b.renderSelection(into: &builder, alias: nil)
        try c.renderSelection(into: &builder, alias: nil)
    }
}

/// Four selected expressions.
public struct SQLSelection4<A: SQLSelectable, B: SQLSelectable, C: SQLSelectable, D: SQLSelectable>: SQLSelectable {
    public typealias QueryValue = SQLRow4<A.QueryValue, B.QueryValue, C.QueryValue, D.QueryValue>
    let a: A, b: B, c: C, d: D
    @usableFromInline
    init(a: A, b: B, c: C, d: D) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
    }

    public func renderSelection(into builder: inout SQLBuilder, alias: String?) throws {
        try a.renderSelection(into: &builder, alias: nil)
        try b.renderSelection(into: &builder, alias: nil)
        try c.renderSelection(into: &builder, alias: nil)
        try d.renderSelection(into: &builder, alias: nil)
    }
}
