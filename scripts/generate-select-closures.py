#!/usr/bin/env python3
"""Writes Sources/CoddQuery/Statements/Select+Closures.swift.

Query closures take one parameter per table (`{ $0.id.eq($1.listID) }`, and `{ $0 }` is
the first table), so each closure-taking method of `Select` exists once per number of
tables. Swift has no way to spell "a function of N parameters" generically without
parameter packs, which it does not specialize (and whose closures crash Swift 6.3's
SILGen here), so the arities are generated. Run from the package root:

    python3 scripts/generate-select-closures.py           # writes the file
    python3 scripts/generate-select-closures.py --check   # fails if it differs (CI)
"""

import sys

from generated_files import write_or_check

MEMBERS = ["A", "B", "C", "D"]
LISTS = {1: "SQLTables.One", 2: "SQLTables.Two", 3: "SQLTables.Three", 4: "SQLTables.Four"}
ROWS = {2: "SQLRow2", 3: "SQLRow3", 4: "SQLRow4"}
SELECTIONS = {2: "SQLSelection2", 3: "SQLSelection3", 4: "SQLSelection4"}


def all_columns(members):
    """What the statement decodes before any `select`: the tables' whole rows."""
    rows = [f"{m}.Row" for m in members]
    return rows[0] if len(rows) == 1 else f"{ROWS[len(rows)]}<{', '.join(rows)}>"


def arity_parts(n):
    members = MEMBERS[:n]
    generics = ", ".join(members)
    tables = f"{LISTS[n]}<{generics}>"
    params = ", ".join(f"{m}.Columns" for m in members)
    names = [m.lower() for m in members]
    destructure = f"let ({', '.join(names)}) = scope" if n > 1 else "let a = scope"
    args = ", ".join(names)
    return members, generics, tables, params, destructure, args


