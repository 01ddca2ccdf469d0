import CoddCore
import CoddJSON
import CoddQuery

/// An expression, table row or selection in its JSON form: what `json_group_array` and
/// `json_object` take, so each value nests as its codec says (a 16-byte UUID as text, a
/// JSON column as JSON).
struct SQLJSONForm<Base: SQLSelectable>: SQLExpression {
    typealias QueryValue = String
    let base: Base

    func render(into builder: inout SQLBuilder) throws {
        try base.renderJSON(into: &builder)
    }
}

/// `"t"."id" IS NOT NULL AND (b)`: the automatic filter of an outer-joined row, and the
/// user's.
struct SQLJSONRowFilter: SQLExpression {
    typealias QueryValue = Bool
    let present: SQLOuterRowPresence
    let filter: (any SQLExpression)?

    func render(into builder: inout SQLBuilder) throws {
        try present.render(into: &builder)
        if let filter {
            builder.keyword("AND")
            try builder.parenthesized { try filter.render(into: &$0) }
        }
    }

    /// The filter of an aggregate over `expression`: the user's, and, when the expression is
    /// a column of an outer-joined table, the row's presence (a list without reminders
    /// aggregates `[]`, a reminder whose column is NULL still adds `null`).
    static func filter(over expression: some SQLExpression, _ filter: (some SQLExpression<Bool>)?) -> (
        any SQLExpression
    )? {
        guard let present = (expression as? any SQLOuterJoinedColumn)?.outerRowPresence else { return filter }
        return SQLJSONRowFilter(present: present, filter: filter)
    }
}

extension SQLQueryExpression where QueryValue.Represented: Codable {
    /// A JSON array of the expression's values in each group, decoded as a Swift array.
    ///
    /// ```swift
    /// Store.group(by: \.id).leftJoin(Item.all) { $0.id.eq($1.storeID) }
    ///     .select { ($0.name, $1.title.jsonGroupArray(filter: $1.isActive)) }
    /// // SELECT "stores"."name", json_group_array("items"."title") FILTER (WHERE "items"."isActive") …
    /// ```
    ///
    /// Values nest in their JSON form, and are read back through the expression's
    /// representation (`RepresentationJSONOptions`): a UUID stored as 16 bytes aggregates
    /// as its text, a column of a representation of your own in that representation's form.
    /// A column of an outer-joined table skips the missing row, as the whole row does: a
    /// list with no reminders gives `[]`, while a reminder whose column is NULL adds `null`
    /// (`FILTER (WHERE "reminders"."id" IS NOT NULL)`, combined with `filter:`). So does a
    /// path into such a row's document, the element of `leftJoin(each:)`, and their `stored`
    /// value. A computed expression over such columns does not know its row: pass that
    /// `filter:` yourself.
    /// `order:` renders `json_group_array(… ORDER BY …)`, which needs SQLite 3.44 (older:
    /// `SQLUnsupportedFeatureError`).
    public func jsonGroupArray(
        distinct: Bool = false,
        order: [SQLOrderingTerm] = [],
        filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none
    ) -> SQLAggregate<JSONDocument<[QueryValue.Represented], RepresentationJSONOptions<QueryValue>>> {
        columnGroupArray(distinct: distinct, order: order, filter: filter)
    }
}

extension SQLQueryExpression where QueryValue.Represented: Codable, QueryValue.Represented == QueryValue {
    /// A JSON array of the expression's values in each group (see the method above): for a
    /// type that is its own representation (`String`, `UUID`, `Date`), the type a
    /// `@Selection` field declares, `[String].JSONRepresentation`.
    public func jsonGroupArray(
        distinct: Bool = false,
        order: [SQLOrderingTerm] = [],
        filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none
    ) -> SQLAggregate<JSONRepresentation<[QueryValue]>> {
        columnGroupArray(distinct: distinct, order: order, filter: filter)
    }
}

