// A trigger's `new` columns are typed: `find` of a TEXT column for an INTEGER key does not
// compile.
// expected-error: no exact matches in call to static method 'find'
import Codd
import Foundation

func fixture() {
    _ = Attachment.createTemporaryTrigger(after: .insert { new in
        Attachment.find(new.name).delete()
    })
}
