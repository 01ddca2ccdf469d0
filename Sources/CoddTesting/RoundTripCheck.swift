@_exported import Codd

/// Checks a representation against a real in-memory SQLite database, the way Codd's own
/// codecs are checked:
///
/// - every value survives a bound parameter, and a rendered literal, and reads back equal;
/// - every value survives `json_object` / `json_group_array` in its JSON form (a BLOB as
///   hex, a REAL with all its digits, a numeric date as text) and decodes back from the
///   JSON, as aggregated associations read it;
/// - for a `SQLComparable` representation, `ORDER BY` and `<` in SQL (through
///   `wrapSQL`) agree with Swift's ordering, which catches text that sorts `'100'`
///   before `'9'`;
/// - NULL reads back as `nil` through the optional representation.
///
/// ```swift
/// try RoundTripCheck(UUID.BlobRepresentation.self).run(values: (0..<1_000).map { _ in UUID() })
/// ```
///
/// A failure throws a ``RoundTripFailure`` naming the value, the SQL and the stored form.
public struct RoundTripCheck<R: SQLCustomType> where R.Represented: Equatable {
    let representation: R.Type

    public init(_ representation: R.Type) {
        self.representation = representation
    }

    /// Runs every check for `values`.
    public func run(values: some Sequence<R.Represented>) throws {
        let values = Array(values)
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "values" ("id" INTEGER PRIMARY KEY, "v" \#(R.storage.description))"#)
        }
        try checkRoundTrips(values, in: database)
        try checkJSON(values, in: database)
        try checkNull(in: database)
    }

