import Codd
import Foundation
import Testing

/// A column reader over bytes in memory, as a driver hands them: the codec parses them in
/// place. (Everything else is tested on SQLite; this isolates the codec's own loop.)
struct BytesReader: SQLColumnReader {
    var bytes: UnsafeRawBufferPointer
    var columnCount: Int { 1 }
    func storage(at index: Int) -> SQLStorage { .text }
    func readInt64(at index: Int) -> Int64 { 0 }
    func readDouble(at index: Int) -> Double { 0 }
    func withUnsafeTextBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(bytes)
    }
    func withUnsafeBlobBytes<R>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(bytes)
    }
    func columnName(at index: Int) -> String { "at" }
}

/// A binding context that keeps the last text bound in a fixed buffer.
struct BytesContext: SQLBindingContext {
    var buffer = [UInt8](repeating: 0, count: 64)
    var count = 0
    mutating func bindNull() {}
    mutating func bindInteger(_ value: Int64) {}
    mutating func bindReal(_ value: Double) {}
    mutating func bindText(_ value: String) {}
    mutating func bindText(utf8 bytes: UnsafeRawBufferPointer) {
        count = bytes.count
        buffer.withUnsafeMutableBytes { $0.copyMemory(from: bytes) }
    }
    mutating func bindBlob(_ bytes: UnsafeRawBufferPointer) {}
}

/// A sanity check of the formatter and parser over raw buffers at volume: no timing here
/// (benchmarks live in their own package), only that 20,000 values survive the trip.
/// Both paths work on the bytes they are given: the parser reads the column's buffer, the
/// formatter writes a stack buffer bound with `bindText(utf8:)`.
@Test func dateTextFormatsAndParsesOverRawBuffers() throws {
    var generator = SeededGenerator(seed: 7)
    var context = BytesContext()
    var mismatches = 0
    for _ in 0..<20_000 {
        let value = date(
            milliseconds: Int64.random(in: -62_167_219_200_000...lastMillisecondOfYear9999, using: &generator))
        for iso in [false, true] {
            if iso {
                try Date.ISO8601Representation(represented: value).bind(into: &context)
            } else {
                try value.bind(into: &context)
            }
            let read = try context.buffer.withUnsafeBytes { buffer in
                try Date(reader: BytesReader(bytes: UnsafeRawBufferPointer(rebasing: buffer[..<context.count])), at: 0)
            }
            if read != value { mismatches += 1 }
        }
    }
    #expect(mismatches == 0)
}
