/// A position in a SQL file: 1-based line and column, the column counted in characters
/// (an emoji is one), as editors show it.
public struct SQLSourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file name given to the parser (`Migrations/1.sql`), or `<sql>`.
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `Migrations/1.sql:4:15`.
    public var description: String { "\(file):\(line):\(column)" }

}

/// The byte offset of every line start of a SQL text, for turning token offsets into
/// locations without rescanning the text (a 1 MB migration has many annotations).
package struct SQLLineIndex: Sendable {
    private let file: String
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    package init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(index + 1)
        }
        lineStarts = starts
    }

    /// The location of byte `offset`.
    package func location(of offset: Int) -> SQLSourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let prefix = String(decoding: bytes[lineStarts[low]..<offset], as: UTF8.self)
        return SQLSourceLocation(file: file, line: low + 1, column: prefix.count + 1)
    }
}
