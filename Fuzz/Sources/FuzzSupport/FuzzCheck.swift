import Foundation

/// Stops the run when a property does not hold: libFuzzer sees the abort as a crash and
/// writes the input to `crash-…`, which then goes in the corpus and in a unit test.
public func fuzzCheck(
    _ condition: Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("PROPERTY FAILED (\(file):\(line)): \(message())\n".utf8))
    abort()
}

/// The input bytes, as libFuzzer passes them (a null pointer for the empty input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeRawBufferPointer {
    guard let data, size > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: data, count: size)
}

/// The bytes as text for messages: escaped, so a failure shows exactly what was read.
public func fuzzDescribe(_ bytes: UnsafeRawBufferPointer) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    return "\(text.debugDescription) bytes=\(bytes.map { String($0, radix: 16) }.joined(separator: " "))"
}
