#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One value of a parsed JSON document, read in place: what a ``SQLJSONDecodable`` type
/// decodes itself from.
///
/// It is valid only inside the closure of ``parse(_:_:)``, which parses the bytes of a
/// TEXT column without copying them: a value (or its ``reader``) kept after the closure
/// returns reads freed memory. Decode what you need inside the closure.
///
/// ```swift
/// let titles = try SQLJSONValue.parse(bytes) { try [String](decodingJSON: $0) }
/// ```
public struct SQLJSONValue {
    /// The JSON type of a value; `missing` is a member an object does not have.
    public enum Kind: Sendable, Equatable {
        case missing, null, bool, integer, real, string, array, object
    }

    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let nodes: [SQLJSONNode]
    /// The node, or -1 for a missing member.
    @usableFromInline let index: Int32
    /// For a missing member: its object's node and its key, to name it in errors.
    let missingParent: Int32
    let missingKey: String?

    init(
        bytes: UnsafeRawBufferPointer, nodes: [SQLJSONNode], index: Int32, missingParent: Int32 = -1,
        missingKey: String? = nil
    ) {
        self.bytes = bytes
        self.nodes = nodes
        self.index = index
        self.missingParent = missingParent
        self.missingKey = missingKey
    }

    /// Parses `bytes` as one JSON value and calls `body` with it.
    ///
    /// - Throws: ``SQLJSONSyntaxError`` when the bytes are not JSON, and what `body` throws.
    public static func parse<R>(_ bytes: UnsafeRawBufferPointer, _ body: (SQLJSONValue) throws -> R) throws -> R {
        var parser = SQLJSONParser(bytes: bytes)
        let nodes = try parser.parseDocument()
        return try body(SQLJSONValue(bytes: bytes, nodes: nodes, index: 0))
    }

    @usableFromInline
    var node: SQLJSONNode? { index >= 0 ? nodes[Int(index)] : nil }

    public var kind: Kind {
        guard let node else { return .missing }
        switch node.kind {
        case .null: return .null
        case .false, .true: return .bool
        case .integer: return .integer
        case .real: return .real
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// JSON `null`, or a member the object does not have.
    public var isNull: Bool {
        guard let node else { return true }
        return node.kind == .null
    }

    /// The value's JSON text as written: a container with its brackets, a string with its
    /// quotes. Internal: the bytes live only as long as the parse.
    @usableFromInline
    var rawBytes: UnsafeRawBufferPointer {
        guard let node else { return UnsafeRawBufferPointer(rebasing: bytes[0..<0]) }
        let quote = node.kind == .string ? 1 : 0
        return UnsafeRawBufferPointer(rebasing: bytes[(Int(node.start) - quote)..<(Int(node.end) + quote)])
    }

    /// The unescaped body of a string node (its bytes in place when it has no escapes).
    func withStringBytes<R>(_ node: SQLJSONNode, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let raw = UnsafeRawBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)])
        guard node.isEscaped else { return try body(raw) }
        return try withUnsafeTemporaryAllocation(byteCount: max(raw.count, 1), alignment: 1) { buffer in
            let count = SQLJSONText.unescape(raw, into: buffer)
            return try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The elements of an array, in order.
    ///
    /// - Throws: ``SQLDecodingError`` when the value is not an array.
    @inlinable
    public func elements<T>(for type: T.Type) throws -> SQLJSONElements {
        guard let node, node.kind == .array else { throw shapeError(for: type, expected: "expected a JSON array") }
        return SQLJSONElements(value: self, count: Int(node.count))
    }

    @usableFromInline
    func shapeError<T>(for type: T.Type, expected: String) -> SQLDecodingError {
        // A JSON `null` reads as NULL storage: say it is JSON's (a column holding the text
        // `null`), not SQL's.
        let found = node?.kind == .null ? "\(expected), found JSON null" : expected
        return reader.decodingError(at: 0, for: type, expected: [.text], reason: .invalidValue(found))
    }

    /// The members of an object, read by key in the order a decoder expects them.
    ///
    /// - Throws: ``SQLDecodingError`` when the value is not an object.
    @inlinable
    public func members<T>(for type: T.Type) throws -> SQLJSONMembers {
        guard let node, node.kind == .object else { throw shapeError(for: type, expected: "expected a JSON object") }
        // The JSON form of a JSON column whose text is malformed (one member): its error.
        if node.count == 1, let malformed = malformedTextError(for: type) { throw malformed }
        return SQLJSONMembers(object: self, count: Int(node.count))
    }

    /// A column reader over this value, as column 0: how a ``SQLCustomType`` decodes itself
    /// from JSON with the same code that decodes it from a column.
    public var reader: SQLJSONValueReader { SQLJSONValueReader(value: self) }

    func sibling(_ index: Int32) -> SQLJSONValue {
        SQLJSONValue(bytes: bytes, nodes: nodes, index: index)
    }

    /// Where the value is in its document, as a JSON path: `$[2].title`.
    public var path: String {
        var components: [String] = []
        if let missingKey {
            components.append(Self.pathComponent(missingKey))
            var current = missingParent
            appendPath(of: &current, into: &components)
        } else {
            var current = index
            appendPath(of: &current, into: &components)
        }
        return "$" + components.reversed().joined()
    }

    /// `.key`, or `."a.b"` for a key that is not a plain name (as SQLite's paths write it).
    static func pathComponent(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            }
        return plain ? "." + key : ".\"" + key.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func appendPath(of current: inout Int32, into components: inout [String]) {
        while current > 0 {
            let parent = nodes[Int(current)].parent
            guard parent >= 0 else { break }
            let container = nodes[Int(parent)]
            var child = parent + 1
            var position = 0
            while child < current {
                if container.kind == .object {
                    let key = nodes[Int(child)]
                    let valueIndex = child + 1
                    if valueIndex == current {
                        let name = withStringBytes(key) { String(decoding: $0, as: UTF8.self) }
                        components.append(Self.pathComponent(name))
                        break
                    }
                    child = nodes[Int(valueIndex)].next
                } else {
                    child = nodes[Int(child)].next
                    position += 1
                }
            }
            if container.kind == .array { components.append("[\(position)]") }
            current = parent
        }
    }
}

/// The elements of a JSON array.
public struct SQLJSONElements: Sequence, IteratorProtocol {
    let value: SQLJSONValue
    /// The number of elements.
    public let count: Int
    var nextNode: Int32

