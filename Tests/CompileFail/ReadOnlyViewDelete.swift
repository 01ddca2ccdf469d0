// A `ReadOnlyView` has no `delete`.
// expected-error: referencing static method 'delete()' on 'Table'
// expected-error: requires the types 'VisibleAttachment.Writability' (aka 'SQLReadOnly') and 'SQLWritable' be equivalent
import Codd
import Foundation

func fixture() {
    _ = VisibleAttachment.delete()
}
