/// A strict byte-level JSON parser (RFC 8259) that records a flat tape of nodes over the
/// input bytes: no `String`, no dictionary and no boxed value per node.
///
/// Strings keep their place in the input; one with escapes is unescaped only when read.
/// Objects lay out their members as key node, value subtree, key node, and so on, so a
/// decoder that reads members in the order they were written finds each at its position.
/// It is what ``SQLJSONValue`` reads: decoding a JSON-aggregated association walks the tape
/// in place, with none of the objects and dictionaries Foundation's `JSONDecoder` builds.
@usableFromInline
struct SQLJSONParser {
    /// Nesting deeper than this is an error rather than a deep recursion.
    static let maximumDepth = 512

    let bytes: UnsafeRawBufferPointer
    var position = 0
    var nodes: [SQLJSONNode] = []

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        nodes.reserveCapacity(max(8, bytes.count / 12))
    }

    /// Parses one JSON value that spans the whole input (whitespace aside).
    mutating func parseDocument() throws(SQLJSONSyntaxError) -> [SQLJSONNode] {
        // Nodes hold 32-bit offsets.
        guard bytes.count < Int(Int32.max) else { throw error("JSON text of 2 GB or more") }
        skipWhitespace()
        try parseValue(parent: -1, depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected characters after the JSON value") }
        return nodes
    }

    private func error(_ message: String) -> SQLJSONSyntaxError {
        SQLJSONSyntaxError(offset: position, message: message)
    }

    @inline(__always)
    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func parseValue(parent: Int32, depth: Int) throws(SQLJSONSyntaxError) {
        guard let byte = peek() else { throw error("expected a JSON value, found the end of the text") }
        switch byte {
        case UInt8(ascii: "{"): try parseObject(parent: parent, depth: depth)
        case UInt8(ascii: "["): try parseArray(parent: parent, depth: depth)
        case UInt8(ascii: "\""): try parseString(parent: parent)
        case UInt8(ascii: "t"): try parseKeyword("true", kind: .true, parent: parent)
        case UInt8(ascii: "f"): try parseKeyword("false", kind: .false, parent: parent)
        case UInt8(ascii: "n"): try parseKeyword("null", kind: .null, parent: parent)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(parent: parent)
        default: throw error("expected a JSON value")
        }
    }

    private mutating func parseKeyword(_ word: StaticString, kind: SQLJSONNode.Kind, parent: Int32)
        throws(SQLJSONSyntaxError)
    {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("expected \(word)") }
        let start = word.utf8Start
        for offset in 0..<count where bytes[position + offset] != start[offset] {
            throw error("expected \(word)")
        }
        append(kind, start: position, end: position + count, parent: parent)
        position += count
    }

    @inline(__always)
    @discardableResult
    private mutating func append(_ kind: SQLJSONNode.Kind, start: Int, end: Int, parent: Int32, escaped: Bool = false)
        -> Int
    {
        let index = nodes.count
        nodes.append(
            SQLJSONNode(
                kind: kind, isEscaped: escaped, start: Int32(truncatingIfNeeded: start),
                end: Int32(truncatingIfNeeded: end), next: Int32(truncatingIfNeeded: index + 1), count: 0,
                parent: parent
            )
        )
        return index
    }

    private mutating func parseNumber(parent: Int32) throws(SQLJSONSyntaxError) {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw error("expected a digit")
        }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw error("expected a digit in the exponent") }
        }
        append(isInteger ? .integer : .real, start: start, end: position, parent: parent)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            position += 1
        }
        return position - start
    }

    private mutating func parseString(parent: Int32) throws(SQLJSONSyntaxError) {
        position += 1  // the opening quote
        let start = position
        var escaped = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                append(.string, start: start, end: position, parent: parent, escaped: escaped)
                position += 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                position += 1
                guard let next = peek() else { break }
                switch next {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    guard position + 4 < bytes.count else { throw error("incomplete \\u escape") }
                    for offset in 1...4 where SQLJSONText.hexValue(bytes[position + offset]) == nil {
                        throw error("invalid \\u escape")
                    }
                    position += 5
                default:
                    throw error("invalid escape in a string")
                }
                continue
            }
            guard byte >= 0x20 else { throw error("unescaped control character in a string") }
            position += 1
        }
        throw error("unterminated string")
    }

    /// Throws when an escaped key is not Unicode text (a lone surrogate escape, `"\uDFAA"`):
    /// no `String` names it, so it could be neither listed nor found. A value with one is
    /// an error only when read as a `String`.
    private func requireUnicodeKey(_ key: SQLJSONNode, at start: Int) throws(SQLJSONSyntaxError) {
        guard key.isEscaped else { return }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[Int(key.start)..<Int(key.end)])
        let isUnicode = withUnsafeTemporaryAllocation(byteCount: max(raw.count, 1), alignment: 1) { buffer in
            let count = SQLJSONText.unescape(raw, into: buffer)
            return SQLUTF8.decodeUTF8(UnsafeRawBufferPointer(rebasing: buffer[0..<count])) != nil
        }
        guard isUnicode else {
            throw SQLJSONSyntaxError(
                offset: start, message: "an object key with a lone surrogate escape (not Unicode text)")
        }
    }

    private mutating func parseArray(parent: Int32, depth: Int) throws(SQLJSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        let start = position
        let index = append(.array, start: start, end: start, parent: parent)
        position += 1
        skipWhitespace()
        var count: Int32 = 0
        if peek() == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                try parseValue(parent: Int32(index), depth: depth + 1)
                count += 1
                skipWhitespace()
                guard let byte = peek() else { throw error("unterminated array") }
                position += 1
                if byte == UInt8(ascii: "]") { break }
                guard byte == UInt8(ascii: ",") else {
                    position -= 1
                    throw error("expected ',' or ']' in an array")
                }
                skipWhitespace()
            }
        }
        nodes[index].end = Int32(truncatingIfNeeded: position)
        nodes[index].next = Int32(truncatingIfNeeded: nodes.count)
        nodes[index].count = count
    }

    private mutating func parseObject(parent: Int32, depth: Int) throws(SQLJSONSyntaxError) {
        guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
        let start = position
        let index = append(.object, start: start, end: start, parent: parent)
        position += 1
        skipWhitespace()
        var count: Int32 = 0
        if peek() == UInt8(ascii: "}") {
            position += 1
        } else {
            while true {
                guard peek() == UInt8(ascii: "\"") else { throw error("expected a string key in an object") }
                let keyStart = position
                try parseString(parent: Int32(index))
                try requireUnicodeKey(nodes[nodes.count - 1], at: keyStart)
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
                position += 1
                skipWhitespace()
                try parseValue(parent: Int32(index), depth: depth + 1)
                count += 1
                skipWhitespace()
                guard let byte = peek() else { throw error("unterminated object") }
                position += 1
                if byte == UInt8(ascii: "}") { break }
                guard byte == UInt8(ascii: ",") else {
                    position -= 1
                    throw error("expected ',' or '}' in an object")
                }
                skipWhitespace()
            }
        }
        nodes[index].end = Int32(truncatingIfNeeded: position)
        nodes[index].next = Int32(truncatingIfNeeded: nodes.count)
        nodes[index].count = count
    }
}

/// One value of a parsed JSON document.
@usableFromInline
struct SQLJSONNode: Sendable {
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case null, `false`, `true`, integer, real, string, array, object
    }

    @usableFromInline var kind: Kind
    /// A string with backslash escapes, unescaped when read.
    @usableFromInline var isEscaped: Bool
    /// The value's bytes: a string's without its quotes, a container's with its brackets.
    @usableFromInline var start: Int32
    @usableFromInline var end: Int32
    /// The node after this value and everything inside it.
    @usableFromInline var next: Int32
    /// The number of elements of an array, or of members of an object.
    @usableFromInline var count: Int32
    /// The container holding this value, or -1; read only to name a value in an error.
    @usableFromInline var parent: Int32
}

/// Malformed JSON: where, and why.
public struct SQLJSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset at which the text stops being JSON.
    public var offset: Int
    public var message: String

    public var description: String { "invalid JSON at byte \(offset): \(message)" }
}