    @usableFromInline
    init(value: SQLJSONValue, count: Int) {
        self.value = value
        self.count = count
        self.nextNode = value.index + 1
    }

    public var underestimatedCount: Int { count }

    public mutating func next() -> SQLJSONValue? {
        guard let end = value.node?.next, nextNode < end else { return nil }
        let element = value.sibling(nextNode)
        nextNode = value.nodes[Int(nextNode)].next
        return element
    }
}

/// The members of a JSON object, looked up by key.
///
/// Lookups that follow the order the members were written in cost one comparison each: the
/// cursor expects the next key after the last one found, as a generated decoder reads them.
public struct SQLJSONMembers {
    let object: SQLJSONValue
    /// The number of members.
    public let count: Int
    var cursor: Int32

    @usableFromInline
    init(object: SQLJSONValue, count: Int) {
        self.object = object
        self.count = count
        self.cursor = object.index + 1
    }

    /// The member named `key`, else the one named `alternateKey`: a column's SQL name (what
    /// `json_object` writes) and its Swift property name (what `Codable` writes).
    public mutating func value(forKey key: String, alternateKey: String) -> SQLJSONValue {
        let value = value(forKey: key)
        return value.kind == .missing ? self.value(forKey: alternateKey) : value
    }

    /// The member named `key`, or a missing value (which decodes as NULL) when there is none.
    /// With duplicate keys the first is found, as SQLite's `->` finds it.
    public mutating func value(forKey key: String) -> SQLJSONValue {
        guard let end = object.node?.next else { return object }
        if cursor < end, matches(cursor, key) {
            let valueIndex = cursor + 1
            cursor = object.nodes[Int(valueIndex)].next
            return object.sibling(valueIndex)
        }
        var candidate = object.index + 1
        while candidate < end {
            let valueIndex = candidate + 1
            if matches(candidate, key) {
                cursor = object.nodes[Int(valueIndex)].next
                return object.sibling(valueIndex)
            }
            candidate = object.nodes[Int(valueIndex)].next
        }
        return SQLJSONValue(
            bytes: object.bytes, nodes: object.nodes, index: -1, missingParent: object.index, missingKey: key)
    }

    private func matches(_ keyIndex: Int32, _ key: String) -> Bool {
        let node = object.nodes[Int(keyIndex)]
        if !node.isEscaped {
            // A key as written: compare its bytes in place.
            let length = Int(node.end - node.start)
            guard length == key.utf8.count else { return false }
            let found = UnsafeRawBufferPointer(rebasing: object.bytes[Int(node.start)..<Int(node.end)])
            let same = key.utf8.withContiguousStorageIfAvailable { wanted in
                guard let foundBase = found.baseAddress, let wantedBase = wanted.baseAddress else { return length == 0 }
                return memcmp(foundBase, wantedBase, length) == 0
            }
            if let same { return same }
        }
        var key = key
        return key.withUTF8 { wanted in
            object.withStringBytes(node) { found in
                found.count == wanted.count && found.elementsEqual(UnsafeRawBufferPointer(wanted))
            }
        }
    }
}

extension SQLJSONMembers {
    /// The keys, in the order they are written.
    public var keys: [String] {
        var keys: [String] = []
        guard let end = object.node?.next else { return keys }
        var keyIndex = object.index + 1
        while keyIndex < end {
            let node = object.nodes[Int(keyIndex)]
            keys.append(object.withStringBytes(node) { String(decoding: $0, as: UTF8.self) })
            keyIndex = object.nodes[Int(keyIndex + 1)].next
        }
        return keys
    }
}
