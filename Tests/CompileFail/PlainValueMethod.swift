// A DSL method on a plain value must not compile: DSL methods live on
// SQLQueryExpression (columns, operations, function calls), not on String or Int, so
// importing Codd adds no `lower()` to "abc".
// expected-error: value of type 'String' has no member 'lower'
import Codd
import Foundation

func fixture() {
    _ = "abc".lower()
}
