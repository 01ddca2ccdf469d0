import CoddCore

/// An optional representation, `Wrapped?`: what lets an optional expression compare with a
/// non-optional one of the same representation (`$0.completedAt < $0.dueAt`, a `Date?`
/// and a `Date` column) through non-generic overloads.
public protocol SQLOptionalRepresentation: SQLCustomType {
    associatedtype Wrapped: SQLCustomType
}

extension Optional: SQLOptionalRepresentation where Wrapped: SQLCustomType {}
