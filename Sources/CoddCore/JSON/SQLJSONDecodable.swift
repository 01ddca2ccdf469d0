/// A type that decodes itself from a parsed JSON value, without `Codable`.
///
/// Every ``SQLCustomType`` has the same initializer (it reads the JSON value through
/// ``SQLJSONValueReader`` with the same code that reads a column), and the built-in
/// types, `UUID` and `Date` are decodable. `@Table` and
/// `@Selection` types get a generated conformance that reads their members by key, so a
/// JSON-aggregated association (`json_group_array(json_object(…))`) decodes straight
/// into rows. Arrays and optionals of decodable types are decodable.
public protocol SQLJSONDecodable {
    /// Decodes the value from `json`.
    ///
    /// Throw a ``SQLDecodingError``; ``SQLJSONValue/reader`` makes one that names the
    /// value's JSON path. Do not keep `json` (or its reader): its bytes live only as long
    /// as the parse that produced it.
    init(decodingJSON json: SQLJSONValue) throws
}

extension SQLCustomType {
    /// Reads the JSON value as a column holding the representation's JSON form (see
    /// ``renderJSON(into:_:)``), once its shape is the one that form has: a string for a TEXT
    /// or BLOB (hex digits) representation, a number for an INTEGER or REAL one. Anything
    /// else is a typed error naming the JSON path, as `JSONDecoder` refuses it.
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        try json.requireShape(of: Self.storage, for: Self.self)
        var reader = json.reader
        reader.readsHexAsBlob = Self.storage == .blob
        self = try Self(reader: reader, at: 0)
    }
}

extension SQLJSONValue {
    /// Throws unless the value has the JSON shape of `storage`'s form: a string for TEXT and
    /// BLOB (hex digits), a number for INTEGER and REAL. NULL and a missing member pass:
    /// the type's reader says whether it takes NULL.
    ///
    /// Strict where SQLite's own JSON functions are not: `json_extract` reads an array as
    /// its text and `true` as 1, but a `String` is not an array and an `Int` is not a
    /// boolean. (A `Bool` reads 0 and 1 too: SQLite writes a Bool column so.)
    @inlinable
    public func requireShape<T>(of storage: SQLStorage, for type: T.Type) throws {
        guard let node else { return }
        if node.kind == .object {
            if let malformed = malformedTextError(for: type) { throw malformed }
            if let mismatch = storageMismatchError(for: type, expected: storage) { throw mismatch }
        }
        let fits: Bool
        switch (storage, node.kind) {
        case (_, .null), (.text, .string), (.blob, .string), (.integer, .integer), (.integer, .real),
            (.real, .integer), (.real, .real):
            fits = true
        default:
            fits = false
        }
        if !fits { throw shapeMismatch(for: type, expected: storage) }
    }

    /// The key of the object a JSON column's JSON form is when the column's text is not JSON
    /// (`iif(json_valid(x), json(x), json_object('codd.malformedJSON', x))`): one member,
    /// holding the text. A document of that one member holding text that parses is a
    /// document; holding text that does not, it is the column's malformed text.
    public static let malformedTextKey = "codd.malformedJSON"

    /// The typed error for the JSON form of a JSON column whose text is malformed, naming the
    /// text and why it is not JSON; `nil` for any other value.
    public func malformedTextError<T>(for type: T.Type) -> SQLDecodingError? {
        guard let node, node.kind == .object, node.count == 1 else { return nil }
        var members = SQLJSONMembers(object: self, count: 1)
        let text = members.value(forKey: Self.malformedTextKey)
        guard let textNode = text.node, textNode.kind == .string else { return nil }
        let syntaxError = text.reader.withUnsafeTextBytes(at: 0) { bytes -> SQLJSONSyntaxError? in
            do {
                try SQLJSONValue.parse(bytes) { _ in () }
                return nil
            } catch let error as SQLJSONSyntaxError {
                return error
            } catch {
                return nil
            }
        }
        guard let syntaxError else { return nil }
        var error = text.reader.decodingError(
            at: 0, for: type, expected: [.text], reason: .invalidValue("malformed JSON text: \(syntaxError)")
        )
        error.column = path
        return error
    }

    /// The key of the object a column's JSON form is when the column holds a storage class
    /// the form does not take (`json_object('codd.storageMismatch', json_array(typeof(x),
    /// <x as stored: a BLOB as hex digits, a REAL as its 18 digits>))`): a form that computes
    /// (`strftime(…)` of a number, `hex(…)` of a BLOB) would turn TEXT into a date of 1970 or
    /// its bytes, where reading the column refuses it.
    public static let storageMismatchKey = "codd.storageMismatch"

