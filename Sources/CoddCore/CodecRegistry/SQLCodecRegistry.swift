import Foundation

/// Codecs by Swift type and storage class: resolves the annotations a schema writes
/// (`TEXT AS UUID`, `INTEGER AS Date`, `TEXT AS Date USING iso8601`).
///
/// ```swift
/// var registry = SQLCodecRegistry.builtIn
/// try registry.register(UUID.codecs)            // from the UUID codec module
/// let codec = try registry.codec(for: "blob as UUID")
/// // codec.representation == UUID.BlobRepresentation.self
/// ```
///
/// The storage name is case-insensitive; the type name and codec name are not. A pair
/// with no codec is an error that lists what exists:
/// `Date has no BLOB codec; available: TEXT (text, iso8601), INTEGER (unixTime, …), REAL (…)`.
public struct SQLCodecRegistry: Sendable {
    private var codecs: [SQLCodec] = []

    public init() {}

    /// The codecs of the built-in types: Bool, integers, Double, Float, String, Data, [UInt8];
    /// and `TEXT AS JSON`, a JSON document (``SQLJSONDocumentText``).
    public static var builtIn: SQLCodecRegistry {
        var registry = SQLCodecRegistry()
        let builtIns: [(String, any SQLCustomType.Type)] = [
            ("Bool", Bool.self), ("Int", Int.self), ("Int8", Int8.self), ("Int16", Int16.self),
            ("Int32", Int32.self), ("Int64", Int64.self), ("UInt8", UInt8.self), ("UInt16", UInt16.self),
            ("UInt32", UInt32.self), ("UInt64", UInt64.self), ("Double", Double.self), ("Float", Float.self),
            ("String", String.self), ("Data", Data.self), ("[UInt8]", [UInt8].self),
        ]
        for (name, type) in builtIns {
            registry.codecs.append(SQLCodec(typeName: name, name: "default", isDefault: true, representation: type))
        }
        registry.codecs.append(SQLJSONDocumentText.codec)
        return registry
    }

    /// Every registered codec, in registration order.
    public var all: [SQLCodec] { codecs }

    /// Adds codecs. Third-party codecs register the same way as Codd's own.
    ///
    /// - Throws: ``SQLCodecLookupError/duplicate(_:)`` when a codec with the same type,
    ///   storage and name exists, or a second default for a type and storage.
    /// All or nothing: when one codec is refused, none of `newCodecs` is registered.
    public mutating func register(_ newCodecs: [SQLCodec]) throws {
        var accepted = codecs
        for codec in newCodecs {
            if accepted.contains(where: {
                $0.typeName == codec.typeName && $0.storage == codec.storage && $0.name == codec.name
            }) {
                throw SQLCodecLookupError.duplicate(codec.description)
            }
            if codec.isDefault,
                accepted.contains(where: {
                    $0.typeName == codec.typeName && $0.storage == codec.storage && $0.isDefault
                })
            {
                throw SQLCodecLookupError.duplicate("a second default \(codec.storage) codec for \(codec.typeName)")
            }
            accepted.append(codec)
        }
        codecs = accepted
    }

    /// The codec for `storage` and `typeName`, by `name` or the default one.
    public func codec(storage: SQLStorage, typeName: String, name: String? = nil) throws -> SQLCodec {
        let forType = codecs.filter { $0.typeName == typeName }
        guard !forType.isEmpty else {
            throw SQLCodecLookupError.unknownType(typeName, known: Set(codecs.map(\.typeName)).sorted())
        }
        let forStorage = forType.filter { $0.storage == storage }
        guard !forStorage.isEmpty else {
            throw SQLCodecLookupError.noCodecForStorage(
                typeName: typeName, storage: storage, available: Self.summary(forType))
        }
        if let name {
            guard let codec = forStorage.first(where: { $0.name == name }) else {
                throw SQLCodecLookupError.unknownName(
                    name, typeName: typeName, storage: storage, available: forStorage.map(\.name)
                )
            }
            return codec
        }
        if let codec = forStorage.first(where: \.isDefault) ?? (forStorage.count == 1 ? forStorage.first : nil) {
            return codec
        }
        throw SQLCodecLookupError.ambiguous(typeName: typeName, storage: storage, candidates: forStorage.map(\.name))
    }

    /// The codec an annotation names: `STORAGE AS Type [USING name]`.
    public func codec(for annotation: String) throws -> SQLCodec {
        let words = annotation.split(whereSeparator: \.isWhitespace).map(String.init)
        let valid =
            (words.count == 3 || words.count == 5)
            && words[1].uppercased() == "AS"
            && (words.count == 3 || words[3].uppercased() == "USING")
        guard valid, let storage = SQLStorage(name: words[0]), storage != .null else {
            throw SQLCodecLookupError.malformed(annotation)
        }
        return try codec(storage: storage, typeName: words[2], name: words.count == 5 ? words[4] : nil)
    }

    /// `TEXT (text, iso8601), INTEGER (unixTime, unixTimeMilliseconds)`.
    private static func summary(_ codecs: [SQLCodec]) -> String {
        [SQLStorage.text, .integer, .real, .blob].compactMap { storage in
            let names = codecs.filter { $0.storage == storage }.map(\.name)
            return names.isEmpty ? nil : "\(storage) (\(names.joined(separator: ", ")))"
        }
        .joined(separator: ", ")
    }
}

/// Why an annotation names no codec.
public enum SQLCodecLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)
    case unknownType(String, known: [String])
    case noCodecForStorage(typeName: String, storage: SQLStorage, available: String)
    case unknownName(String, typeName: String, storage: SQLStorage, available: [String])
    case ambiguous(typeName: String, storage: SQLStorage, candidates: [String])
    case duplicate(String)

    public var description: String {
        switch self {
        case .malformed(let annotation):
            "'\(annotation)' is not a codec annotation; write STORAGE AS Type [USING name], e.g. TEXT AS UUID"
        case .unknownType(let type, let known):
            "no codec is registered for \(type); registered types: \(known.joined(separator: ", "))"
        case .noCodecForStorage(let type, let storage, let available):
            "\(type) has no \(storage) codec; available: \(available)"
        case .unknownName(let name, let type, let storage, let available):
            "\(type) has no \(storage) codec named \(name); available: \(available.joined(separator: ", "))"
        case .ambiguous(let type, let storage, let candidates):
            "\(type) has several \(storage) codecs and no default; add USING with one of: \(candidates.joined(separator: ", "))"
        case .duplicate(let what):
            "\(what) is already registered"
        }
    }
}
