// `<` on a [UInt8] column must not compile: [UInt8] is SQLEquatable only, like Data.
// (The value is typed: with a bare array literal the compiler reports its best guess
// against Foundation's IndexPath `<` instead, which fails too but says less.)
// expected-error: referencing operator function '<' on 'SQLQueryExpression'
// expected-error: (aka 'Array<UInt8>') conform to 'SQLComparable'
import Codd
import Foundation

func fixture() {
    let bound: [UInt8] = [1, 2]
    _ = Attachment.where { $0.bytes < bound }
}