    /// The typed error for the JSON form of a column holding a storage class its form does
    /// not take, as reading the column gives it: `expected INTEGER, found TEXT 'soon':
    /// storage class mismatch`, at the value's JSON path; `nil` for any other value.
    public func storageMismatchError<T>(for type: T.Type, expected storage: SQLStorage) -> SQLDecodingError? {
        guard let node, node.kind == .object, node.count == 1 else { return nil }
        var members = SQLJSONMembers(object: self, count: 1)
        let found = members.value(forKey: Self.storageMismatchKey)
        guard found.kind == .array else { return nil }
        var elements = SQLJSONElements(value: found, count: 2)
        guard let typeName = elements.next(), typeName.kind == .string, let value = elements.next() else {
            return nil
        }
        let actual: SQLStorage
        switch typeName.reader.withUnsafeTextBytes(at: 0, { String(decoding: $0, as: UTF8.self) }) {
        case "integer": actual = .integer
        case "real": actual = .real
        case "text": actual = .text
        case "blob": actual = .blob
        default: return nil
        }
        // The value as stored (a BLOB as hex digits, a REAL as its 18 digits in a string),
        // previewed as reading the column does.
        var valueReader = value.reader
        valueReader.readsHexAsBlob = actual == .blob
        var error = reader.decodingError(at: 0, for: type, expected: [storage], reason: .storageMismatch)
        error.actual = actual
        if actual == .real, value.kind == .string {
            let digits = valueReader.withUnsafeTextBytes(at: 0) { String(decoding: $0, as: UTF8.self) }
            error.valuePreview = SQLValuePreview.truncated(Double(digits).map { String($0) } ?? digits)
        } else {
            error.valuePreview = valueReader.valuePreview(at: 0)
        }
        return error
    }

    /// The error of a value whose JSON shape is not the one `storage`'s form has: `expected
    /// INTEGER, found INTEGER true: a JSON boolean, not a number`.
    @usableFromInline
    func shapeMismatch<T>(for type: T.Type, expected storage: SQLStorage, wanted: String? = nil) -> SQLDecodingError {
        let wanted =
            wanted
            ?? {
                switch storage {
                case .integer, .real: "a number"
                case .blob: "a string of hex digits"
                default: "a string"
                }
            }()
        let found: String
        switch kind {
        case .bool: found = "a JSON boolean"
        case .integer, .real: found = "a JSON number"
        case .string: found = "a JSON string"
        case .array: found = "a JSON array"
        case .object: found = "a JSON object"
        case .null, .missing: found = "null"
        }
        var error = reader.decodingError(
            at: 0, for: type, expected: [storage], reason: .invalidValue("\(found), not \(wanted)"))
        error.valuePreview = SQLValuePreview.truncated(String(decoding: rawBytes, as: UTF8.self))
        return error
    }
}

extension Optional: SQLJSONDecodable where Wrapped: SQLJSONDecodable {
    /// `nil` for JSON `null` or a missing member.
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        self = json.isNull ? nil : try Wrapped(decodingJSON: json)
    }
}

extension Array: SQLJSONDecodable where Element: SQLJSONDecodable {
    /// The elements of a JSON array; `[UInt8]`, a BLOB, also reads its hex-string form.
    ///
    /// Inlinable, so an array of rows decodes specialized for its element type.
    @inlinable
    public init(decodingJSON json: SQLJSONValue) throws {
        if Element.self == UInt8.self {
            if json.kind == .string, let bytes = try [UInt8].blob(decodingJSON: json) as? Self {
                self = bytes
                return
            }
            // A BLOB column holding another storage class (its form's mismatch object).
            if let mismatch = json.storageMismatchError(for: Self.self, expected: .blob) { throw mismatch }
        }
        let elements = try json.elements(for: Self.self)
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            result.append(try Element(decodingJSON: element))
        }
        self = result
    }
}

extension Array where Element == UInt8 {
    @usableFromInline
    static func blob(decodingJSON json: SQLJSONValue) throws -> [UInt8] {
        var reader = json.reader
        reader.readsHexAsBlob = true
        try reader.requireStorage(.blob, at: 0, for: [UInt8].self)
        return reader.withUnsafeBlobBytes(at: 0) { [UInt8]($0) }
    }
}

extension SQLDecodingError {
    /// The error of a value inside a JSON column, moved onto that column: the JSON path
    /// the inner reader named becomes ``jsonPath``, and the column is `reader`'s.
    public func inJSONColumn(of reader: some SQLColumnReader, at index: Int) -> SQLDecodingError {
        var moved = self
        if moved.jsonPath == nil { moved.jsonPath = column }
        moved.table = reader.tableName(at: index)
        moved.column = reader.columnName(at: index)
        moved.index = index
        return moved
    }
}

extension String: SQLJSONDecodable {}
extension Bool: SQLJSONDecodable {}
extension Double: SQLJSONDecodable {}
extension Float: SQLJSONDecodable {}
extension Int: SQLJSONDecodable {}
extension Int8: SQLJSONDecodable {}
extension Int16: SQLJSONDecodable {}
extension Int32: SQLJSONDecodable {}
extension Int64: SQLJSONDecodable {}
extension UInt: SQLJSONDecodable {}
extension UInt8: SQLJSONDecodable {}
extension UInt16: SQLJSONDecodable {}
extension UInt32: SQLJSONDecodable {}
extension UInt64: SQLJSONDecodable {}

extension String {
    /// A JSON string's text without a column reader in between: the common element of a
    /// JSON column (`["home","urgent"]`). Anything but a string (a number, an array) is a
    /// typed error; a lone surrogate escape (`"\uDFAA"`) is invalid UTF-8, as in a column.
    public init(decodingJSON json: SQLJSONValue) throws {
        if let node = json.node, node.kind == .string,
            let text = json.withStringBytes(node, { SQLUTF8.decodeUTF8($0) })
        {
            self = text
            return
        }
        try json.requireShape(of: .text, for: String.self)
        self = try String(reader: json.reader, at: 0)
    }
}
