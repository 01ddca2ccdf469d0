import CoddCore
import CoddJSON
import CoddQuery

extension SQLJSONPath where Value: SQLJSONArrayValue, Value.Element: Sendable & SQLEquatable {
    /// Whether the array holds `element`, compared in its JSON form:
    /// `EXISTS (SELECT 1 FROM json_each("tags") AS "codd_element" WHERE "codd_element"."value" = ?)`;
    /// on PostgreSQL `("tags") @> $1::jsonb`, bound `["urgent"]`.
    public func contains(_ element: Value.Element) -> SQLJSONContains {
        SQLJSONContains(array: self, element: element, elementType: Value.Element.self, options: Options.self)
    }
}

extension SQLJSONPath
where Value: SQLJSONArrayValue, Value.Element: Sendable & RawRepresentable, Value.Element.RawValue: SQLEquatable {
    /// Whether the array holds `element`, an enum stored by raw value.
    @_disfavoredOverload
    public func contains(_ element: Value.Element) -> SQLJSONContains {
        SQLJSONContains(array: self, element: element, elementType: Value.Element.self, options: Options.self)
    }
}

extension SQLQueryExpression
where
    QueryValue: SQLJSONDocumentRepresentation, QueryValue.Value: SQLJSONArrayValue,
    QueryValue.Value.Element: Sendable & SQLEquatable
{
    /// Whether the JSON array column holds `element`: `$0.tags.contains("urgent")`.
    public func contains(_ element: QueryValue.Value.Element) -> SQLJSONContains {
        json.contains(element)
    }
}

/// `EXISTS (SELECT 1 FROM json_each(array) AS "codd_element" WHERE "codd_element"."value" = ?)`.
public struct SQLJSONContains: SQLQueryExpression {
    public typealias QueryValue = Bool
    let array: any SQLExpression
    /// `"codd_element"."value" = ?`, in the element's JSON form.
    let comparison: any SQLExpression
    let elementJSON: @Sendable () throws -> String

    init<Array: SQLExpression, Element: Sendable, Options: JSONCodingOptions>(
        array: Array, element: Element, elementType: Element.Type, options: Options.Type
    ) {
        self.array = array
        let value = SQLJSONPath<Element, Options>(document: SQLJSONElementValue(), documentIsEachValue: true)
        comparison = SQLBinaryOperation<Bool>(
            value, "=", SQLJSONComparand<Element, Options>(value: element), wrapsOperands: true)
        elementJSON = { try JSONDocument<Element, Options>.jsonText(of: element) }
    }

    public func render(into builder: inout SQLBuilder) throws {
        guard builder.dialect.supports(.jsonTableFunctions) else {
            return try builder.dialect.spelling.renderJSONContainment(
                of: { try array.render(into: &$0) }, elementJSON: try elementJSON(), into: &builder
            )
        }
        builder.keyword("EXISTS")
        try builder.parenthesized { builder in
            builder.keyword("SELECT 1 FROM")
            try builder.function("json_each") { try $0.listItem { try array.render(into: &$0) } }
            builder.keyword("AS")
            builder.identifier("codd_element")
            builder.keyword("WHERE")
            try comparison.render(into: &builder)
        }
    }
}

/// `"codd_element"."value"`: the element `contains` compares.
struct SQLJSONElementValue: SQLExpression {
    typealias QueryValue = String

    func render(into builder: inout SQLBuilder) throws {
        builder.identifier("codd_element", "value")
    }
}

extension SQLJSONPath where Value: SQLCustomType {
    /// The member's SQL value as its own representation stores it (a string as TEXT, a
    /// number as a number, a date as its text): to select into a column of that type or
    /// compare with one, as in `INSERT … SELECT "value" FROM json_each(?)` and
    /// `"id" IN (SELECT "value" FROM json_each(?))`. (With options that store the type
    /// otherwise, its SQL value is that form.)
    public var stored: SQLJSONStoredValue<Value> {
        SQLJSONStoredValue(render: { [self] in try self.renderValue(into: &$0) }, outerRow: outerRowPresence)
    }
}

/// A path's SQL value, typed as the member's representation. Of an outer-joined row's path,
/// it knows that row too (`jsonGroupArray()` skips the missing one).
public struct SQLJSONStoredValue<QueryValue: SQLCustomType>: SQLQueryExpression, SQLOuterJoinedColumn {
    let renderValue: @Sendable (inout SQLBuilder) throws -> Void
    package let outerRowPresence: SQLOuterRowPresence?

    init(render: @escaping @Sendable (inout SQLBuilder) throws -> Void, outerRow: SQLOuterRowPresence? = nil) {
        self.renderValue = render
        self.outerRowPresence = outerRow
    }

    public func render(into builder: inout SQLBuilder) throws {
        try renderValue(&builder)
    }

    public var isCompound: Bool { true }
}
