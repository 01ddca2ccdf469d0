// A `ReadOnlyView` has no `insert`: a write to a view without an INSTEAD OF trigger does
// not compile.
// expected-error: referencing static method 'insert(or:_:)' on 'PrimaryKeyedTable'
// expected-error: requires the types 'VisibleAttachment.Writability' (aka 'SQLReadOnly') and 'SQLWritable' be equivalent
import Codd
import Foundation

func fixture() {
    _ = VisibleAttachment.insert { VisibleAttachment.Draft(name: "a") }
}
