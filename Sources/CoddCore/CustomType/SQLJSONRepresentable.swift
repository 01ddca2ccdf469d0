/// A type with a form inside JSON documents: how `json_object` / `json_group_array`
/// render it, and how it reads back from a JSON value.
///
/// One job of the ``SQLCustomType`` family, with defaults by storage class (see
/// `SQLJSONRepresentable+Defaults.swift`): TEXT and INTEGER as stored, REAL with all its
/// digits, BLOB as hex. A representation whose stored form is not its JSON form overrides
/// both: a 16-byte UUID renders its text form, a numeric date its text form, a JSON
/// document `json(…)` so it nests as JSON.
///
/// It does not refine ``SQLJSONDecodable``: `Optional` conforms to both under different
/// conditions, and a refinement would make those two conformances depend on each other
/// at run time.
public protocol SQLJSONRepresentable {
    /// Renders `expression` in its JSON form into `builder`: the form
    /// ``init(decodingJSON:)`` reads back, and the form Codd's JSON coders give the value
    /// inside a JSON document.
    ///
    /// ```swift
    /// // REAL: iif("t"."score" IS NULL, NULL, json(printf('%!.18g', "t"."score")))
    /// // BLOB: iif("t"."data" IS NULL, NULL, hex("t"."data"))
    /// ```
    static func renderJSON(into builder: inout SQLBuilder, _ expression: (inout SQLBuilder) throws -> Void) rethrows

    /// Reads the value from its JSON form inside a JSON document (the member of an
    /// aggregated row, an element of an array).
    init(decodingJSON json: SQLJSONValue) throws
}
