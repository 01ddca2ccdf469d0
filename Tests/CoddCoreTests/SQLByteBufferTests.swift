import CoddCore
import Testing

/// The builder's SQL bytes are written in place, and behave as an array's would: what was
/// written is read back, through every growth, and a copy never sees another's writes.
@Suite("SQL byte buffer")
struct SQLByteBufferTests {
    /// Tokens of every size, across several growths, read back as an array builds them.
    @Test func writesReadBackThroughGrowth() {
        var buffer = SQLByteBuffer()
        var expected: [UInt8] = []
        #expect(buffer.isEmpty)
        #expect(buffer.last == nil)
        #expect(!buffer.needsSeparator)
        let tokens = ["SELECT", "\"a\"\"b\"", "🚀", "it's -- \u{0}", String(repeating: "x", count: 300), "(", ")"]
        for round in 0..<20 {
            for token in tokens {
                let bytes = Array(token.utf8)
                let spaced = round % 2 == 0
                bytes.withUnsafeBufferPointer { buffer.append($0, spaced: spaced) }
                if spaced { expected.append(UInt8(ascii: " ")) }
                expected += bytes
                buffer.append(UInt8(ascii: ","))
                expected.append(UInt8(ascii: ","))
            }
        }
        #expect(buffer.array == expected)
        #expect(buffer.count == expected.count)
        #expect(buffer.capacity >= expected.count)
        #expect(buffer.last == UInt8(ascii: ","))
    }

    /// Every length a token can have, through each way of appending it: up to 16 bytes are
    /// copied word by word (overlapping in the middle), longer ones by `memcpy`. Each byte
    /// is distinct, so a byte copied from the wrong place, or one left out, shows.
    @Test func everyTokenLengthIsCopiedExactly() {
        for length in 0...40 {
            let token = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 &+ $0 &* 7) }
            var buffer = SQLByteBuffer()
            var expected: [UInt8] = []
            for offset in 0..<9 {
                // Each start offset, so that the words written are unaligned in every way.
                buffer.append(UInt8(ascii: "#"))
                expected.append(UInt8(ascii: "#"))
                token.withUnsafeBufferPointer { buffer.append($0) }
                token.withUnsafeBufferPointer { buffer.append($0, spaced: offset % 2 == 0) }
                token.withUnsafeBufferPointer {
                    buffer.append($0, between: UInt8(ascii: "\""), spaced: offset % 2 == 1)
                }
                expected += token
                if offset % 2 == 0 { expected.append(UInt8(ascii: " ")) }
                expected += token
                if offset % 2 == 1 { expected.append(UInt8(ascii: " ")) }
                expected += [UInt8(ascii: "\"")] + token + [UInt8(ascii: "\"")]
            }
            #expect(buffer.array == expected, "length \(length)")
        }
    }

    /// A copy shares the bytes until one of the two writes: each then has its own.
    @Test func copiesAreIndependent() {
        var first = SQLByteBuffer()
        first.append(contentsOf: Array("SELECT".utf8))
        var second = first
        second.append(contentsOf: Array(" 1".utf8))
        first.append(contentsOf: Array(" 2".utf8))
        #expect(first.array == Array("SELECT 2".utf8))
        #expect(second.array == Array("SELECT 1".utf8))
        // Emptying a shared buffer leaves the other's bytes.
        var third = first
        third.removeAll()
        third.append(UInt8(ascii: "x"))
        #expect(third.array == [UInt8(ascii: "x")])
        #expect(first.array == Array("SELECT 2".utf8))
        // Reversing digits in a shared buffer leaves the other's order.
        var fourth = first
        fourth.reverse(from: 0)
        #expect(fourth.array == Array("2 TCELES".utf8))
        #expect(first.array == Array("SELECT 2".utf8))
    }

    /// Emptying a buffer no one shares keeps its storage for the next statement.
    @Test func removeAllKeepsUnsharedStorage() {
        var buffer = SQLByteBuffer()
        buffer.reserveCapacity(256)
        buffer.append(contentsOf: Array(repeating: UInt8(ascii: "a"), count: 200))
        let capacity = buffer.capacity
        buffer.removeAll()
        #expect(buffer.isEmpty)
        #expect(buffer.capacity == capacity)
        buffer.append(UInt8(ascii: "b"))
        #expect(buffer.array == [UInt8(ascii: "b")])
        #expect(buffer.capacity == capacity)
    }

    /// Builders copied mid-statement render their own SQL.
    @Test func copiedBuildersRenderTheirOwnSQL() throws {
        var first = SQLBuilder()
        first.keyword("SELECT")
        first.identifier("a\"b")
        var second = first
        second.keyword("FROM")
        second.identifier("t")
        try first.value(1)
        #expect(first.sql == #"SELECT "a""b" ?"#)
        #expect(second.sql == #"SELECT "a""b" FROM "t""#)
        #expect(first.sqlBytes == Array(first.sql.utf8))
        first.withSQLBytes { #expect(Array($0) == Array(first.sql.utf8)) }
    }

    /// Copies written on several tasks at once never see each other's bytes.
    @Test func copiesWrittenConcurrentlyStayApart() async {
        var base = SQLBuilder()
        base.keyword("SELECT")
        let start = base
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var builder = start
                    for _ in 0..<200 { builder.identifier("t\(task)") }
                    return (task, builder.sql)
                }
            }
            var results: [Int: String] = [:]
            for await (task, sql) in group { results[task] = sql }
            return results
        }
        for task in 0..<8 {
            let expected = "SELECT" + String(repeating: " \"t\(task)\"", count: 200)
            #expect(results[task] == expected)
        }
        #expect(start.sql == "SELECT")
    }
}
