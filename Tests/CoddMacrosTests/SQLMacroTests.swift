import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// `#sql`: the expansion keeps the literal; the checks of its SQL text.
@Suite struct SQLMacroTests {
    /// Interpolations are kept as written.
    @Test func plain() {
        assertCoddExpansion(
            ##"""
            let a = #sql("date(\(dueAt)) < date()")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("date(\(dueAt)) < date()")
                """##
        )
    }

    /// `as:` becomes the generic argument.
    @Test func typed() {
        assertCoddExpansion(
            ##"""
            let a = #sql("coalesce(\(notes), '')", as: String.self)
            let b = #sql("max(\(id))", as: Int?.self)
            let c = #sql("1")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw<String>("coalesce(\(notes), '')")
                let b = CoddQuery.SQLRaw<Int?>("max(\(id))")
                let c = CoddQuery.SQLRaw("1")
                """##
        )
    }

    /// Quotes doubled inside strings and identifiers, placeholders and parentheses inside quotes or comments, and
    /// escaped quotes are fine.
    @Test func quotedTextIsFine() {
        assertCoddExpansion(
            ##"""
            let a = #sql("'it''s' = \"a\"\"b\" AND '?' <> ':name' AND \"(\" = ')'")
            let b = #sql("\(title) LIKE \(pattern) ESCAPE '\\'")
            let c = #sql(#"json_extract(\#(data), '$.a') = "x""#)
            let d = #sql("""
                x = 1 -- a comment with ? and (
                AND /* ' " ( */ y = 2
                """)
            let e = #sql("[a b] = `c``d` AND $ = @ AND a$b = 1")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("'it''s' = \"a\"\"b\" AND '?' <> ':name' AND \"(\" = ')'")
                let b = CoddQuery.SQLRaw("\(title) LIKE \(pattern) ESCAPE '\\'")
                let c = CoddQuery.SQLRaw(#"json_extract(\#(data), '$.a') = "x""#)
                let d = CoddQuery.SQLRaw("""
                    x = 1 -- a comment with ? and (
                    AND /* ' " ( */ y = 2
                    """)
                let e = CoddQuery.SQLRaw("[a b] = `c``d` AND $ = @ AND a$b = 1")
                """##
        )
    }

    /// #sql only takes a string literal.
    @Test func notALiteral() {
        assertCoddExpansion(
            ##"""
            let a = #sql(text)
            let b = #sql("a" + "b")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw(text)
                let b = CoddQuery.SQLRaw("a" + "b")
                """##,
            diagnostics: [
                DiagnosticSpec(message: ##"#sql takes a string literal"##, line: 1, column: 14),
                DiagnosticSpec(message: ##"#sql takes a string literal"##, line: 2, column: 14),
            ]
        )
    }

    /// `as:` takes a metatype.
    @Test func badAsArgument() {
        assertCoddExpansion(
            ##"""
            let a = #sql("1", as: type(of: x))
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("1")
                """##,
            diagnostics: [
                DiagnosticSpec(message: ##"#sql(as:) takes a type, e.g. as: String.self"##, line: 1, column: 23)
            ]
        )
    }

    /// Unclosed single and double quotes.
    @Test func unbalancedQuotes() {
        assertCoddExpansion(
            ##"""
            let a = #sql("title = 'it's'")
            let b = #sql("\"title = 1")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("title = 'it's'")
                let b = CoddQuery.SQLRaw("\"title = 1")
                """##,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        ##"unbalanced single quotes: a '…' string is never closed (write a quote inside it as '')"##,
                    line: 1, column: 15),
                DiagnosticSpec(
                    message:
                        ##"unbalanced double quotes: a "…" identifier is never closed (write a quote inside it as "")"##,
                    line: 2, column: 15),
            ]
        )
    }

    /// A '(' never closed and a ')' never opened, across interpolations.
    @Test func unbalancedParentheses() {
        assertCoddExpansion(
            ##"""
            let a = #sql("coalesce(\(a), max(\(b))")
            let b = #sql("\(a))")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("coalesce(\(a), max(\(b))")
                let b = CoddQuery.SQLRaw("\(a))")
                """##,
            diagnostics: [
                DiagnosticSpec(message: ##"unbalanced parentheses: '(' is never closed"##, line: 1, column: 15),
                DiagnosticSpec(message: ##"unbalanced parentheses: ')' has no matching '('"##, line: 2, column: 19),
            ]
        )
    }

    /// Placeholders and named parameters outside quotes.
    @Test func placeholders() {
        assertCoddExpansion(
            ##"""
            let a = #sql("title = ? AND id = ?1")
            let b = #sql("title = :title")
            let c = #sql("title = $title OR id = @id")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("title = ? AND id = ?1")
                let b = CoddQuery.SQLRaw("title = :title")
                let c = CoddQuery.SQLRaw("title = $title OR id = @id")
                """##,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        ##"'?' is a parameter placeholder, which #sql cannot bind; bind values by interpolating them: \(value)"##,
                    line: 1, column: 15),
                DiagnosticSpec(
                    message:
                        ##"'?1' is a parameter placeholder, which #sql cannot bind; bind values by interpolating them: \(value)"##,
                    line: 1, column: 15),
                DiagnosticSpec(
                    message:
                        ##"':title' is a parameter placeholder, which #sql cannot bind; bind values by interpolating them: \(value)"##,
                    line: 2, column: 15),
                DiagnosticSpec(
                    message:
                        ##"'$title' is a parameter placeholder, which #sql cannot bind; bind values by interpolating them: \(value)"##,
                    line: 3, column: 15),
                DiagnosticSpec(
                    message:
                        ##"'@id' is a parameter placeholder, which #sql cannot bind; bind values by interpolating them: \(value)"##,
                    line: 3, column: 15),
            ]
        )
    }

    /// An interpolation inside quotes or a comment would not render as SQL.
    @Test func interpolationInsideQuotes() {
        assertCoddExpansion(
            ##"""
            let a = #sql("title LIKE '%\(pattern)%'")
            let b = #sql("""
                x = 1 -- \(note)
                """)
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("title LIKE '%\(pattern)%'")
                let b = CoddQuery.SQLRaw("""
                    x = 1 -- \(note)
                    """)
                """##,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        ##"an interpolation inside quotes would be rendered inside the quoted text; interpolate outside the quotes, e.g. '%' || \(pattern) || '%'"##,
                    line: 1, column: 28),
                DiagnosticSpec(
                    message:
                        ##"an interpolation inside an SQL comment would not be rendered as SQL; move it out of the comment"##,
                    line: 3, column: 14),
                DiagnosticSpec(
                    message:
                        ##"a -- comment must end with a line break inside #sql, or it hides the SQL that follows it"##,
                    line: 3, column: 5),
            ]
        )
    }

