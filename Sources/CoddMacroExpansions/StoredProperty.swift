import CoddNaming
import SwiftDiagnostics
import SwiftSyntax

/// A column of a `@Table`, or a field of a `@Selection`: a stored instance property that
/// is not `@Ignored`, as the generated code needs it.
struct StoredProperty {
    /// The name as written, backticks kept: what generated Swift refers to.
    let identifier: String
    /// The name without backticks.
    let name: String
    /// The SQL name: `@Column("name")`, else ``name``.
    let columnName: String
    /// The Swift type (annotated or inferred from a literal), spelled so that it is also
    /// valid in expression position (`T!` becomes `T?`).
    let type: String
    /// Whether ``type`` is an optional.
    let isOptional: Bool
    /// The initial value as written, for the `Draft` initializer.
    var defaultValue: String?
    /// The `@Column(as:)` representation, made optional for an optional property.
    let representation: String?
    /// `@Column(primaryKey: true)`.
    let isMarkedPrimaryKey: Bool
    /// The `primaryKey:` argument, to point at when a second property claims the key.
    let primaryKeyArgument: LabeledExprSyntax?
    /// Where to report problems with the property.
    let pattern: PatternSyntax
    /// `@Column(rowID: true)`: SQLite assigns it when a `Draft` leaves it out.
    var isMarkedRowID = false
    /// `@Column(collation: …)`: the expression as written, an `SQLCollation`.
    var collation: String?
    /// The `collation:` argument, to point at when it does not apply.
    var collationArgument: LabeledExprSyntax?
    /// `@Column(generated: true)`: SQLite computes it (`GENERATED ALWAYS AS …`), so inserts
    /// and updates leave it out.
    var isGenerated = false

    /// What the column stores and selects: the representation, else the type itself.
    var valueType: String { representation ?? type }

    /// Whether SQLite assigns the key when an insert leaves it out: marked
    /// `@Column(rowID: true)`, or written as an integer type with no representation (an
    /// `INTEGER PRIMARY KEY` is the table's rowid). A macro sees no types, so an alias of an
    /// integer (`Reminder.ID`) needs the mark.
    var isAssignedBySQLite: Bool {
        if isMarkedRowID { return true }
        guard representation == nil else { return false }
        let base = type.hasSuffix("?") ? String(type.dropLast()) : type
        let name = base.hasPrefix("Swift.") ? String(base.dropFirst(6)) : base
        return ["Int", "Int64", "Int32", "Int16", "Int8", "UInt", "UInt64", "UInt32", "UInt16", "UInt8"].contains(name)
    }

    /// The property as a `Draft` parameter that has a default: `defaultValue`.
    func withDefault(_ defaultValue: String?) -> StoredProperty {
        var copy = self
        copy.defaultValue = defaultValue
        return copy
    }
}

extension Array where Element == StoredProperty {
    /// Each property's memberwise-initializer parameter, as declared and as the body names
    /// it: the property's own name, but a parameter named `self` would hide `self`, so it
    /// keeps `self` as its label and takes `self_` inside (`self__`, … when a property has
    /// that name).
    func initializerParameters() -> [(declaration: String, local: String)] {
        let names = Set(map(\.name))
        return map { property in
            guard property.name == "self" else { return (property.identifier, property.identifier) }
            var local = "self_"
            while names.contains(local) { local += "_" }
            return ("\(property.identifier) \(local)", local)
        }
    }
}

/// A stored property marked `@Ignored`: decoding assigns it its default value.
struct IgnoredProperty {
    let identifier: String
    /// The expression decoding assigns, or `nil` for a `let` that is already initialized.
    let assignedValue: String?
}

/// The stored properties of a `@Table` or `@Selection` struct, read syntactically.
struct MemberList {
    var columns: [StoredProperty] = []
    var ignored: [IgnoredProperty] = []
    /// Problems the attached macro reports itself.
    var diagnostics = DiagnosticList()
    /// Whether `@Column` or `@Ignored` found a problem that they report themselves: the
    /// attached macro then generates nothing, without repeating it.
    var hasPeerErrors = false

