import CoddCore
import CoddSchema

/// One query definition as written: `name:` or `name(input: In, output: Out):`, the
/// `--` comment lines just above it, and its statements (token ranges, `;` excluded).
package struct QueryDefinitionSyntax: Sendable {
    package var name: Name
    package var inputName: Name?
    package var outputName: Name?
    /// The comment lines just above the header, without `--`: the generated doc comment.
    package var documentation: [String]
    /// Each statement's tokens, in order.
    package var statements: [Range<Int>]
    /// The header, from the name to its `:`.
    package var header: SourceRange
}

/// A query file split into its definitions.
///
/// ```sql
/// -- Every todo, newest first.
/// selectTodos:
/// SELECT * FROM todo ORDER BY id DESC;
///
/// userPosts(input: UserPostsRange, output: UserPost):
/// SELECT * FROM post WHERE userId = ? AND date BETWEEN ? AND ?;
/// ```
///
/// A header is a name at the start of a line followed by `:` (and white space), with
/// optional `(input: Name, output: Name)` before the colon. SQL never has a bare word
/// followed by `:`, so a header cannot be confused with a statement.
package struct QueryFileSyntax: Sendable {
    package let file: String
    package let bytes: [UInt8]
    package let tokens: [SQLToken]
    package let lines: SQLLineIndex
    package private(set) var definitions: [QueryDefinitionSyntax] = []
    /// What could not be read: each a located error.
    package private(set) var problems: [LocatedProblem] = []

    package init(file: String, text: String) {
        self.file = file
        let bytes = Array(text.utf8)
        self.bytes = bytes
        self.lines = SQLLineIndex(file: file, bytes: bytes)
        do {
            self.tokens = try SQLLexer(bytes: bytes).tokenize()
        } catch {
            self.tokens = []
            problems.append(
                LocatedProblem(offset: error.offset, message: AnnotatedSQLError.Reason(error.reason).description))
            return
        }
        split()
    }

    /// The text of `range`, clamped to the file.
    package func text(_ range: SourceRange) -> String {
        let start = max(0, min(range.start, bytes.count))
        let end = max(start, min(range.end, bytes.count))
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    package func location(_ offset: Int) -> SQLSourceLocation {
        lines.location(of: offset)
    }

    private mutating func split() {
        var headers: [(index: Int, syntax: QueryDefinitionSyntax, bodyStart: Int)] = []
        var index = 0
        while index < tokens.count {
            if let (syntax, next) = header(at: index) {
                headers.append((index, syntax, next))
                index = next
            } else {
                index += 1
            }
        }
        guard let first = headers.first else {
            if let token = tokens.first {
                problems.append(
                    LocatedProblem(
                        offset: token.start,
                        message: "SQL outside a definition: start each query with its name and a colon (selectTodos:)"))
            }
            return
        }
        if first.index > 0 {
            problems.append(
                LocatedProblem(
                    offset: tokens[0].start,
                    message: "SQL outside a definition: start each query with its name and a colon (selectTodos:)"))
        }
        for (offset, header) in headers.enumerated() {
            let bodyEnd = offset + 1 < headers.count ? headers[offset + 1].index : tokens.count
            var syntax = header.syntax
            var start = header.bodyStart
            for index in header.bodyStart..<bodyEnd where isSemicolon(index) {
                if index > start { syntax.statements.append(start..<index) }
                start = index + 1
            }
            if start < bodyEnd { syntax.statements.append(start..<bodyEnd) }
            if syntax.statements.isEmpty {
                problems.append(
                    LocatedProblem(
                        offset: syntax.name.range.start,
                        message: "\(syntax.name.text) has no SQL: write its statement after the colon"))
                continue
            }
            definitions.append(syntax)
        }
    }

    private func isSemicolon(_ index: Int) -> Bool {
        tokens[index].kind == .punctuation && bytes[tokens[index].start] == UInt8(ascii: ";")
    }

    private func isPunctuation(_ index: Int, _ character: Unicode.Scalar) -> Bool {
        index < tokens.count && tokens[index].kind == .punctuation
            && bytes[tokens[index].start] == UInt8(ascii: character)
    }

    private func text(_ index: Int) -> String {
        String(decoding: bytes[tokens[index].start..<tokens[index].end], as: UTF8.self)
    }

    /// Whether token `index` is the first on its line: only spaces and tabs between the
    /// line's start and the token. Reads only the gap after the previous token, so that
    /// a 1 MB file of one line is still read in linear time.
    private func startsLine(_ index: Int) -> Bool {
        let gapStart = index > 0 ? tokens[index - 1].end : 0
        var offset = tokens[index].start - 1
        while offset >= gapStart {
            let byte = bytes[offset]
            if byte == 0x0A { return true }
            if byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
            offset -= 1
        }
        return index == 0 && gapStart == 0
    }

    /// The header starting at token `index`, and the index of the body's first token.
    private func header(at index: Int) -> (QueryDefinitionSyntax, Int)? {
        guard tokens[index].kind == .word, startsLine(index) else { return nil }
        let nameToken = tokens[index]
        let name = Name(text(index), range: SourceRange(nameToken.start, nameToken.end))
        var next = index + 1
        var inputName: Name?
        var outputName: Name?
        if isPunctuation(next, "(") {
            // name(input: A, output: B):
            var close = next + 1
            while close < tokens.count, close < next + 16, !isPunctuation(close, ")"), !isSemicolon(close) {
                close += 1
            }
            guard isPunctuation(close, ")"), isColonAfter(close + 1) else { return nil }
            var options: [(String, Name)] = []
            var cursor = next + 1
            while cursor < close {
                guard tokens[cursor].kind == .word else { return nil }
                let key = text(cursor)
                var valueIndex = cursor + 2
                if tokens[cursor + 1].kind == .parameter, bytes[tokens[cursor + 1].start] == UInt8(ascii: ":") {
                    // `input:Name` lexes as a parameter.
                    let parameter = tokens[cursor + 1]
                    options.append(
                        (
                            key,
                            Name(
                                String(decoding: bytes[(parameter.start + 1)..<parameter.end], as: UTF8.self),
                                range: SourceRange(parameter.start + 1, parameter.end))
                        ))
                    cursor += 2
                } else {
                    guard isPunctuation(cursor + 1, ":"), valueIndex < close,
                        tokens[valueIndex].kind == .word || tokens[valueIndex].kind == .quotedIdentifier
                    else { return nil }
                    let value = tokens[valueIndex]
                    var valueText = text(valueIndex)
                    if tokens[valueIndex].kind == .quotedIdentifier {
                        valueText = String(valueText.dropFirst().dropLast())
                    }
                    options.append((key, Name(valueText, range: SourceRange(value.start, value.end))))
                    valueIndex += 1
                    cursor = valueIndex
                }
                if isPunctuation(cursor, ",") { cursor += 1 }
            }
            for (key, value) in options {
                switch key {
                case "input": inputName = value
                case "output": outputName = value
                default: return nil
                }
            }
            next = close + 1
        }
        guard isColonAfter(next) else { return nil }
        let documentation = documentation(above: nameToken.start)
        let syntax = QueryDefinitionSyntax(
            name: name, inputName: inputName, outputName: outputName, documentation: documentation, statements: [],
            header: SourceRange(nameToken.start, tokens[next].end)
        )
        return (syntax, next + 1)
    }

    /// Whether token `index` is a `:` followed by white space or the end of the file.
    private func isColonAfter(_ index: Int) -> Bool {
        guard isPunctuation(index, ":") else { return false }
        let after = tokens[index].end
        return after >= bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after])
    }

    /// The `--` lines directly above the line holding `offset` (no blank line between),
    /// without their `--`; `-- CHECK` lines (test expectations) are left out.
    private func documentation(above offset: Int) -> [String] {
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var lines: [String] = []
        var end = lineStart - 1
        while end > 0 {
            var start = end
            while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
            let line = String(decoding: bytes[start..<end], as: UTF8.self).trimmingCharacters(in: [" ", "\t", "\r"])
            guard line.hasPrefix("--") else { break }
            let content = String(line.dropFirst(2)).trimmingCharacters(in: [" ", "\t"])
            if !content.hasPrefix("CHECK") { lines.insert(content, at: 0) }
            end = start - 1
        }
        return lines
    }
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
