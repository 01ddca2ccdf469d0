import Codd
import Foundation
import Testing

/// Ordering and equality between an optional expression and a non-optional one of the same
/// representation (issue 10): both directions, methods and operators, `between`.
@Suite("Ordering optional against non-optional")
struct OptionalOrderingTests {
    let database: Database

    init() throws {
        database = try makeRemindersDatabase()
    }

    func names(_ query: some SQLSelectStatement<String>) throws -> [String] {
        try database.read { db in try query.fetchAll(db) }
    }

    @Test func operatorsInBothDirections() throws {
        // Employees (id, managerID): Ada (1, NULL), Bob (2, 1), Cy (3, 1), Di (4, 2).
        let below = Employee.where { $0.managerID < $0.id }.order(by: \.id).select(\.name)
        let above = Employee.where { $0.id > $0.managerID }.order(by: \.id).select(\.name)
        let atMost = Employee.where { $0.managerID <= $0.id - 2 }.order(by: \.id).select(\.name)
        let atLeast = Employee.where { $0.id - 2 >= $0.managerID }.order(by: \.id).select(\.name)
        #expect(below.parameterSQL == #"SELECT "name" FROM "employees" WHERE ("managerID" < "id") ORDER BY "id""#)
        #expect(above.parameterSQL == #"SELECT "name" FROM "employees" WHERE ("id" > "managerID") ORDER BY "id""#)
        #expect(
            atMost.parameterSQL == #"SELECT "name" FROM "employees" WHERE ("managerID" <= ("id" - ?)) ORDER BY "id""#)
        #expect(
            atLeast.parameterSQL == #"SELECT "name" FROM "employees" WHERE (("id" - ?) >= "managerID") ORDER BY "id""#)
        #expect(try names(below) == ["Bob", "Cy", "Di"])
        #expect(try names(above) == ["Bob", "Cy", "Di"])
        #expect(try names(atMost) == ["Cy", "Di"])
        #expect(try names(atLeast) == ["Cy", "Di"])
    }

    @Test func methodsInBothDirections() throws {
        let queries = [
            Employee.where { $0.managerID.lt($0.id) }.order(by: \.id).select(\.name),
            Employee.where { $0.id.gt($0.managerID) }.order(by: \.id).select(\.name),
            Employee.where { $0.managerID.gte($0.id) }.order(by: \.id).select(\.name),
            Employee.where { $0.id.lte($0.managerID) }.order(by: \.id).select(\.name),
            Employee.where { $0.managerID.gt($0.id) }.order(by: \.id).select(\.name),
            Employee.where { $0.id.lt($0.managerID) }.order(by: \.id).select(\.name),
        ]
        #expect(
            queries.map(\.parameterSQL) == [
                #"SELECT "name" FROM "employees" WHERE ("managerID" < "id") ORDER BY "id""#,
                #"SELECT "name" FROM "employees" WHERE ("id" > "managerID") ORDER BY "id""#,
                #"SELECT "name" FROM "employees" WHERE ("managerID" >= "id") ORDER BY "id""#,
                #"SELECT "name" FROM "employees" WHERE ("id" <= "managerID") ORDER BY "id""#,
                #"SELECT "name" FROM "employees" WHERE ("managerID" > "id") ORDER BY "id""#,
                #"SELECT "name" FROM "employees" WHERE ("id" < "managerID") ORDER BY "id""#,
            ])
        // NULL is neither smaller nor larger: Ada matches nothing.
        #expect(try queries.map(names) == [["Bob", "Cy", "Di"], ["Bob", "Cy", "Di"], [], [], [], []])
    }

    @Test func betweenWithOptionalBoundsOrAnOptionalOperand() throws {
        let optionalBounds = Employee.where { $0.id.between($0.managerID, and: $0.managerID) }.select(\.name)
        let optionalOperand = Employee.where { $0.managerID.between($0.id - 2, and: $0.id) }.order(by: \.id).select(
            \.name)
        #expect(
            optionalBounds.parameterSQL
                == #"SELECT "name" FROM "employees" WHERE ("id" BETWEEN "managerID" AND "managerID")"#)
        #expect(
            optionalOperand.parameterSQL
                == #"SELECT "name" FROM "employees" WHERE ("managerID" BETWEEN ("id" - ?) AND "id") ORDER BY "id""#)
        #expect(try names(optionalBounds).isEmpty)
        #expect(try names(optionalOperand) == ["Bob", "Cy", "Di"])
    }

    @Test func equalityOperatorsInBothDirections() throws {
        let equal = Employee.where { $0.managerID == $0.id - 1 }.order(by: \.id).select(\.name)
        let reversed = Employee.where { $0.id - 1 != $0.managerID }.order(by: \.id).select(\.name)
        #expect(equal.parameterSQL == #"SELECT "name" FROM "employees" WHERE ("managerID" = ("id" - ?)) ORDER BY "id""#)
        #expect(
            reversed.parameterSQL == #"SELECT "name" FROM "employees" WHERE (("id" - ?) <> "managerID") ORDER BY "id""#)
        #expect(try names(equal) == ["Bob"])
        #expect(try names(reversed) == ["Cy", "Di"])
    }

    @Test func theOuterSideOfAJoinOrdersAgainstTheInnerSide() throws {
        let query =
            Employee
            .leftJoin(Employee.all.as(ManagerAlias.self)) { $0.managerID.eq($1.id) }
            .where { employee, manager in manager.id < employee.id && employee.id <= manager.id + 1 }
            .select { employee, _ in employee.name }
        #expect(
            query.parameterSQL == """
                SELECT "employees"."name" FROM "employees" \
                LEFT JOIN "employees" AS "managers" ON "employees"."managerID" = "managers"."id" \
                WHERE (("managers"."id" < "employees"."id") AND ("employees"."id" <= ("managers"."id" + ?)))
                """)
        #expect(try database.read { db in try query.fetchAll(db) } == ["Bob"])
    }
}