    /// Reads the members of `declaration`; `macroName` (`@Table`, `@Selection`) appears in
    /// messages.
    init(of declaration: some DeclGroupSyntax, macroName: String) {
        for member in declaration.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                read(variable)
            } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self), Self.declaresInstanceProperty(ifConfig) {
                diagnostics.error(
                    "\(macroName) does not read properties inside #if; declare them outside it",
                    id: "property-in-if-config",
                    at: ifConfig.clauses.first.map { Syntax($0.poundKeyword) } ?? Syntax(ifConfig)
                )
            }
        }
        // After a @Column problem (one name for several bindings), a clash is only its echo.
        var owners: [String: String] = [:]
        for column in columns where !hasPeerErrors {
            if let owner = owners[column.columnName] {
                diagnostics.error(
                    "'\(column.name)' and '\(owner)' have the same column name '\(column.columnName)'",
                    id: "duplicate-column-name", at: column.pattern
                )
            } else {
                owners[column.columnName] = column.name
            }
        }
    }

    private mutating func read(_ variable: VariableDeclSyntax) {
        guard !variable.isStatic else { return }
        let columnAttributes = variable.attributes.compactMap { $0.attribute(named: "Column") }
        let isIgnored = variable.attributes.contains { $0.attribute(named: "Ignored") != nil }
        var column = ColumnArguments()
        if let attribute = columnAttributes.first {
            var peerDiagnostics = DiagnosticList()
            column = ColumnArguments(attribute, diagnostics: &peerDiagnostics)
            if peerDiagnostics.hasErrors { hasPeerErrors = true }
        }
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        var reportedLet = false
        let bindings = Array(variable.bindings)
        // Reported by @Column and @Ignored (or by the compiler, for a peer macro on several
        // bindings): two @Column, one @Column for several properties, @Column with @Ignored.
        if columnAttributes.count > 1 || (!columnAttributes.isEmpty && (bindings.count > 1 || isIgnored)) {
            hasPeerErrors = true
        }

        for (index, binding) in bindings.enumerated() where binding.isStored {
            guard let identifierPattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                diagnostics.error(
                    "declare one property per column; a tuple pattern cannot be read", id: "tuple-pattern",
                    at: binding.pattern
                )
                continue
            }
            let identifier = identifierPattern.identifier.text
            let name = Naming.unbackticked(identifier)
            // `var a, b: Int`: `a` takes the type of the next annotated binding.
            let annotation =
                binding.typeAnnotation?.type
                ?? (binding.initializer == nil
                    ? bindings[(index + 1)...].first { $0.typeAnnotation != nil }?.typeAnnotation?.type : nil)

            if isIgnored {
                if let initializer = binding.initializer {
                    ignored.append(
                        IgnoredProperty(
                            identifier: identifier, assignedValue: isLet ? nil : initializer.value.trimmedDescription)
                    )
                } else if !isLet, let annotation, TypeShape.isOptional(annotation) {
                    ignored.append(IgnoredProperty(identifier: identifier, assignedValue: "nil"))
                } else {
                    hasPeerErrors = true
                }
                continue
            }

            if variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.lazy) }) {
                diagnostics.error(
                    "'\(name)' is lazy, so it cannot be a column (rendering a row must not mutate it); mark it @Ignored",
                    id: "lazy-column", at: binding.pattern
                )
                continue
            }

            if isLet, binding.initializer != nil, !reportedLet {
                reportedLet = true
                diagnostics.error(
                    "'\(name)' is a let with a default value, so rows cannot decode it; make it a var",
                    id: "let-with-default", at: variable.bindingSpecifier,
                    fixIts: [
                        FixIt(
                            message: CoddFixItMessage("make it a var", id: "let-to-var"),
                            changes: [
                                .replace(
                                    oldNode: Syntax(variable.bindingSpecifier),
                                    newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))
                                )
                            ]
                        )
                    ]
                )
            }

            let type: String
            var isOptional = false
            if let annotation {
                type = TypeShape.expressionText(annotation)
                isOptional = TypeShape.isOptional(annotation)
                if column.representation == nil, let kind = TypeShape.unstorableKind(annotation) {
                    diagnostics.error(
                        Self.unstorableMessage(name: name, type: annotation, kind: kind), id: "unstorable-type",
                        at: annotation
                    )
                }
            } else if let initializer = binding.initializer,
                let inferred = TypeShape.inferredType(of: initializer.value)
            {
                type = inferred
            } else {
                // A macro sees no types: suggest the one the initializer names (`Date()`,
                // `Status.active`) as a fix-it, for the writer to confirm.
                var fixIts: [FixIt] = []
                var message = "Cannot infer the type of '\(name)'; add a type annotation"
                if let initializer = binding.initializer,
                    let suggested = TypeShape.suggestedType(of: initializer.value)
                {
                    message += " (': \(suggested)'?)"
                    // The name's token, written again with the annotation after it.
                    let name = identifierPattern.identifier
                    let annotated = name.with(\.tokenKind, .identifier("\(name.text): \(suggested)"))
                    fixIts.append(
                        FixIt(
                            message: CoddFixItMessage("annotate it ': \(suggested)'", id: "annotate-type"),
                            changes: [.replace(oldNode: Syntax(name), newNode: Syntax(annotated))]
                        ))
                }
                diagnostics.error(message, id: "cannot-infer-type", at: binding.pattern, fixIts: fixIts)
                continue
            }

            var representation = column.representation
            if let written = representation, isOptional, !TypeShape.isWrittenOptional(written) {
                representation = written + "?"
            }
            var defaultValue = binding.initializer?.value.trimmedDescription
            if defaultValue == nil, isOptional, !isLet { defaultValue = "nil" }

            columns.append(
                StoredProperty(
                    identifier: identifier, name: name, columnName: column.name ?? name, type: type,
                    isOptional: isOptional, defaultValue: defaultValue, representation: representation,
                    isMarkedPrimaryKey: column.isPrimaryKey, primaryKeyArgument: column.primaryKeyArgument,
                    pattern: binding.pattern, isMarkedRowID: column.isRowID,
                    collation: column.collation, collationArgument: column.collationArgument,
                    isGenerated: column.isGenerated
                )
            )
        }
    }

    private static func unstorableMessage(name: String, type: TypeSyntax, kind: TypeShape.UnstorableKind) -> String {
        let prefix = "'\(name)' has type \(type.trimmedDescription), which SQLite cannot store in one column"
        switch kind {
        case .collection(let wrapped):
            return prefix + "; store it through a representation, e.g. @Column(as: \(wrapped).JSONRepresentation.self)"
        case .tupleOrFunction:
            return prefix + "; store it through a representation with @Column(as:)"
        }
    }

    /// Whether an `#if` block declares an instance property, which the macro cannot see
    /// reliably (the active clause depends on the build).
    private static func declaresInstanceProperty(_ ifConfig: IfConfigDeclSyntax) -> Bool {
        for clause in ifConfig.clauses {
            guard case .decls(let members) = clause.elements else { continue }
            for member in members {
                if let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic,
                    variable.bindings.contains(where: \.isStored)
                {
                    return true
                }
                if let nested = member.decl.as(IfConfigDeclSyntax.self), declaresInstanceProperty(nested) {
                    return true
                }
            }
        }
        return false
    }
}