    /// Bound and literal round trips, each value on its own.
    func checkRoundTrips(_ values: [R.Represented], in database: Database) throws {
        for value in values {
            let representation = R(represented: value)
            try database.write { db in
                try db.execute(#"DELETE FROM "values""#)
                try db.execute(#"INSERT INTO "values" ("id", "v") VALUES (1, ?)"#, representation)
                let literal = try SQLFragment(mode: .inlineLiterals) {
                    $0.keyword("INSERT INTO")
                    $0.identifier("values")
                    $0.keyword("(\"id\", \"v\") VALUES (2,")
                    try $0.value(representation)
                    $0.closeParenthesis()
                }
                do {
                    try db.execute(literal)
                } catch {
                    throw failure(
                        "literal", value, literal.sql, stored: "-", detail: "the literal does not execute: \(error)", db
                    )
                }
                for (id, check, sql) in [(1, "bound parameter", "INSERT … VALUES (1, ?)"), (2, "literal", literal.sql)]
                {
                    let read: R?
                    do {
                        read = try db.fetchOne(R.self, #"SELECT "v" FROM "values" WHERE "id" = ?"#, id)
                    } catch {
                        throw failure(check, value, sql, id: id, detail: "reading back failed: \(error)", db)
                    }
                    guard let read, read.represented == value else {
                        throw failure(
                            check, value, sql, id: id, detail: "read back \(Self.describe(read?.represented))", db)
                    }
                }
            }
        }
    }

    /// Round trips through `json_object` and `json_group_array`: in the representation's
    /// JSON form (`SQLJSONRepresentable.renderJSON(into:_:)`) read back by
    /// `SQLJSONDecodable.init(decodingJSON:)`, as aggregated associations use it; and,
    /// for storage JSON holds as it is, as plain SQLite values through `json_extract`.
    func checkJSON(_ values: [R.Represented], in database: Database) throws {
        let formSQL = SQLFragment { builder in
            builder.keyword("SELECT")
            builder.list { builder in
                builder.listItem { builder in
                    builder.jsonObject { builder in
                        builder.listItem { $0.text("v") }
                        builder.listItem { builder in
                            R.renderJSON(into: &builder) { $0.identifier("v") }
                        }
                    }
                }
                builder.listItem { builder in
                    builder.function("json_group_array") { builder in
                        builder.listItem { builder in
                            R.renderJSON(into: &builder) { $0.identifier("v") }
                        }
                    }
                }
            }
            builder.keyword("FROM")
            builder.identifier("values")
        }.sql
        try database.write { db in
            for value in values {
                try db.execute(#"DELETE FROM "values""#)
                try db.execute(#"INSERT INTO "values" ("id", "v") VALUES (1, ?)"#, R(represented: value))
                let texts: (String, String)?
                do {
                    texts = try db.fetchOne((String, String).self, formSQL)
                } catch {
                    throw failure(
                        "JSON form", value, formSQL, id: 1, detail: "the JSON form does not render: \(error)", db)
                }
                let (object, array) = texts ?? ("{}", "[]")
                for (text, isObject) in [(object, true), (array, false)] {
                    let read: R
                    do {
                        var bytes = Array(text.utf8)
                        read = try bytes.withUnsafeMutableBytes { buffer in
                            try SQLJSONValue.parse(UnsafeRawBufferPointer(buffer)) { json in
                                if isObject {
                                    var members = try json.members(for: R.self)
                                    return try R(decodingJSON: members.value(forKey: "v"))
                                }
                                var elements = try json.elements(for: R.self)
                                return try R(decodingJSON: elements.next() ?? json)
                            }
                        }
                    } catch {
                        throw failure(
                            "JSON form", value, formSQL, id: 1, detail: "reading back \(text) failed: \(error)", db)
                    }
                    guard read.represented == value else {
                        throw failure(
                            "JSON form", value, formSQL, id: 1,
                            detail: "\(text) read back \(Self.describe(read.represented))", db)
                    }
                }
                // SQLite's own JSON keeps 15 digits of a REAL and holds no BLOB: only the
                // JSON form above carries those.
                guard R.storage == .text || R.storage == .integer else { continue }
                for sql in [
                    #"SELECT json_extract(json_object('v', "v"), '$.v') FROM "values""#,
                    #"SELECT json_extract(json_group_array("v"), '$[0]') FROM "values""#,
                ] {
                    let read: R?
                    do {
                        read = try db.fetchOne(R.self, sql)
                    } catch {
                        throw failure("JSON", value, sql, id: 1, detail: "reading back failed: \(error)", db)
                    }
                    guard let read, read.represented == value else {
                        throw failure(
                            "JSON", value, sql, id: 1, detail: "read back \(Self.describe(read?.represented))", db)
                    }
                }
            }
        }
    }

    /// NULL through the optional representation.
    func checkNull(in database: Database) throws {
        try database.write { db in
            try db.execute(#"DELETE FROM "values""#)
            try db.execute(#"INSERT INTO "values" ("id", "v") VALUES (1, ?)"#, R?.none)
            let read = try db.fetchOne(R?.self, #"SELECT "v" FROM "values""#)
            guard let read, read == nil else {
                throw RoundTripFailure(
                    check: "NULL", value: "nil", sql: #"SELECT "v" FROM "values""#, stored: "NULL",
                    detail: "read back a value")
            }
        }
    }

    func failure(
        _ check: String, _ value: R.Represented, _ sql: String, id: Int = 1, stored: String? = nil, detail: String,
        _ db: Connection
    ) -> RoundTripFailure {
        let storedForm =
            stored
            ?? ((try? db.fetchOne(
                (String, String).self, #"SELECT typeof("v"), quote("v") FROM "values" WHERE "id" = ?"#, id
            )).flatMap { $0 }.map { "\($0.0) \($0.1)" } ?? "nothing")
        return RoundTripFailure(check: check, value: Self.describe(value), sql: sql, stored: storedForm, detail: detail)
    }

    /// A value as Swift prints it and as the SQL literal it binds as
    /// (`2.5, bound as 2`): the bound form is readable for every type, where
    /// `Date.description` is not for far dates (and traps for some). A value that does
    /// not bind is not printed at all.
    static func describe(_ value: R.Represented) -> String {
        var collector = SQLValueCollector()
        guard (try? R(represented: value).bind(into: &collector)) != nil, let bound = collector.values.first else {
            return "a value that does not bind"
        }
        return "\(value), bound as \(bound)"
    }

    /// A value read back, described the same way.
    static func describe(_ value: R.Represented?) -> String {
        value.map(describe) ?? "nil"
    }
}

extension RoundTripCheck where R: SQLComparable, R.Represented: Comparable {
    /// Runs every check, and checks that SQLite orders the values as Swift does.
    public func run(values: some Sequence<R.Represented>) throws {
        let values = Array(values)
        let database = try Database.inMemory()
        try database.write { db in
            try db.execute(#"CREATE TABLE "values" ("id" INTEGER PRIMARY KEY, "v" \#(R.storage.description))"#)
        }
        try checkRoundTrips(values, in: database)
        try checkJSON(values, in: database)
        try checkNull(in: database)
        try checkOrdering(values, in: database)
    }

    /// `ORDER BY wrap("v")` and `wrap(?) < wrap(?)` against Swift's `<`; and, for a
    /// representation whose plain values the renderer compares unwrapped, the same without
    /// the wrap, as the queries will run.
    func checkOrdering(_ values: [R.Represented], in database: Database) throws {
        try database.write { db in
            try db.execute(#"DELETE FROM "values""#)
            for value in values {
                try db.execute(#"INSERT INTO "values" ("v") VALUES (?)"#, R(represented: value))
            }
            try checkOrdering(values, wrapped: true, db)
            if R.comparesUnwrapped {
                try checkOrdering(values, wrapped: false, db)
            }
        }
    }

    private func checkOrdering(_ values: [R.Represented], wrapped: Bool, _ db: Connection) throws {
        let order = SQLFragment {
            $0.keyword("SELECT")
            $0.identifier("v")
            $0.keyword("FROM")
            $0.identifier("values")
            $0.keyword("ORDER BY")
            if wrapped {
                R.wrapSQL(into: &$0) { $0.identifier("v") }
            } else {
                $0.identifier("v")
            }
            $0.keyword(", \"id\"")
        }
        let sorted = try db.fetchAll(R.self, order).map(\.represented)
        let expected = values.sorted()
        if let index = sorted.indices.first(where: { sorted[$0] != expected[$0] }) {
            throw RoundTripFailure(
                check: "ORDER BY", value: Self.describe(expected[index]), sql: order.sql,
                stored: "position \(index) holds \(Self.describe(sorted[index]))",
                detail: "SQLite orders the values differently from Swift"
            )
        }
        for (lower, upper) in zip(expected, expected.dropFirst()) where lower < upper {
            let less = try SQLFragment {
                $0.keyword("SELECT")
                if wrapped {
                    try $0.wrappedValue(R(represented: lower))
                    $0.keyword("<")
                    try $0.wrappedValue(R(represented: upper))
                } else {
                    try $0.value(R(represented: lower))
                    $0.keyword("<")
                    try $0.value(R(represented: upper))
                }
            }
            guard try db.fetchOne(Bool.self, less) == true else {
                throw RoundTripFailure(
                    check: "<", value: "\(Self.describe(lower)) < \(Self.describe(upper))", sql: less.sql, stored: "-",
                    detail: "SQLite does not find \(Self.describe(lower)) less than \(Self.describe(upper))"
                )
            }
        }
    }
}