def method_block(n):
    members, generics, tables, params, destructure, args = arity_parts(n)
    out = []
    table_word = "table" if n == 1 else f"{n} tables"
    out.append(f"// MARK: - {n} {'table' if n == 1 else 'tables'}\n")
    out.append("extension Select {")
    # where / having
    for name, field, doc in (("`where`", "wheres", "Adds a condition; several `where`s join with `AND`."),
                             ("having", "havings", "Adds a condition on groups; several `having`s join with `AND`.")):
        out.append(f"""    /// {doc}
    @inlinable
    public consuming func {name}<{generics}, Condition: SQLExpression<Bool>>(
        _ condition: ({params}) -> Condition
    ) -> Self where Tables == {tables} {{
        {destructure}
        var copy = consume self
        copy.core.{field}.append(SelectCore.Term(expression: condition({args})))
        return copy
    }}
""")
    # group
    out.append(f"""    /// `GROUP BY` an expression.
    @inlinable
    public consuming func group<{generics}, Group: SQLExpression>(by group: ({params}) -> Group) -> Self where Tables == {tables} {{
        {destructure}
        var copy = consume self
        copy.core.groups.append(group({args}))
        return copy
    }}

    /// `GROUP BY` two expressions.
    @inlinable
    public consuming func group<{generics}, G1: SQLExpression, G2: SQLExpression>(
        by groups: ({params}) -> (G1, G2)
    ) -> Self where Tables == {tables} {{
        {destructure}
        var copy = consume self
        let (first, second) = groups({args})
        copy.core.groups += [first, second]
        return copy
    }}
""")
    # order
    out.append(f"""    /// `ORDER BY` a term (`$0.title`, `$0.dueAt.desc()`), after earlier orderings.
    @inlinable
    public consuming func order<{generics}, Term: SQLOrderable>(by term: ({params}) -> Term) -> Self where Tables == {tables} {{
        {destructure}
        var copy = consume self
        copy.core.orders += term({args}).orderingTerms
        return copy
    }}

    /// `ORDER BY` two terms.
    @inlinable
    public consuming func order<{generics}, T1: SQLOrderable, T2: SQLOrderable>(
        by terms: ({params}) -> (T1, T2)
    ) -> Self where Tables == {tables} {{
        {destructure}
        var copy = consume self
        let (first, second) = terms({args})
        copy.core.orders += first.orderingTerms + second.orderingTerms
        return copy
    }}

    /// `ORDER BY` three terms.
    @inlinable
    public consuming func order<{generics}, T1: SQLOrderable, T2: SQLOrderable, T3: SQLOrderable>(
        by terms: ({params}) -> (T1, T2, T3)
    ) -> Self where Tables == {tables} {{
        {destructure}
        var copy = consume self
        let (first, second, third) = terms({args})
        copy.core.orders += first.orderingTerms + second.orderingTerms + third.orderingTerms
        return copy
    }}
""")
    # select: the first one replaces the whole rows; a later one appends (see the header)
    unselected = f"Columns == {all_columns(members)}"
    out.append(f"""    /// Selects one expression, a table's columns or a `@Selection`'s columns.
    @inlinable
    public consuming func select<{generics}, S: SQLSelectable>(
        _ selection: ({params}) -> S
    ) -> Select<S.QueryValue, Tables> where Tables == {tables}, {unselected} {{
        {destructure}
        var core = (consume self).core
        core.noteReselection()
        core.select(selection({args}))
        return Select<S.QueryValue, Tables>(core: core)
    }}
""")
    for k in (2, 3, 4):
        sel = MEMBERS[:k]
        sg = ", ".join(f"S{i}: SQLSelectable" for i in range(1, k + 1))
        tup = ", ".join(f"S{i}" for i in range(1, k + 1))
        row = f"{ROWS[k]}<{', '.join(f'S{i}.QueryValue' for i in range(1, k + 1))}>"
        lets = ", ".join(f"s{i}" for i in range(1, k + 1))
        labels = ", ".join(f"{'abcd'[i-1]}: s{i}" for i in range(1, k + 1))
        out.append(f"""    /// Selects {k} expressions, fetched as a tuple.
    @inlinable
    public consuming func select<{generics}, {sg}>(
        _ selection: ({params}) -> ({tup})
    ) -> Select<{row}, Tables> where Tables == {tables}, {unselected} {{
        {destructure}
        var core = (consume self).core
        core.noteReselection()
        let ({lets}) = selection({args})
        core.select({SELECTIONS[k]}({labels}))
        return Select<{row}, Tables>(core: core)
    }}
""")
    out.append(f"""    /// Selects any number of expressions, fetched as a flat tuple.
    @_disfavoredOverload
    @inlinable
    public consuming func select<{generics}, each S: SQLSelectable>(
        _ selection: ({params}) -> (repeat each S)
    ) -> Select<SQLRowPack<repeat (each S).QueryValue>, Tables> where Tables == {tables}, {unselected} {{
        {destructure}
        var core = (consume self).core
        core.noteReselection()
        let selected = selection({args})
        core.select(SQLSelectionPack(repeat each selected))
        return Select<SQLRowPack<repeat (each S).QueryValue>, Tables>(core: core)
    }}
""")
    # appending one expression to a statement that selected already
    appends = [
        ("", "", "SQLRow2<Columns, S.QueryValue>", "Columns"),
        ("P1: SQLRowDecodable, P2: SQLRowDecodable, ", ", Columns == SQLRow2<P1, P2>", "SQLRow3<P1, P2, S.QueryValue>", "SQLRow2"),
        ("P1: SQLRowDecodable, P2: SQLRowDecodable, P3: SQLRowDecodable, ", ", Columns == SQLRow3<P1, P2, P3>", "SQLRow4<P1, P2, P3, S.QueryValue>", "SQLRow3"),
        ("P1: SQLRowDecodable, P2: SQLRowDecodable, P3: SQLRowDecodable, P4: SQLRowDecodable, ", ", Columns == SQLRow4<P1, P2, P3, P4>", "SQLRowPack<P1, P2, P3, P4, S.QueryValue>", "SQLRow4"),
        ("each P: SQLRowDecodable, ", ", Columns == SQLRowPack<repeat each P>", "SQLRowPack<repeat each P, S.QueryValue>", "SQLRowPack"),
    ]
    for extra, constraint, row, shape in appends:
        out.append(f"""    /// Appends an expression to what the statement selects already ({shape}).
    @_disfavoredOverload
    @inlinable
    public consuming func select<{generics}, {extra}S: SQLSelectable>(
        _ selection: ({params}) -> S
    ) -> Select<{row}, Tables> where Tables == {tables}{constraint} {{
        {destructure}
        var core = (consume self).core
        core.appendSelection(selection({args}))
        return Select<{row}, Tables>(core: core)
    }}
""")
    out.append("}\n")
    return "\n".join(out)


def generated():
    header = '''// Generated by scripts/generate-select-closures.py: do not edit by hand.
//
// Query closures take one parameter per table: `{ $0.id.eq($1.remindersListID) }`, and
// `{ $0 }` is the first table's columns.
//
// The first `select` replaces the whole rows a statement starts with; a later one appends
// its expression, as the types say: `Tag.select(\\.id).select(\\.name)` fetches `(Int, String)`.

import CoddCore

'''
    body = "\n".join(method_block(n) for n in (1, 2, 3, 4))
    return {"Sources/CoddQuery/Statements/Select+Closures.swift": header + body}


def main():
    write_or_check(generated())


if __name__ == "__main__":
    main()
