import CoddCore

/// One of the app's own types, declared in the configuration so that a tool outside the
/// app can resolve annotations naming it (`TEXT AS "Todo.ID"`):
///
/// ```json
/// { "name": "Todo.ID", "storage": "TEXT" }
/// { "name": "Money", "storage": "INTEGER", "codec": "cents", "representation": "Money.CentsRepresentation" }
/// ```
///
/// `representation` is the `SQLCustomType` generated code reads and binds (the type itself
/// by default); `codec` the name `USING` picks (`default`, and the storage class's default
/// codec unless `isDefault` is false).
public struct TypeDeclaration: Sendable, Hashable, Codable {
    public var name: String
    public var storage: String
    public var codec: String?
    public var representation: String?
    public var isDefault: Bool?

    public init(
        name: String, storage: String, codec: String? = nil, representation: String? = nil, isDefault: Bool? = nil
    ) {
        self.name = name
        self.storage = storage
        self.codec = codec
        self.representation = representation
        self.isDefault = isDefault
    }

    public var codecName: String { codec ?? "default" }
    public var representationName: String { representation ?? name }
}

/// A function the app registers (`@DatabaseFunction`, `db.add(function:)`), declared so
/// that queries may call it: its Swift argument and result types, as the function catalogue
/// types SQLite's own.
///
/// ```json
/// { "name": "slugify", "arguments": ["String"], "result": "String" }
/// ```
public struct FunctionDeclaration: Sendable, Hashable, Codable {
    public var name: String
    /// Each argument's Swift type: `Int`, `Double`, `String`, `Data`, `Bool`, or a
    /// declared or standard type (`Date`, `UUID`).
    public var arguments: [String]
    public var result: String
    /// Whether the result may be NULL (default false).
    public var resultIsOptional: Bool?
    /// An aggregate (default false).
    public var isAggregate: Bool?

    public init(
        name: String, arguments: [String], result: String, resultIsOptional: Bool? = nil, isAggregate: Bool? = nil
    ) {
        self.name = name
        self.arguments = arguments
        self.result = result
        self.resultIsOptional = resultIsOptional
        self.isAggregate = isAggregate
    }
}
