// A recursive CTE's step must select into the CTE's own type, not another of its shape.
// expected-error: to expected argument type 'Select<Step,
import Codd
import Foundation

func fixture() {
    _ = With { Step(value: 1).union(all: true, OtherStep.select { OtherStep.Columns(value: $0.value + 1) }) } query: { Step.limit(3) }
}
