import CoddAnalysis

extension SwiftGenerator {
    func queriesFile(_ file: AnalyzedQueryFile) -> String {
        var source = SwiftSource()
        source.append(raw: header)
        source.line()
        source.line("// MARK: \(configuration.queries)/\(file.name).sql: types")
        for query in file.queries {
            source.line()
            writeTypes(query, into: &source)
        }
        source.line()
        source.line("// MARK: \(configuration.queries)/\(file.name).sql: queries")
        source.line()
        writeQueriesType(file, into: &source)
        return source.text
    }

    private func documentation(_ query: AnalyzedQuery) -> [String] {
        let location = "(\(query.location.file):\(query.location.line))"
        let lines = query.documentation.map(SwiftLiteral.documentation)
        return lines.isEmpty ? ["`\(query.name)` \(location)."] : lines + ["", location]
    }

    /// The query's typealias, input struct and output struct. `nested`: members of the
    /// `@Database` struct, which can declare no extension (so each output decodes in its
    /// body, beside an explicit memberwise initializer).
    func writeTypes(
        _ query: AnalyzedQuery, into source: inout SwiftSource, nested: Bool = false, typealiasName: String? = nil
    ) {
        source.documentation(documentation(query))
        source.line(
            "typealias \(typealiasName ?? "\(query.typeName)Query") = Query<\(query.inputType), \(query.outputType)>")
        if let inputName = query.inputTypeName {
            source.line()
            source.line("/// The inputs of `\(query.name)`.")
            let equatable = query.inputs.allSatisfy { isEquatable($0.type.swiftName) } ? ", Equatable" : ""
            source.block("struct \(inputName): Sendable\(equatable)") { body in
                for input in query.inputs {
                    body.line("var \(input.name): \(input.swiftType)")
                }
            }
        }
        if case .structure(let name, let fields) = query.row {
            source.line()
            writeOutput(query, name: name, fields: fields, into: &source, nested: nested)
        }
    }

    /// An output struct: its fields, a subscript per embedded row type (used once) that
    /// reads the row's members through the output, and its decoding, field by field from
    /// consecutive columns, each through its codec.
    private func writeOutput(
        _ query: AnalyzedQuery, name: String, fields: [OutputField], into source: inout SwiftSource, nested: Bool
    ) {
        let embedded = fields.compactMap { field -> (name: String, rowType: String, isOptional: Bool)? in
            if case .embedded(let name, let rowType, _, _, let isOptional, _) = field {
                return (name, rowType, isOptional)
            }
            return nil
        }
        let lookups = embedded.filter { row in embedded.filter { $0.rowType == row.rowType }.count == 1 }
        let equatable = fields.allSatisfy { field in
            switch field {
            case .column(_, _, let type, _): isEquatable(type.swiftName)
            case .embedded(_, let rowType, _, _, _, _): isEquatable(rowType)
            }
        }
        source.line("/// A row of `\(query.name)`.")
        if !lookups.isEmpty { source.line("@dynamicMemberLookup") }
        let conformances = "Sendable" + (equatable ? ", Equatable" : "") + (nested ? ", SQLRowDecodable" : "")
        let declarations = fields.map { field -> (name: String, type: String) in
            switch field {
            case .column(let name, _, let type, let isOptional): (name, "\(type.swiftName)\(isOptional ? "?" : "")")
            case .embedded(let name, let rowType, _, _, let isOptional, _): (name, "\(rowType)\(isOptional ? "?" : "")")
            }
        }
        source.block("struct \(name): \(conformances)") { body in
            for declaration in declarations {
                body.line("var \(declaration.name): \(declaration.type)")
            }
            if nested {
                body.line()
                let parameters = declarations.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
                body.block("init(\(parameters))") { body in
                    for declaration in declarations { body.line("self.\(declaration.name) = \(declaration.name)") }
                }
            }
            for lookup in lookups {
                body.line()
                body.line(
                    "/// The members of `\(lookup.name)`, read through the row (`row.\(SwiftNaming.bare(lookup.name)).x` as `row.x`)."
                )
                if lookup.isOptional {
                    body.block("subscript<Value>(dynamicMember keyPath: KeyPath<\(lookup.rowType), Value>) -> Value?") {
                        $0.line("\(lookup.name)?[keyPath: keyPath]")
                    }
                } else {
                    body.block("subscript<Value>(dynamicMember keyPath: KeyPath<\(lookup.rowType), Value>) -> Value") {
                        $0.line("\(lookup.name)[keyPath: keyPath]")
                    }
                }
            }
            if nested {
                body.line()
                writeDecoding(fields, into: &body)
            }
        }
        if !nested {
            source.line()
            source.block("extension \(name): SQLRowDecodable") { body in writeDecoding(fields, into: &body) }
        }
    }

