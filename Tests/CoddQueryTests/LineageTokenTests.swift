@testable import CoddQuery
import Testing

@Suite("Statement tokens")
struct LineageTokenTests {
    /// The token is written byte by byte; it must equal the plain formatting, from one
    /// digit to the 13 of `UInt64.max`.
    @Test func aTokenIsItsMarkerThenTheNumberInBase36() {
        for number: UInt64 in [0, 1, 35, 36, 1_295, 1_296, 123_456_789, .max - 1, .max] {
            #expect(Lineage.token(number) == "\u{2}#" + String(number, radix: 36))
        }
        #expect(Lineage.token(.max).utf8.count == 15)
    }
}
