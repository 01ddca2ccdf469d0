import CoddCore

/// A text representation: `String` and `String?`.
public protocol SQLText: SQLComparable {}
extension String: SQLText {}
extension Optional: SQLText where Wrapped: SQLText {}

/// String operations.
///
/// ```swift
/// $0.title + " (Urgent!)"        // "title" || ?
/// $0.title.contains("50%")       // "title" LIKE ? ESCAPE '\'  with '%50\%%'
/// $0.title.lower()               // lower("title")
/// ```
extension SQLQueryExpression where QueryValue: SQLText {
    /// Concatenation: `self || other`.
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: some SQLQueryExpression<QueryValue>) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "||", rhs)
    }

    /// Concatenation with a value: `self || ?`.
    @_disfavoredOverload
    public static func + (lhs: Self, rhs: String) -> SQLBinaryOperation<QueryValue> {
        SQLBinaryOperation(lhs, "||", rhs)
    }

    /// `self LIKE pattern`, with `%` and `_` as wildcards; `escape` names the character
    /// that makes the next one literal.
    public func like(_ pattern: String, escape: Character? = nil) -> SQLPatternMatch {
        SQLPatternMatch(operand: self, op: "LIKE", pattern: pattern, escape: escape)
    }

    /// `self GLOB pattern`: case-sensitive, with `*`, `?` and `[…]`.
    public func glob(_ pattern: String) -> SQLPatternMatch {
        SQLPatternMatch(operand: self, op: "GLOB", pattern: pattern, escape: nil)
    }

    /// Whether the text contains `text` (ASCII case-insensitively, as LIKE does); `%` and
    /// `_` in `text` match themselves.
    public func contains(_ text: String) -> SQLPatternMatch {
        like("%" + Self.escapeLikePattern(text) + "%", escape: "\\")
    }

    /// Whether the text starts with `prefix` (see ``contains(_:)``).
    public func hasPrefix(_ prefix: String) -> SQLPatternMatch {
        like(Self.escapeLikePattern(prefix) + "%", escape: "\\")
    }

    /// Whether the text ends with `suffix` (see ``contains(_:)``).
    public func hasSuffix(_ suffix: String) -> SQLPatternMatch {
        like("%" + Self.escapeLikePattern(suffix), escape: "\\")
    }

    /// `text` with LIKE's wildcards and the escape character escaped by `\`.
    static func escapeLikePattern(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// `lower(self)`.
    public func lower() -> SQLFunctionCall<QueryValue> { SQLFunctionCall("lower", [.plain(self)]) }
    /// `upper(self)`.
    public func upper() -> SQLFunctionCall<QueryValue> { SQLFunctionCall("upper", [.plain(self)]) }
    /// `length(self)`: the number of characters.
    public func length() -> SQLFunctionCall<Int> { SQLFunctionCall("length", [.plain(self)]) }
    /// `trim(self)`, or `trim(self, characters)`.
    public func trim(_ characters: String? = nil) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall("trim", [.plain(self)] + (characters.map { [.plain($0)] } ?? []))
    }
    /// `ltrim(self)`.
    public func ltrim(_ characters: String? = nil) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall("ltrim", [.plain(self)] + (characters.map { [.plain($0)] } ?? []))
    }
    /// `rtrim(self)`.
    public func rtrim(_ characters: String? = nil) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall("rtrim", [.plain(self)] + (characters.map { [.plain($0)] } ?? []))
    }
    /// `replace(self, target, replacement)`.
    public func replace(_ target: String, _ replacement: String) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall("replace", [.plain(self), .plain(target), .plain(replacement)])
    }
    /// `substr(self, start, length)`, `start` counting from 1 as in SQLite.
    public func substr(_ start: Int, _ length: Int? = nil) -> SQLFunctionCall<QueryValue> {
        SQLFunctionCall("substr", [.plain(self), .plain(start)] + (length.map { [.plain($0)] } ?? []))
    }
    /// `instr(self, text)`: the 1-based position of `text`, 0 when absent.
    public func instr(_ text: String) -> SQLFunctionCall<Int> {
        SQLFunctionCall("instr", [.plain(self), .plain(text)])
    }
}

/// `operand LIKE ? [ESCAPE '\']` or `operand GLOB ?`; the pattern is always bound.
public struct SQLPatternMatch: SQLQueryExpression {
    public typealias QueryValue = Bool
    let operand: any SQLExpression
    let op: StaticString
    let pattern: String
    let escape: Character?

    public var isCompound: Bool { true }

    public func render(into builder: inout SQLBuilder) throws {
        // SQLite's LIKE and GLOB read a pattern up to its first NUL, so `contains("a\0b")`
        // would match every text containing "a": refused, never a silently wider match.
        if pattern.utf8.contains(0) {
            throw SQLEncodingError(
                type: "\(op) pattern", valuePreview: pattern.debugDescription,
                reason: "SQLite reads a pattern only up to its first NUL character, so it would match more "
                    + "than the text says: compare with instr(…) > 0 or == instead")
        }
        try operand.renderOperand(into: &builder)
        builder.keyword(op)
        try builder.value(pattern)
        if let escape {
            builder.keyword("ESCAPE")
            builder.text(String(escape))
        }
    }
}