extension SQLQueryExpression {
    /// `json_group_array` of the expression's JSON form, with the filter of an outer-joined
    /// column: the one body of both `jsonGroupArray` overloads above, which differ in the
    /// document type they decode.
    func columnGroupArray<Document: SQLCustomType>(
        distinct: Bool, order: [SQLOrderingTerm], filter: (some SQLExpression<Bool>)?
    ) -> SQLAggregate<Document> {
        SQLAggregate(
            SQLDialectFunction.jsonGroupArray, SQLJSONForm(base: self), distinct: distinct, order: order,
            filter: SQLJSONRowFilter.filter(over: self, filter)
        )
    }
}

extension TableDefinition where QueryValue: Sendable {
    /// The group's rows as a JSON array of objects, decoded as `[Row]` by generated code.
    ///
    /// ```swift
    /// RemindersList.join(Reminder.all) { $0.id.eq($1.remindersListID) }
    ///     .select { Row.Columns(remindersList: $0, reminders: $1.jsonGroupArray()) }
    /// // json_group_array(json_object('id', "reminders"."id", 'title', "reminders"."title", …))
    /// ```
    public func jsonGroupArray(
        distinct: Bool = false,
        order: [SQLOrderingTerm] = [],
        filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none
    ) -> SQLAggregate<JSONRepresentation<[QueryValue]>> {
        SQLAggregate(
            SQLDialectFunction.jsonGroupArray, SQLJSONForm(base: self), distinct: distinct, order: order, filter: filter
        )
    }

    /// The row as a JSON object of its columns, each in its JSON form.
    ///
    /// ```swift
    /// // json_object('id', "reminders"."id", 'title', "reminders"."title", …)
    /// ```
    public func jsonObject() -> some SQLExpression<JSONRepresentation<QueryValue>> {
        SQLJSONObjectExpression<QueryValue>(base: self)
    }
}

extension NullableColumns where Base: PrimaryKeyedTableDefinition, Base.QueryValue: Sendable {
    /// The rows of an outer-joined table as a JSON array: a group with no match gives `[]`,
    /// not `[null]`, through `FILTER (WHERE <primary key> IS NOT NULL)`.
    ///
    /// ```swift
    /// RemindersList.group(by: \.id).leftJoin(Reminder.all) { $0.id.eq($1.remindersListID) }
    ///     .select { ($0.title, $1.jsonGroupArray()) }
    /// // json_group_array(json_object(…)) FILTER (WHERE "reminders"."id" IS NOT NULL)
    /// ```
    public func jsonGroupArray(
        distinct: Bool = false,
        order: [SQLOrderingTerm] = [],
        filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none
    ) -> SQLAggregate<JSONRepresentation<[Base.QueryValue]>> {
        SQLAggregate(
            SQLDialectFunction.jsonGroupArray, SQLJSONForm(base: base), distinct: distinct, order: order,
            filter: SQLJSONRowFilter(
                present: SQLOuterRowPresence(table: Base.self, qualifier: base.qualifier), filter: filter)
        )
    }
}

extension SelectionColumns where QueryValue: Sendable {
    /// The selection as a JSON object of its fields.
    public func jsonObject() -> some SQLExpression<JSONRepresentation<QueryValue>> {
        SQLJSONObjectExpression<QueryValue>(base: self)
    }

    /// The group's selections as a JSON array of objects.
    public func jsonGroupArray(
        distinct: Bool = false,
        order: [SQLOrderingTerm] = [],
        filter: (some SQLExpression<Bool>)? = SQLBoolLiteral?.none
    ) -> SQLAggregate<JSONRepresentation<[QueryValue]>> {
        SQLAggregate(
            SQLDialectFunction.jsonGroupArray, SQLJSONForm(base: self), distinct: distinct, order: order, filter: filter
        )
    }
}

/// A row or selection as a JSON object, read back as the row.
struct SQLJSONObjectExpression<Value: Sendable>: SQLExpression {
    typealias QueryValue = JSONRepresentation<Value>
    let base: any SQLSelectable

    func render(into builder: inout SQLBuilder) throws {
        try base.renderJSON(into: &builder)
    }
}
