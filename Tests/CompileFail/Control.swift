// The control: this file MUST compile. It uses the same schema, flags and plugin as the
// fixtures and the allowed neighbour of each forbidden expression, so a fixture fails
// because of its one forbidden expression, not because of a broken setup.
import Codd
import Foundation

func control() {
    // Data and [UInt8] are SQLEquatable: ==, !=, eq, neq, is, isNot, in.
    _ = Attachment.where { $0.payload == Data() }
    _ = Attachment.where { $0.payload.neq(Data()) }
    _ = Attachment.where { $0.payload.in([Data()]) }
    _ = Attachment.where { $0.bytes == [UInt8]([1, 2]) }
    _ = Attachment.where { $0.bytes.isNot([UInt8]([1, 2])) }

    // SQLComparable columns order: <, lt, min().
    _ = Attachment.where { $0.id < 3 }
    _ = Attachment.where { $0.name.lt("m") }
    _ = Attachment.where { $0.size.between(1, and: 2) }
    _ = Attachment.select { $0.id.min() }
    _ = Attachment.select { $0.name.max() }

    // Decimal: compared and ordered exactly (through its collation), min and max.
    _ = Attachment.where { $0.price < Decimal(10) }
    _ = Attachment.select { $0.price.max() }

    // SQLNumeric: arithmetic and sum.
    _ = Attachment.select { $0.id + 1 }
    _ = Attachment.select { $0.size.sum() }

    // SQLText: string operations.
    _ = Attachment.where { $0.name.contains("50%") }
    _ = Attachment.select { $0.name.lower() }

    // Bool logic.
    _ = Attachment.where { $0.isHidden && $0.id.gt(1) }
    _ = Attachment.where { !$0.isHidden || $0.name.eq("") }

    // Plain values keep Swift's own API.
    _ = "abc".lowercased()

    // A representation column compares with its Represented type (UUID).
    _ = Attachment.where { $0.externalID == UUID() }
    _ = Attachment.where { $0.externalID.eq(UUID()) }

    // eq between columns of the same type.
    _ = Attachment.where { $0.id.eq($0.id) }

    // An optional and a non-optional expression of one representation compare and order.
    _ = Attachment.where { $0.parentID < $0.id }
    _ = Attachment.where { $0.id >= $0.parentID }
    _ = Attachment.where { $0.parentID == $0.id }
    _ = Attachment.where { $0.deletedAt.lt($0.createdAt) }

    // Dates move by intervals, compare with SQLite's now, and subtract.
    _ = Attachment.select { $0.createdAt + .days(1) }
    _ = Attachment.where { $0.createdAt < .now() + .days(7) }
    _ = Attachment.select { $0.deletedAt.timeIntervalSince($0.createdAt) }

    // A recursive CTE's step selects into the CTE's own type; a CTE's rows are a table's.
    _ = With { Step(value: 1).union(all: true, Step.select { Step.Columns(value: $0.value + 1) }) } query: { Step.limit(3) }
    _ = With { Attachment.where { $0.isHidden } } query: { Attachment.all }

    // A read-only view is read like a table; a table is written.
    _ = VisibleAttachment.where { $0.name.eq("a") }.order(by: \.id)
    _ = VisibleAttachment.find(1)
    _ = Attachment.delete()

    // An update assigns the column's Swift value, nil, an expression of its type, .now().
    _ = Attachment.find(1).update {
        $0.name = "renamed"
        $0.name += "!"
        $0.size += 1
        $0.isHidden = !$0.isHidden
        $0.parentID = nil
        $0.parentID = 3
        $0.deletedAt = Date()
        $0.deletedAt = nil
        $0.createdAt = .now()
        $0.createdAt += .days(1)
        $0.deletedAt = .now() + .days(1)
        $0.name = $0.name.upper()
        $0.kind = .link
        $0.previousKind = .file
        $0.previousKind = $0.kind
        $0.isHidden = $0.kind == .link
        $0.isHidden = $0.kind != .file
    }

    // A draft of a text-keyed table takes its key; an integer key is SQLite's to assign.
    _ = Label.insert { Label.Draft(id: "home", title: "Home") }
    _ = Attachment.insert { Attachment.Draft(externalID: UUID()) }

    // The allowed neighbours of issue #28's fixtures: a second select appends one expression,
    // integers take bitwise operators, dates give components, a value sits on the left, rows
    // of the same types compare, statements of one table combine, an optional column divides
    // by an expression, Bool compares for equality, and division by an expression is optional.
    _ = Attachment.select(\.id).select(\.name)
    _ = Attachment.select { $0.id & 1 }
    _ = Attachment.select { $0.createdAt.year }
    _ = Attachment.where { 3 < $0.id }
    _ = Attachment.where { ($0.id, $0.name) > (1, "a") }
    _ = Attachment.where { $0.isHidden }.or(Attachment.where { $0.id.eq(1) })
    _ = Attachment.update { $0.parentID /= $0.parentID }
    _ = Attachment.where { $0.isHidden == true }
    let _: Select<Int?, SQLTables.One<SQLTables.Inner<Attachment>>> = Attachment.select { $0.id / $0.id }
}
