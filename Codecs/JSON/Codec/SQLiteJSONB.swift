/// SQLite's binary JSON (JSONB, SQLite 3.45; https://sqlite.org/jsonb.html) to and from JSON
/// text: what `JSONBDocument` stores and reads, so a JSONB column is written and read in
/// Swift, without a round trip through `jsonb(?)` and `json(…)`.
///
/// An element is a header (a type in the low four bits; in the high four the payload's size,
/// or 12…15 for a size in the next 1, 2, 4 or 8 bytes, big-endian) and a payload: the text
/// of a number, a string's text (raw, with JSON escapes, or needing them), an array's
/// elements, an object's keys and values. Writing takes the smallest header for each size,
/// as SQLite's `jsonb()` does.
package enum SQLiteJSONB {
    static let null: UInt8 = 0, `true`: UInt8 = 1, `false`: UInt8 = 2, int: UInt8 = 3, int5: UInt8 = 4
    static let float: UInt8 = 5, float5: UInt8 = 6, text: UInt8 = 7, textJ: UInt8 = 8, text5: UInt8 = 9
    static let textRaw: UInt8 = 10, array: UInt8 = 11, object: UInt8 = 12
    /// The deepest nesting read or written, SQLite's own limit (`JSON_MAX_DEPTH`): a hostile
    /// BLOB of nested arrays is an error, not a stack overflow.
    static let maximumDepth = 1000

    // MARK: JSON text → JSONB

    /// The JSONB of `json`, valid JSON text (what Codd's encoder writes).
    package static func jsonb(fromJSON json: UnsafeRawBufferPointer) throws -> [UInt8] {
        var reader = TextReader(bytes: json)
        var output: [UInt8] = []
        output.reserveCapacity(json.count + 8)
        try reader.element(into: &output)
        reader.skipSpace()
        guard reader.index == json.count else {
            throw SQLiteJSONBError(offset: reader.index, reason: "text after the JSON value")
        }
        return output
    }

    /// Appends a header for `type` with a payload of `size` bytes.
    static func appendHeader(_ type: UInt8, size: Int, into output: inout [UInt8]) {
        switch size {
        case 0...11:
            output.append(UInt8(size) << 4 | type)
        case 12...0xFF:
            output.append(0xC0 | type)
            output.append(UInt8(size))
        case 0x100...0xFFFF:
            output.append(0xD0 | type)
            output.append(UInt8(size >> 8))
            output.append(UInt8(size & 0xFF))
        case 0x10000...0xFFFF_FFFF:
            output.append(0xE0 | type)
            for shift in stride(from: 24, through: 0, by: -8) { output.append(UInt8((size >> shift) & 0xFF)) }
        default:
            output.append(0xF0 | type)
            for shift in stride(from: 56, through: 0, by: -8) { output.append(UInt8((size >> shift) & 0xFF)) }
        }
    }

    /// Appends `type`'s header and the payload that `payload` appends, sized once written.
    static func appendElement(_ type: UInt8, into output: inout [UInt8], _ payload: (inout [UInt8]) throws -> Void)
        rethrows
    {
        var body: [UInt8] = []
        try payload(&body)
        appendHeader(type, size: body.count, into: &output)
        output += body
    }

    struct TextReader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        func error(_ reason: String) -> SQLiteJSONBError { SQLiteJSONBError(offset: index, reason: reason) }

        mutating func element(into output: inout [UInt8], depth: Int = 0) throws {
            guard depth <= SQLiteJSONB.maximumDepth else {
                throw error("nested deeper than \(SQLiteJSONB.maximumDepth) levels")
            }
            skipSpace()
            guard index < bytes.count else { throw error("the JSON ends before a value") }
            switch bytes[index] {
            case UInt8(ascii: "n"): try literal("null", SQLiteJSONB.null, into: &output)
            case UInt8(ascii: "t"): try literal("true", SQLiteJSONB.true, into: &output)
            case UInt8(ascii: "f"): try literal("false", SQLiteJSONB.false, into: &output)
            case UInt8(ascii: "\""):
                let (range, escaped) = try string()
                appendHeader(escaped ? SQLiteJSONB.textJ : SQLiteJSONB.text, size: range.count, into: &output)
                output += bytes[range]
            case UInt8(ascii: "["):
                index += 1
                try appendElement(SQLiteJSONB.array, into: &output) { body in
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        index += 1
                        return
                    }
                    while true {
                        try element(into: &body, depth: depth + 1)
                        skipSpace()
                        guard index < bytes.count else { throw error("the array is not closed") }
                        if bytes[index] == UInt8(ascii: ",") {
                            index += 1
                        } else if bytes[index] == UInt8(ascii: "]") {
                            index += 1
                            return
                        } else {
                            throw error("expected ',' or ']' in an array")
                        }
                    }
                }
            case UInt8(ascii: "{"):
                index += 1
                try appendElement(SQLiteJSONB.object, into: &output) { body in
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                        index += 1
                        return
                    }
                    while true {
                        skipSpace()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                            throw error("expected a key")
                        }
                        let (range, escaped) = try string()
                        appendHeader(escaped ? SQLiteJSONB.textJ : SQLiteJSONB.text, size: range.count, into: &body)
                        body += bytes[range]
                        skipSpace()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                            throw error("expected ':' after a key")
                        }
                        index += 1
                        try element(into: &body, depth: depth + 1)
                        skipSpace()
                        guard index < bytes.count else { throw error("the object is not closed") }
                        if bytes[index] == UInt8(ascii: ",") {
                            index += 1
                        } else if bytes[index] == UInt8(ascii: "}") {
                            index += 1
                            return
                        } else {
                            throw error("expected ',' or '}' in an object")
                        }
                    }
                }
            default:
                let start = index
                var isFloat = false
                if bytes[index] == UInt8(ascii: "-") { index += 1 }
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                        index += 1
                    } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                        || ((byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")) && isFloat)
                    {
                        isFloat = true
                        index += 1
                    } else {
                        break
                    }
                }
                guard index > start else { throw error("unexpected character") }
                appendHeader(isFloat ? SQLiteJSONB.float : SQLiteJSONB.int, size: index - start, into: &output)
                output += bytes[start..<index]
            }
        }

        mutating func literal(_ word: StaticString, _ type: UInt8, into output: inout [UInt8]) throws {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                UnsafeRawBufferPointer(rebasing: bytes[index..<(index + count)]).elementsEqual(
                    UnsafeRawBufferPointer(start: word.utf8Start, count: count))
            else { throw error("unexpected characters") }
            index += count
            output.append(type)
        }

        /// A string's text between its quotes, and whether it holds an escape.
        mutating func string() throws -> (Range<Int>, Bool) {
            index += 1
            let start = index
            var escaped = false
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    defer { index += 1 }
                    return (start..<index, escaped)
                case UInt8(ascii: "\\"):
                    escaped = true
                    index += 2
                default:
                    index += 1
                }
            }
            throw error("the string is not closed")
        }
    }

    // MARK: JSONB → JSON text

    /// The JSON text of `jsonb`, checked element by element: a malformed header, a size past
    /// the end or a reserved type is an error naming the byte offset. JSON5 forms (which
    /// SQLite keeps from JSON5 input) are refused: Codd reads JSON.
    package static func json(fromJSONB jsonb: UnsafeRawBufferPointer) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(jsonb.count + 16)
        let end = try element(jsonb, at: 0, into: &output)
        guard end == jsonb.count else { throw SQLiteJSONBError(offset: end, reason: "bytes after the JSONB value") }
        return output
    }

    /// The payload's range of the element at `offset`, and its type.
    static func header(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws -> (type: UInt8, payload: Range<Int>) {
        guard offset < bytes.count else {
            throw SQLiteJSONBError(offset: offset, reason: "the JSONB ends before an element")
        }
        let first = bytes[offset]
        let type = first & 0x0F
        let sizeCode = Int(first >> 4)
        var size = 0
        var start = offset + 1
        if sizeCode <= 11 {
            size = sizeCode
        } else {
            let width = [1, 2, 4, 8][sizeCode - 12]
            guard start + width <= bytes.count else {
                throw SQLiteJSONBError(offset: offset, reason: "the JSONB ends inside a header")
            }
            for index in start..<(start + width) {
                guard size <= (Int.max >> 8) else {
                    throw SQLiteJSONBError(offset: offset, reason: "a size beyond any document")
                }
                size = size << 8 | Int(bytes[index])
            }
            start += width
        }
        guard size <= bytes.count - start else {
            throw SQLiteJSONBError(offset: offset, reason: "an element of \(size) bytes runs past the end")
        }
        return (type, start..<(start + size))
    }

    /// Appends the JSON of the element at `offset`; returns the offset after it.
    static func element(_ bytes: UnsafeRawBufferPointer, at offset: Int, into output: inout [UInt8], depth: Int = 0)
        throws -> Int
    {
        guard depth <= maximumDepth else {
            throw SQLiteJSONBError(offset: offset, reason: "nested deeper than \(maximumDepth) levels")
        }
        let (type, payload) = try header(bytes, at: offset)
        func literal(_ text: StaticString) throws {
            guard payload.isEmpty else {
                throw SQLiteJSONBError(offset: offset, reason: "a null, true or false with a payload")
            }
            output.append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        switch type {
        case null: try literal("null")
        case `true`: try literal("true")
        case `false`: try literal("false")
        case int, float:
            guard !payload.isEmpty else { throw SQLiteJSONBError(offset: offset, reason: "a number without digits") }
            output += bytes[payload]
        case text, textJ:
            output.append(UInt8(ascii: "\""))
            output += bytes[payload]
            output.append(UInt8(ascii: "\""))
        case textRaw:
            output.append(UInt8(ascii: "\""))
            for byte in bytes[payload] {
                switch byte {
                case UInt8(ascii: "\""): output += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
                case UInt8(ascii: "\\"): output += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case 0x0A: output += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case 0x0D: output += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case 0x09: output += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    output += [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                    ]
                default: output.append(byte)
                }
            }
            output.append(UInt8(ascii: "\""))
        case array, object:
            output.append(type == array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
            var position = payload.lowerBound
            var count = 0
            while position < payload.upperBound {
                if count > 0 { output.append(type == object && count % 2 == 1 ? UInt8(ascii: ":") : UInt8(ascii: ",")) }
                if type == object && count % 2 == 0 {
                    let key = try header(bytes, at: position)
                    guard key.type >= text && key.type <= textRaw else {
                        throw SQLiteJSONBError(offset: position, reason: "an object key that is not text")
                    }
                }
                let next = try element(
                    UnsafeRawBufferPointer(rebasing: bytes[..<payload.upperBound]), at: position, into: &output,
                    depth: depth + 1)
                position = next
                count += 1
            }
            if type == object && count % 2 == 1 {
                throw SQLiteJSONBError(offset: offset, reason: "an object key without a value")
            }
            output.append(type == array ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        case int5, float5, text5:
            throw SQLiteJSONBError(
                offset: offset, reason: "a JSON5 value (SQLite keeps them from JSON5 input): Codd reads JSON")
        default:
            throw SQLiteJSONBError(offset: offset, reason: "a reserved element type \(type)")
        }
        return payload.upperBound
    }
}

/// Bytes that are not SQLite's JSONB (or JSON text that is not JSON).
package struct SQLiteJSONBError: Error, Equatable, CustomStringConvertible {
    package var offset: Int
    package var reason: String

    package var description: String { "not SQLite's JSONB at byte \(offset + 1): \(reason)" }
}
