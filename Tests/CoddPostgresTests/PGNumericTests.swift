#if PostgreSQL
@testable import CoddPostgres
import NIOCore
import Testing

/// PostgreSQL's binary `numeric` read as INTEGER or REAL, from hand-built cells: the edges a
/// server rarely sends (and malformed cells it never should).
@Suite struct PGNumericTests {
    /// A cell: `ndigits`, `weight`, `sign`, `dscale`, then the base-10000 groups.
    static func cell(weight: Int16, sign: UInt16 = 0, scale: Int16 = 0, _ groups: [Int16]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(Int16(groups.count), endianness: .big)
        buffer.writeInteger(weight, endianness: .big)
        buffer.writeInteger(sign, endianness: .big)
        buffer.writeInteger(scale, endianness: .big)
        for group in groups { buffer.writeInteger(group, endianness: .big) }
        return buffer
    }

    @Test func wholeValuesThatFitAreIntegers() {
        #expect(PGNumeric.number(Self.cell(weight: 0, [])) == .integer(0))
        #expect(PGNumeric.number(Self.cell(weight: 0, [7])) == .integer(7))
        // 1 0000 0000: weight 2, one group, zeros implied.
        #expect(PGNumeric.number(Self.cell(weight: 2, [1])) == .integer(100_000_000))
        // -9223372036854775808 = -(922 3372 0368 5477 5808).
        #expect(
            PGNumeric.number(Self.cell(weight: 4, sign: 0x4000, [922, 3372, 368, 5477, 5808])) == .integer(.min))
        #expect(PGNumeric.number(Self.cell(weight: 4, [922, 3372, 368, 5477, 5807])) == .integer(.max))
        // A scale with zero fraction groups stays whole: 12.000.
        #expect(PGNumeric.number(Self.cell(weight: 0, scale: 3, [12])) == .integer(12))
    }

    @Test func otherValuesAreTheNearestDouble() {
        // 2^63 and 2^64: past Int64.
        #expect(
            PGNumeric.number(Self.cell(weight: 4, [922, 3372, 368, 5477, 5808])) == .real(9_223_372_036_854_775_808))
        #expect(
            PGNumeric.number(Self.cell(weight: 4, [1844, 6744, 737, 955, 1616])) == .real(18_446_744_073_709_551_616))
        // 0.5 (weight -1), -0.0001 (weight -1, one group of 1 at the fourth place).
        #expect(PGNumeric.number(Self.cell(weight: -1, scale: 1, [5000])) == .real(0.5))
        #expect(PGNumeric.number(Self.cell(weight: -1, sign: 0x4000, scale: 4, [1])) == .real(-0.0001))
        // 1e-8: weight -2.
        #expect(PGNumeric.number(Self.cell(weight: -2, scale: 8, [1])) == .real(1e-8))
        #expect(PGNumeric.number(Self.cell(weight: 0, sign: 0xD000, [])) == .real(.infinity))
        #expect(PGNumeric.number(Self.cell(weight: 0, sign: 0xF000, [])) == .real(-.infinity))
        guard case .real(let nan) = PGNumeric.number(Self.cell(weight: 0, sign: 0xC000, [])) else {
            Issue.record("NaN is not REAL")
            return
        }
        #expect(nan.isNaN)
    }

    @Test func malformedCellsAreNil() {
        #expect(PGNumeric.number(Self.cell(weight: 0, [10_000])) == nil)
        #expect(PGNumeric.number(Self.cell(weight: 0, sign: 0x1234, [1])) == nil)
        var truncated = ByteBuffer()
        truncated.writeInteger(Int16(2), endianness: .big)
        #expect(PGNumeric.number(truncated) == nil)
        var missingGroup = Self.cell(weight: 1, [1, 2])
        missingGroup.moveWriterIndex(to: missingGroup.writerIndex - 2)
        #expect(PGNumeric.number(missingGroup) == nil)
        var negativeCount = ByteBuffer()
        for value: Int16 in [-1, 0, 0, 0] { negativeCount.writeInteger(value, endianness: .big) }
        #expect(PGNumeric.number(negativeCount) == nil)
    }
}
#endif
