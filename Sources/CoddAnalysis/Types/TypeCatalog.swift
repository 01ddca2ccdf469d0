import CoddCore
import CoddDate
import CoddDecimal
import CoddUUID
import Foundation

/// The codecs annotations resolve through, with the Swift spelling of each codec's
/// representation: Codd's standard codecs (the built-in types, `UUID`, `Date`, `Decimal`) and the
/// app's own, declared in the configuration.
///
/// The registry is the one the migrator uses (`SQLCodecRegistry.standard`), so an
/// annotation means the same here as at run time. A declared type has no Swift type in this
/// process: it is registered with its storage class's built-in type as a stand-in, and
/// generated code names the declared representation.
public struct TypeCatalog: Sendable {
    public private(set) var registry: SQLCodecRegistry
    public private(set) var declarations: [TypeDeclaration]
    private var representations: [String: String] = [:]
    /// The comparison wrap of each standard codec whose stored values do not compare as
    /// they are, by its value type's representation and storage.
    private var wraps: [String: ComparisonWrap] = [:]

    /// Codd's standard codecs: the built-in types, `UUID`, `Date` and `Decimal` (as
    /// `SQLCodecRegistry.standard`).
    public init() {
        var registry = SQLCodecRegistry.builtIn
        // Codd's own codecs are distinct by construction (the registry's tests hold it).
        try? registry.register(UUID.codecs)
        try? registry.register(Date.codecs)
        try? registry.register(Decimal.codecs)
        self.registry = registry
        self.declarations = []
        for codec in registry.all {
            representations[Self.key(codec.typeName, codec.storage, codec.name)] = SQLTypeName.of(codec.representation)
        }
        // Only a collation: a wrap that keeps the value exists because the stored form Codd
        // writes does not order as the type (a Decimal's text, '10' < '9.5'). A computed wrap
        // (a date's text in julianday) guards against forms other software writes; the
        // canonical text Codd writes orders as the dates do, so a query compares it as written
        // (docs/SQLFirst.md, "Comparing codec values").
        for codec in registry.all {
            guard let wrap = ComparisonWrap(codec.representation) else { continue }
            let type = valueType(of: codec)
            wraps[Self.key(type.swiftName, codec.storage, type.representation)] = wrap
        }
    }

    /// The collation values of `type` must be compared in to order as the Swift values do,
    /// or `nil` when they order as stored (a declared type's codec is not known here: `nil`).
    package func comparisonWrap(of type: ValueType) -> ComparisonWrap? {
        guard let storage = type.storage, !wraps.isEmpty else { return nil }
        return wraps[Self.key(type.swiftName, storage, type.representation)]
    }

    /// Codd's standard codecs plus `declarations`.
    ///
    /// - Throws: ``TypeDeclarationError`` for a declaration with an unknown storage class
    ///   or one that clashes with a registered codec.
    public init(declarations: [TypeDeclaration]) throws(TypeDeclarationError) {
        self.init()
        for declaration in declarations {
            try declare(declaration)
        }
    }

    private mutating func declare(_ declaration: TypeDeclaration) throws(TypeDeclarationError) {
        guard let storage = SQLStorage(name: declaration.storage), storage != .null else {
            throw TypeDeclarationError(
                declaration: declaration,
                reason: "storage must be INTEGER, REAL, TEXT or BLOB, not \(declaration.storage)")
        }
        let standIn: any SQLCustomType.Type =
            switch storage {
            case .integer: Int64.self
            case .real: Double.self
            case .text: String.self
            default: Data.self
            }
        do {
            try registry.register([
                SQLCodec(
                    typeName: declaration.name, name: declaration.codecName, isDefault: declaration.isDefault ?? true,
                    representation: standIn
                )
            ])
        } catch {
            throw TypeDeclarationError(declaration: declaration, reason: "\(error)")
        }
        declarations.append(declaration)
        representations[Self.key(declaration.name, storage, declaration.codecName)] = declaration.representationName
    }

    /// The value type of `codec`: its type and the spelled representation.
    public func valueType(of codec: SQLCodec) -> ValueType {
        // `TEXT AS JSON`: the document's text, a String on SQLite.
        if ObjectIdentifier(codec.representation) == ObjectIdentifier(SQLJSONDocumentText.self) {
            return .string
        }
        let representation = representations[Self.key(codec.typeName, codec.storage, codec.name)] ?? codec.typeName
        return ValueType(
            swiftName: Self.swiftSpelling(codec.typeName), representation: Self.swiftSpelling(representation),
            storage: codec.storage)
    }

    /// The value type an annotation names (`INTEGER AS Date USING unixTimeMilliseconds`).
    public func valueType(storage: SQLStorage, typeName: String, codecName: String?) throws -> ValueType {
        valueType(of: try registry.codec(storage: storage, typeName: typeName, name: codecName))
    }

    /// The value type a Swift type name stands for where no storage class is written
    /// (a declared function's argument): a built-in, or a type with exactly one default
    /// codec.
    public func valueType(named name: String) -> ValueType? {
        switch name {
        case "Int": return .int
        case "Double": return .double
        case "String": return .string
        case "Data": return .data
        case "Bool": return .bool
        case "SQLAny": return .any
        default:
            let defaults = registry.all.filter { $0.typeName == name && $0.isDefault }
            return defaults.first.map(valueType(of:))
        }
    }

    /// `[UInt8]` is spelled `Array<UInt8>` by reflection; both compile, the short form reads better.
    static func swiftSpelling(_ name: String) -> String {
        name == "Array<UInt8>" ? "[UInt8]" : name
    }

    private static func key(_ type: String, _ storage: SQLStorage, _ codec: String) -> String {
        "\(type)|\(storage)|\(codec)"
    }
}

/// A type declaration the catalogue refuses.
public struct TypeDeclarationError: Error, Sendable, CustomStringConvertible {
    public var declaration: TypeDeclaration
    public var reason: String

    public var description: String {
        "type \(declaration.name): \(reason)"
    }
}