/// The arguments of a `@Column` attribute, read syntactically (a macro cannot evaluate them).
struct ColumnArguments {
    var name: String?
    /// The representation type as written in `as: X.self`.
    var representation: String?
    var isPrimaryKey = false
    var primaryKeyArgument: LabeledExprSyntax?
    /// `rowID: true`: the column is the table's rowid (`INTEGER PRIMARY KEY`), which SQLite
    /// assigns when a `Draft` leaves it out.
    var isRowID = false
    /// `collation: .nocase`: the column's default collation, the expression as written.
    var collation: String?
    var collationArgument: LabeledExprSyntax?
    /// `generated: true`: a generated column, read but never written.
    var isGenerated = false

    init() {}

    /// Reads `attribute`, reporting arguments that are not literals into `diagnostics`.
    init(_ attribute: AttributeSyntax, diagnostics: inout DiagnosticList) {
        guard let arguments = attribute.arguments else { return }
        guard case .argumentList(let list) = arguments else {
            diagnostics.error(
                "@Column takes a name, as:, primaryKey:, rowID:, collation: and generated: arguments",
                id: "column-arguments",
                at: arguments
            )
            return
        }
        for argument in list {
            let expression = argument.expression
            switch argument.label?.text {
            case nil:
                if expression.is(NilLiteralExprSyntax.self) { continue }
                if let value = StringLiterals.value(of: expression) {
                    if value.isEmpty {
                        diagnostics.error("a column name cannot be empty", id: "empty-column-name", at: expression)
                    } else {
                        name = value
                    }
                } else {
                    diagnostics.error(
                        "@Column's name must be a string literal", id: "column-name-literal", at: expression
                    )
                }
            case "as":
                if expression.is(NilLiteralExprSyntax.self) { continue }
                if let type = TypeShape.metatypeBase(expression) {
                    representation = type
                } else {
                    diagnostics.error(
                        "@Column(as:) takes a representation type, e.g. @Column(as: UUIDBytes.self)",
                        id: "column-representation", at: expression
                    )
                }
            case "primaryKey":
                if let literal = expression.as(BooleanLiteralExprSyntax.self) {
                    isPrimaryKey = isPrimaryKey || literal.literal.tokenKind == .keyword(.true)
                    primaryKeyArgument = argument
                } else {
                    diagnostics.error(
                        "@Column(primaryKey:) takes true or false", id: "column-primary-key", at: expression
                    )
                }
            case "collation":
                if expression.is(NilLiteralExprSyntax.self) { continue }
                collation = expression.trimmedDescription
                collationArgument = argument
            case "rowID":
                if let literal = expression.as(BooleanLiteralExprSyntax.self) {
                    isRowID = literal.literal.tokenKind == .keyword(.true)
                    // The rowid is the primary key.
                    if isRowID {
                        isPrimaryKey = true
                        primaryKeyArgument = argument
                    }
                } else {
                    diagnostics.error("@Column(rowID:) takes true or false", id: "column-row-id", at: expression)
                }
            case "generated":
                if let literal = expression.as(BooleanLiteralExprSyntax.self) {
                    isGenerated = literal.literal.tokenKind == .keyword(.true)
                } else {
                    diagnostics.error("@Column(generated:) takes true or false", id: "column-generated", at: expression)
                }
            default:
                // The compiler rejects an argument the declaration does not have.
                continue
            }
        }
    }
}