    /// A comment must end inside the literal, or it would hide the SQL after it.
    @Test func unterminatedComments() {
        assertCoddExpansion(
            ##"""
            let a = #sql("x = 1 -- note")
            let b = #sql("x = 1 /* note")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("x = 1 -- note")
                let b = CoddQuery.SQLRaw("x = 1 /* note")
                """##,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        ##"a -- comment must end with a line break inside #sql, or it hides the SQL that follows it"##,
                    line: 1, column: 15),
                DiagnosticSpec(
                    message: ##"a /* comment is never closed; it would hide the SQL that follows it"##, line: 2,
                    column: 15),
            ]
        )
    }

    /// Unclosed [ and ` identifiers.
    @Test func unclosedIdentifiers() {
        assertCoddExpansion(
            ##"""
            let a = #sql("[a = 1")
            let b = #sql("`a = 1")
            """##,
            expandedSource: ##"""
                let a = CoddQuery.SQLRaw("[a = 1")
                let b = CoddQuery.SQLRaw("`a = 1")
                """##,
            diagnostics: [
                DiagnosticSpec(message: ##"a [identifier] is never closed"##, line: 1, column: 15),
                DiagnosticSpec(message: ##"a `identifier` is never closed"##, line: 2, column: 15),
            ]
        )
    }
}
