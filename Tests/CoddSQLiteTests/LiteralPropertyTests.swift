import Codd
import Foundation
import Testing

/// The inline-literal form must mean what the bound form means: every finite double read
/// back from its literal is the same double.
@Suite("Literals read back exactly")
struct LiteralPropertyTests {
    /// A deterministic generator, so a failure reproduces.
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func sampleDoubles(count: Int) -> [Double] {
        var generator = SplitMix64(state: 2026)
        var values: [Double] = [
            0.1, 0.2, 0.3, 1.0 / 3.0, .pi, -.pi, 1e-22, 1e22, 9007199254740991, 123456.789,
            .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            7.247204784791325e-308,  // SQLite 3.40's decimal parser reads this 1 ulp off
        ]
        while values.count < count {
            // Random bit patterns cover every exponent; random short decimals cover what people type.
            let bits = Double(bitPattern: generator.next())
            if bits.isFinite { values.append(bits) }
            let decimal = Double(Int64.random(in: -999_999...999_999, using: &generator)) / 1000
            values.append(decimal)
        }
        return values
    }

    @Test func everyDoubleReadsBackFromItsLiteral() throws {
        let database = try Database.inMemory()
        let values = Self.sampleDoubles(count: 20_000)
        try database.read { db in
            // 500 literals per statement keeps the SQL small.
            for chunk in stride(from: 0, to: values.count, by: 500).map({ values[$0..<min($0 + 500, values.count)] }) {
                let query = try SQLFragment(mode: .inlineLiterals) { builder in
                    builder.keyword("SELECT")
                    try builder.list {
                        for value in chunk { try $0.listItem { try $0.real(value) } }
                    }
                }
                let statement = try db.makeStatement(query.sql)
                #expect(try statement.step())
                for (index, value) in chunk.enumerated() {
                    let read = statement.readDouble(at: index)
                    #expect(
                        read == value,
                        "literal \(query.sql.split(separator: ",")[index]) read back as \(read), not \(value)")
                }
            }
        }
    }
}
