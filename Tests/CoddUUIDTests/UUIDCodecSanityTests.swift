import Codd
import Foundation
import Testing

/// A column reader over bytes in memory, as a driver hands them.
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
    func columnName(at index: Int) -> String { "id" }
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

/// A sanity check of the formatter and parser over raw buffers at volume (no timing:
/// benchmarks live in their own package): 20,000 UUIDs survive the trip in both cases.
@Test func uuidTextFormatsAndParsesOverRawBuffers() throws {
    var generator = SystemRandomNumberGenerator()
    var context = BytesContext()
    var mismatches = 0
    for _ in 0..<20_000 {
        let value = randomUUID(using: &generator)
        try value.bind(into: &context)
        let lower = try context.buffer.withUnsafeBytes { buffer in
            try UUID(reader: BytesReader(bytes: UnsafeRawBufferPointer(rebasing: buffer[..<context.count])), at: 0)
        }
        try UUID.UppercaseTextRepresentation(represented: value).bind(into: &context)
        let upper = try context.buffer.withUnsafeBytes { buffer in
            try UUID(reader: BytesReader(bytes: UnsafeRawBufferPointer(rebasing: buffer[..<context.count])), at: 0)
        }
        if lower != value || upper != value { mismatches += 1 }
    }
    #expect(mismatches == 0)
}
