// A `ReadOnlyView` has no `update`, on the type or on a statement that reads it.
// expected-error: referencing instance method 'update(or:set:)' on 'Select'
// expected-error: requires the types 'VisibleAttachment.Writability' (aka 'SQLReadOnly') and 'SQLWritable' be equivalent
import Codd
import Foundation

func fixture() {
    _ = VisibleAttachment.find(1).update { $0.name = "b" }
}