/// What the macros need to know about a written type, decided from its syntax alone.
enum TypeShape {
    enum UnstorableKind: Equatable {
        /// An array, dictionary or set; carries the non-optional type as written.
        case collection(String)
        case tupleOrFunction
    }

    /// `T?`, `T!`, `Optional<T>`, `Swift.Optional<T>`, `(T?)`.
    static func isOptional(_ type: TypeSyntax) -> Bool {
        unwrappedOptional(type) != nil
    }

    /// The wrapped type of an optional type, or `nil` for another type.
    static func unwrappedOptional(_ type: TypeSyntax) -> TypeSyntax? {
        let type = withoutParentheses(type)
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return optional.wrappedType }
        if let (name, arguments) = genericNameAndArguments(type), name == "Optional", arguments.count == 1 {
            return arguments.first
        }
        return nil
    }

    /// Whether a representation written as text (`X?`, `Optional<X>`) is already optional.
    static func isWrittenOptional(_ text: String) -> Bool {
        text.hasSuffix("?") || text.hasPrefix("Optional<") || text.hasPrefix("Swift.Optional<")
    }

    /// The type's text, valid in expression position too: `T!` is written `T?`.
    static func expressionText(_ type: TypeSyntax) -> String {
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return optional.wrappedType.trimmedDescription + "?"
        }
        return type.trimmedDescription
    }

    /// Arrays (other than `[UInt8]`), dictionaries, sets, tuples and functions: values
    /// that no single SQLite column holds without a representation.
    static func unstorableKind(_ type: TypeSyntax) -> UnstorableKind? {
        let wrapped = withoutParentheses(unwrappedOptional(type) ?? type)
        if let array = wrapped.as(ArrayTypeSyntax.self) {
            return isUInt8(array.element) ? nil : .collection(wrapped.trimmedDescription)
        }
        if wrapped.is(DictionaryTypeSyntax.self) { return .collection(wrapped.trimmedDescription) }
        if let (name, arguments) = genericNameAndArguments(wrapped) {
            switch name {
            case "Array":
                if arguments.count == 1, let element = arguments.first, isUInt8(element) { return nil }
                return .collection(wrapped.trimmedDescription)
            case "Dictionary", "Set":
                return .collection(wrapped.trimmedDescription)
            default:
                return nil
            }
        }
        if wrapped.is(TupleTypeSyntax.self) || wrapped.is(FunctionTypeSyntax.self) { return .tupleOrFunction }
        if let attributed = wrapped.as(AttributedTypeSyntax.self), attributed.baseType.is(FunctionTypeSyntax.self) {
            return .tupleOrFunction
        }
        return nil
    }

    /// The type a literal initial value gives a property without an annotation: the
    /// literal's default type, as Swift infers it.
    static func inferredType(of expression: ExprSyntax) -> String? {
        var expression = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), ["-", "+"].contains(prefix.operator.text) {
            expression = prefix.expression
            guard expression.is(IntegerLiteralExprSyntax.self) || expression.is(FloatLiteralExprSyntax.self) else {
                return nil
            }
        }
        if expression.is(StringLiteralExprSyntax.self) { return "String" }
        if expression.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if expression.is(FloatLiteralExprSyntax.self) { return "Double" }
        if expression.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        return nil
    }

    /// The type an initializer most likely has, to suggest (never to assume): `T` of `T()`,
    /// and of `T.member` (an enum case, a static property such as `Date.now`) where `T` is
    /// capitalized, as types are; `nil` for anything else (`.active`, `T(x)`, which may fail).
    static func suggestedType(of expression: ExprSyntax) -> String? {
        func typeName(_ expression: ExprSyntax) -> String? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name.first?.isUppercase == true ? name : nil
            }
            if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
                let baseName = typeName(base), member.declName.baseName.text.first?.isUppercase == true
            {
                return baseName + "." + member.declName.baseName.text
            }
            return nil
        }
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil
        {
            return typeName(call.calledExpression)
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text.first?.isLowercase == true
        {
            return typeName(base)
        }
        return nil
    }

    /// `X` of the metatype expression `X.self`.
    static func metatypeBase(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            member.declName.argumentNames == nil, let base = member.base
        else { return nil }
        return base.trimmedDescription
    }

    /// `(T)` → `T`: parentheses around one unlabeled type are not a tuple.
    private static func withoutParentheses(_ type: TypeSyntax) -> TypeSyntax {
        var type = type
        while let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil, only.ellipsis == nil
        {
            type = only.type
        }
        return type
    }

    /// `Name<A, B>` or `Swift.Name<A, B>`: the name and generic arguments.
    private static func genericNameAndArguments(_ type: TypeSyntax) -> (String, [TypeSyntax])? {
        let name: TokenSyntax
        let clause: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            name = identifier.name
            clause = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self), member.baseType.trimmedDescription == "Swift" {
            name = member.name
            clause = member.genericArgumentClause
        } else {
            return nil
        }
        guard let clause else { return nil }
        let arguments = clause.arguments.compactMap { argument -> TypeSyntax? in
            if case .type(let type) = argument.argument { return type }
            return nil
        }
        return (name.text, arguments)
    }

    private static func isUInt8(_ type: TypeSyntax) -> Bool {
        let text = type.trimmedDescription
        return text == "UInt8" || text == "Swift.UInt8"
    }
}

