import CoddCore

/// A table as a member of a statement: read as is (``SQLTables/Inner``), or as the outer
/// side of an outer join (``SQLTables/Outer``), whose columns are all optional.
public protocol SQLJoinMember {
    associatedtype Base: Table
    /// What query closures receive for the table (`$1` in a join).
    associatedtype Columns: Sendable
    /// What a whole row of the table decodes as.
    associatedtype Row: SQLRowDecodable
    static func columns(qualifier: String) -> Columns
}

/// The tables a statement reads, in order: the scope its closures receive.
public protocol TableList {
    /// The FROM table.
    associatedtype From: Table
    /// What closures receive: one table's columns, or a tuple of them (`$0`, `$1`, …).
    associatedtype Scope
    /// What the statement decodes when it selects whole rows.
    associatedtype AllColumns: SQLRowDecodable
    /// The scope, each table's columns qualified by `qualifier(index)`.
    static func scope(_ qualifier: (Int) -> String) -> Scope
}

/// The types that spell a statement's tables in its type: `SQLTables.Two<SQLTables.Inner<RemindersList>,
/// SQLTables.Outer<Reminder>>` for a list left-joined to its reminders. Written by the
/// DSL, never by hand.
public enum SQLTables {
    /// A table read as is.
    public enum Inner<Base: Table>: SQLJoinMember {
        public typealias Row = Base
        @inlinable
        public static func columns(qualifier: String) -> Base.TableColumns {
            Base.TableColumns(qualifier: qualifier)
        }
    }

    /// A table on the outer side of a `LEFT`, `RIGHT` or `FULL JOIN`: its columns are
    /// optional, and its row is `nil` when nothing matched.
    public enum Outer<Base: Table>: SQLJoinMember {
        public typealias Row = Base?
        @inlinable
        public static func columns(qualifier: String) -> NullableColumns<Base.TableColumns> {
            NullableColumns(Base.TableColumns(qualifier: qualifier))
        }
    }

    /// One table.
    public enum One<A: SQLJoinMember>: TableList {
        public typealias From = A.Base
        public typealias AllColumns = A.Row
        @inlinable
        public static func scope(_ qualifier: (Int) -> String) -> A.Columns {
            A.columns(qualifier: qualifier(0))
        }
    }

    /// Two tables, joined.
    public enum Two<A: SQLJoinMember, B: SQLJoinMember>: TableList {
        public typealias From = A.Base
        public typealias AllColumns = SQLRow2<A.Row, B.Row>
        @inlinable
        public static func scope(_ qualifier: (Int) -> String) -> (A.Columns, B.Columns) {
            (A.columns(qualifier: qualifier(0)), B.columns(qualifier: qualifier(1)))
        }
    }

    /// Three tables, joined.
    public enum Three<A: SQLJoinMember, B: SQLJoinMember, C: SQLJoinMember>: TableList {
        public typealias From = A.Base
        public typealias AllColumns = SQLRow3<A.Row, B.Row, C.Row>
        @inlinable
        public static func scope(_ qualifier: (Int) -> String) -> (A.Columns, B.Columns, C.Columns) {
            (A.columns(qualifier: qualifier(0)), B.columns(qualifier: qualifier(1)), C.columns(qualifier: qualifier(2)))
        }
    }

    /// Four tables, joined.
    public enum Four<A: SQLJoinMember, B: SQLJoinMember, C: SQLJoinMember, D: SQLJoinMember>: TableList {
        public typealias From = A.Base
        public typealias AllColumns = SQLRow4<A.Row, B.Row, C.Row, D.Row>
        @inlinable
        public static func scope(_ qualifier: (Int) -> String) -> (A.Columns, B.Columns, C.Columns, D.Columns) {
            (
                A.columns(qualifier: qualifier(0)), B.columns(qualifier: qualifier(1)),
                C.columns(qualifier: qualifier(2)), D.columns(qualifier: qualifier(3))
            )
        }
    }
}

extension TableList {
    /// The scope, the tables' columns qualified by `qualifiers` in order (a join's, built
    /// once per join).
    static func scope(_ qualifiers: [String]) -> Scope {
        scope { qualifiers[$0] }
    }
}
