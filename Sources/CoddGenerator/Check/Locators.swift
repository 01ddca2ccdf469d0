import CoddAnalysis
import CoddSchema

/// Where in a query file an offset of its statement's checked SQL is; where SQLite gives
/// none, the first occurrence of the name its message is about.
struct StatementLocator {
    let statement: AnalyzedStatement

    func location(ofCheckOffset offset: Int, message: String) -> SQLSourceLocation {
        let sql = Array(statement.checkSQL.utf8)
        var target = offset
        if target < 0 || target >= sql.count {
            target = NameSearch.offset(of: message, in: sql) ?? 0
        }
        guard !statement.checkOffsets.isEmpty else { return statement.location }
        let fileOffset = statement.checkOffsets[min(max(0, target), statement.checkOffsets.count - 1)]
        return statement.location(ofFileOffset: fileOffset)
    }
}

/// Where in a migration file an offset of one of its statements, as SQLite ran it
/// (annotations stripped), is.
struct MigrationLocator {
    let file: SourceFile
    let statement: AnnotatedStatement

    func location(ofStrippedOffset offset: Int, message: String) -> SQLSourceLocation {
        let stripped = Array(statement.sql.utf8)
        var target = offset
        if target < 0 || target >= stripped.count {
            target = NameSearch.offset(of: message, in: stripped) ?? 0
        }
        let bytes = Array(file.text.utf8)
        let lines = LineStarts(bytes)
        let start = lines.offset(line: statement.location.line, column: statement.location.column, in: bytes)
        // The stripped statement is the original with annotations cut out: walk both,
        // skipping original bytes until they match again.
        var original = start
        var index = 0
        while index < target, original < bytes.count {
            if bytes[original] == stripped[index] {
                index += 1
            }
            original += 1
        }
        while original < bytes.count, index < stripped.count, bytes[original] != stripped[index] { original += 1 }
        return lines.location(file: file.path, offset: original, in: bytes)
    }
}

/// The name an SQLite message is about (`no such table: x`, `table t has no column named
/// c`, `ambiguous column name: c`), found in the SQL as a word or a quoted name.
enum NameSearch {
    static func offset(of message: String, in sql: [UInt8]) -> Int? {
        let patterns = [
            "no such table: ", "no such column: ", "has no column named ", "ambiguous column name: ",
            "no such function: ",
            "no such collation sequence: ", "unknown table option: ", "misuse of aggregate function ",
            "misuse of window function ",
            "misuse of aggregate: ", "no such window: ",
        ]
        for pattern in patterns {
            guard let range = message.range(of: pattern) else { continue }
            var name = String(message[range.upperBound...])
            if let end = name.firstIndex(where: { $0 == " " || $0 == "(" }) { name = String(name[..<end]) }
            // `main.t`: the schema is SQLite's; `t.c`: the column's part is the precise place.
            if name.lowercased().hasPrefix("main.") { name = String(name.dropFirst(5)) }
            if let dot = name.lastIndex(of: "."), pattern == "no such column: " {
                name = String(name[name.index(after: dot)...])
            }
            if let found = find(name, in: sql) { return found }
        }
        // Messages about a clause: its keyword.
        for (fragment, keyword) in [
            ("ORDER BY term", "ORDER"), ("GROUP BY term", "GROUP"), ("DISTINCT", "DISTINCT"),
            ("RETURNING", "RETURNING"), ("LIMIT", "LIMIT"),
        ]
        where message.contains(fragment) {
            if let found = find(keyword, in: sql) { return found }
        }
        return nil
    }

    /// The first occurrence of `name` as a whole word, bare or quoted, case-insensitively.
    static func find(_ name: String, in sql: [UInt8]) -> Int? {
        let needle = Array(name.lowercased().utf8)
        guard !needle.isEmpty, needle.count <= sql.count else { return nil }
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "_") || byte >= 0x80
        }
        for start in 0...(sql.count - needle.count) {
            var matches = true
            for (offset, byte) in needle.enumerated() {
                let candidate = sql[start + offset]
                let lowered =
                    candidate >= UInt8(ascii: "A") && candidate <= UInt8(ascii: "Z") ? candidate | 0x20 : candidate
                if lowered != byte {
                    matches = false
                    break
                }
            }
            guard matches else { continue }
            let before = start > 0 ? sql[start - 1] : 0x20
            let after = start + needle.count < sql.count ? sql[start + needle.count] : 0x20
            if !isWordByte(before) && !isWordByte(after) {
                let quoted = before == UInt8(ascii: "\"") || before == UInt8(ascii: "`") || before == UInt8(ascii: "[")
                return quoted ? start - 1 : start
            }
        }
        return nil
    }
}

/// Line starts of a file, for offsets ⇄ line and column (in characters).
struct LineStarts {
    let starts: [Int]

    init(_ bytes: [UInt8]) {
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        self.starts = starts
    }

    func offset(line: Int, column: Int, in bytes: [UInt8]) -> Int {
        guard line >= 1, line <= starts.count else { return 0 }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] : bytes.count
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        let prefix = text.prefix(max(0, column - 1))
        return start + prefix.utf8.count
    }

    func location(file: String, offset: Int, in bytes: [UInt8]) -> SQLSourceLocation {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let column = String(decoding: bytes[starts[low]..<offset], as: UTF8.self).count + 1
        return SQLSourceLocation(file: file, line: low + 1, column: column)
    }
}