extension VariableDeclSyntax {
    /// `static` or `class`: not a column.
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }
}

extension PatternBindingSyntax {
    /// Whether the binding has storage: no accessors, or only `willSet`/`didSet` observers.
    var isStored: Bool {
        guard let accessorBlock else { return true }
        switch accessorBlock.accessors {
        case .getter:
            return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                $0.accessorSpecifier.tokenKind == .keyword(.willSet)
                    || $0.accessorSpecifier.tokenKind == .keyword(.didSet)
            }
        }
    }
}

extension AttributeListSyntax.Element {
    /// The attribute, if it is `@name` or `@Module.name`.
    func attribute(named name: String) -> AttributeSyntax? {
        guard case .attribute(let attribute) = self, attribute.isNamed(name) else { return nil }
        return attribute
    }
}

extension AttributeSyntax {
    /// Whether the attribute is `@name` or `@Module.name` (`@Codd.Column`).
    func isNamed(_ name: String) -> Bool {
        if let identifier = attributeName.as(IdentifierTypeSyntax.self) { return identifier.name.text == name }
        if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text == name }
        return false
    }
}

extension DeclGroupSyntax {
    /// `public ` or `package ` when the type is, so that the generated members are usable
    /// wherever the type is; otherwise nothing (internal, or the type's own narrower level).
    var generatedAccessPrefix: String {
        for modifier in modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }
}
