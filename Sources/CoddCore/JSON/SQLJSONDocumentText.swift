/// What a schema's `TEXT AS JSON` annotation resolves to: a column holding a JSON document.
///
/// On SQLite the column is `TEXT`, as a plain JSON column is. On PostgreSQL it is `jsonb`,
/// which JSON paths, `contains` and partial updates need there (they are `jsonb`
/// operators): a column left `TEXT` becomes `text`, and they fail on the server. A `@Table`
/// property stores any JSON representation in it (`[String].JSONRepresentation`, a
/// `@JSONPaths` type's); schema validation accepts each. Read directly, the value is the
/// document's text.
///
/// ```sql
/// CREATE TABLE "bookmarks" ("id" INTEGER PRIMARY KEY, "meta" TEXT AS JSON NOT NULL)
/// -- SQLite: "meta" TEXT NOT NULL; PostgreSQL: "meta" jsonb NOT NULL
/// ```
public struct SQLJSONDocumentText: SQLRepresentation, SQLNativelyTyped {
    public var represented: String

    public init(represented: String) {
        self.represented = represented
    }

    public static var storage: SQLStorage { .text }

    public init(reader: borrowing some SQLColumnReader, at index: Int) throws {
        represented = try String(reader: reader, at: index)
    }

    public func bind(into context: inout some SQLBindingContext) throws {
        try context.bindText(represented)
    }

    public static var nativeKind: SQLNativeKind { .json }

    public var nativeValue: SQLNativeValue? { .jsonb(represented) }

    /// The codec of the annotation: `TEXT AS JSON`.
    public static let codec = SQLCodec(typeName: "JSON", name: "default", isDefault: true, representation: Self.self)
}