    /// `columnCount` and `init(decodingRow:at:)`: each field from consecutive columns,
    /// through its codec; an outer join's missing row as `nil`.
    private func writeDecoding(_ fields: [OutputField], into body: inout SwiftSource) {
        var counts: [String] = []
        var plain = 0
        for field in fields {
            switch field {
            case .column: plain += 1
            case .embedded(_, let rowType, _, _, _, _): counts.append("\(rowType).columnCount")
            }
        }
        if plain > 0 || counts.isEmpty { counts.append("\(plain)") }
        body.line("static var columnCount: Int { \(counts.joined(separator: " + ")) }")
        body.line()
        body.block("init(decodingRow reader: borrowing some SQLColumnReader, at index: inout Int) throws") { body in
            for field in fields {
                switch field {
                case .column(let name, _, let type, let isOptional):
                    body.line("self.\(name) = \(decodeColumn(type, isOptional: isOptional))")
                    body.line("index += 1")
                case .embedded(let name, let rowType, _, _, let isOptional, let presence):
                    if !isOptional {
                        body.line("self.\(name) = try \(rowType)(decodingRow: reader, at: &index)")
                    } else if let presence {
                        body.line("// An outer join's missing row: its never-NULL column is NULL.")
                        body.ifElse(
                            "reader.isNull(at: index + \(presence))",
                            { body in
                                body.line("self.\(name) = nil")
                                body.line("index += \(rowType).columnCount")
                            }, else: { $0.line("self.\(name) = try \(rowType)(decodingRow: reader, at: &index)") })
                    } else {
                        body.line("self.\(name) = try \(rowType)?(decodingRow: reader, at: &index)")
                    }
                }
            }
        }
    }

    /// Reads column `index` as `type`, through its representation.
    private func decodeColumn(_ type: ValueType, isOptional: Bool) -> String {
        let optional = isOptional ? "?" : ""
        if type.isRepresented {
            return "try \(type.representation)\(optional)(reader: reader, at: index).represented"
        }
        return "try \(type.swiftName)\(optional)(reader: reader, at: index)"
    }

    private func writeQueriesType(_ file: AnalyzedQueryFile, into source: inout SwiftSource) {
        let name = file.queriesTypeName
        source.documentation([
            "The queries of \(configuration.queries)/\(file.name).sql, each an injectable `any Query`: `.live(writer)`",
            "runs them on a database; `.noop()`, with any of them replaced, runs none (tests, previews).",
        ])
        source.block("struct \(name): Sendable") { body in
            for query in file.queries {
                body.documentation(documentation(query))
                body.line("var \(query.name): any \(query.typeName)Query")
            }
            body.line()
            body.line("/// Each query on `database`, as a cached prepared statement.")
            body.block("static func live(_ database: any DatabaseWriter) -> \(name)") { body in
                guard !file.queries.isEmpty else {
                    body.line("\(name)()")
                    return
                }
                body.line("\(name)(")
                for (index, query) in file.queries.enumerated() {
                    let comma = index == file.queries.count - 1 ? "" : ","
                    body.line("    \(query.name): \(liveQuery(query, database: "database"))\(comma)")
                }
                body.line(")")
            }
            body.line()
            body.line("/// No database: each query answers `nil`, `[]` or nothing, unless given (a query of")
            body.line("/// exactly one row throws `QueryNotProvided` unless given).")
            let parameters = file.queries.map { query in
                "\(query.name): any \(query.typeName)Query = \(noopDefault(query))"
            }
            body.block("static func noop(\(parameters.joined(separator: ", "))) -> \(name)") { body in
                body.line("\(name)(\(file.queries.map { "\($0.name): \($0.name)" }.joined(separator: ", ")))")
            }
            body.line()
            body.line("/// The statements, on a connection: what the live queries run.")
            body.block("enum Statements") { body in
                for (index, query) in file.queries.enumerated() {
                    if index > 0 { body.line() }
                    writeStatement(query, into: &body)
                }
            }
        }
    }

    private func noopDefault(_ query: AnalyzedQuery) -> String {
        switch query.cardinality {
        case .none: return "Queries.Just(())"
        case .one: return "Queries.Fail(QueryNotProvided(query: \(SwiftLiteral.quoted(query.name))))"
        case .optional: return "Queries.Just(nil)"
        case .many: return "Queries.Just([])"
        }
    }
}
