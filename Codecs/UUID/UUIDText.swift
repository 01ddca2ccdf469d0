import CoddCore
import Foundation

/// The 36-character text form of a UUID (`8-4-4-4-12` hexadecimal digits), parsed from
/// and formatted into raw bytes: no `String`, no `UUID(uuidString:)`, no allocation.
@usableFromInline
enum UUIDText {
    /// The length of the text form.
    static let count = 36

    /// Why bytes are not a UUID's text form. Carries positions, not strings, so that the
    /// parse allocates nothing; ``message`` is built on the error path only.
    enum Failure: Error, Equatable {
        case empty
        case braces
        case length(Int)
        case dashExpected(position: Int, found: UInt8)
        case notHexadecimal(position: Int, found: UInt8)

        var message: String {
            switch self {
            case .empty:
                "empty text is not a UUID"
            case .braces:
                "a UUID text has no braces: write xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx without {…}"
            case .length(let count):
                "a UUID text has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found \(count)"
            case .dashExpected(let position, let found):
                "expected '-' at character \(position), found \(Self.describe(found))"
            case .notHexadecimal(let position, let found):
                found == UInt8(ascii: "-")
                    ? "misplaced '-' at character \(position): dashes belong at characters 9, 14, 19 and 24"
                    : "\(Self.describe(found)) at character \(position) is not a hexadecimal digit"
            }
        }

        static func describe(_ byte: UInt8) -> String {
            byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "a non-ASCII or control character"
        }
    }

    /// Whether the character at `offset` (from 0) of the text form is a dash.
    @inline(__always)
    static func isDashOffset(_ offset: Int) -> Bool {
        offset == 8 || offset == 13 || offset == 18 || offset == 23
    }

    /// The value of a hexadecimal digit of either case, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        let digit = byte &- UInt8(ascii: "0")
        if digit < 10 { return digit }
        let letter = (byte | 0x20) &- UInt8(ascii: "a")
        if letter < 6 { return letter &+ 10 }
        return nil
    }

    /// The UUID of a well-formed text form (either case), or `nil`: the read path, which
    /// needs no reason. It checks the four dashes, then converts the 32 digits with
    /// a table; ``parse(_:)`` says what is wrong with text this rejects.
    @usableFromInline
    static func uuid(_ bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == count, bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
            bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
        else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let invalid = withUnsafeMutableBytes(of: &uuid) { output in
            hexPairs(bytes, from: 0, count: 4, into: output, at: 0)
                | hexPairs(bytes, from: 9, count: 2, into: output, at: 4)
                | hexPairs(bytes, from: 14, count: 2, into: output, at: 6)
                | hexPairs(bytes, from: 19, count: 2, into: output, at: 8)
                | hexPairs(bytes, from: 24, count: 6, into: output, at: 10)
        }
        return invalid == 0 ? UUID(uuid: uuid) : nil
    }

    /// Converts `count` pairs of hexadecimal digits starting at `offset` into bytes of
    /// `output` from `index`; zero when every digit was hexadecimal.
    @inline(__always)
    private static func hexPairs(
        _ bytes: UnsafeRawBufferPointer, from offset: Int, count: Int, into output: UnsafeMutableRawBufferPointer,
        at index: Int
    ) -> UInt8 {
        var invalid: UInt8 = 0
        for pair in 0..<count {
            let high = hexTable[Int(bytes[offset + 2 * pair])], low = hexTable[Int(bytes[offset + 2 * pair + 1])]
            invalid |= (high | low) & 0xF0
            output[index + pair] = high << 4 | (low & 0x0F)
        }
        return invalid
    }

    /// The value of each byte as a hexadecimal digit of either case; 0xFF for any other byte.
    private static let hexTable: [UInt8] = (0...255).map { hexValue(UInt8($0)) ?? 0xFF }

    /// Parses the text form, either case.
    static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<UUID, Failure> {
        guard bytes.count == count, bytes[0] != UInt8(ascii: "{") else { return .failure(lengthFailure(bytes)) }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let failure = withUnsafeMutableBytes(of: &uuid) { output -> Failure? in
            var offset = 0
            for index in 0..<16 {
                if isDashOffset(offset) {
                    guard bytes[offset] == UInt8(ascii: "-") else {
                        return .dashExpected(position: offset + 1, found: bytes[offset])
                    }
                    offset += 1
                }
                guard let high = hexValue(bytes[offset]) else {
                    return .notHexadecimal(position: offset + 1, found: bytes[offset])
                }
                guard let low = hexValue(bytes[offset + 1]) else {
                    return .notHexadecimal(position: offset + 2, found: bytes[offset + 1])
                }
                output[index] = high << 4 | low
                offset += 2
            }
            return nil
        }
        if let failure { return .failure(failure) }
        return .success(UUID(uuid: uuid))
    }

    /// The failure for text that is not 36 bytes long.
    static func lengthFailure(_ bytes: UnsafeRawBufferPointer) -> Failure {
        if bytes.isEmpty { return .empty }
        if bytes.first == UInt8(ascii: "{") || bytes.last == UInt8(ascii: "}") { return .braces }
        // Characters, not bytes: UTF-8 continuation bytes do not start one.
        var characters = 0
        var firstNonASCII: (position: Int, byte: UInt8)?
        for byte in bytes where byte & 0xC0 != 0x80 {
            characters += 1
            if byte >= 0x80, firstNonASCII == nil { firstNonASCII = (characters, byte) }
        }
        // 36 characters, some of them not ASCII: name the first.
        if characters == count, let (position, byte) = firstNonASCII {
            return isDashOffset(position - 1)
                ? .dashExpected(position: position, found: byte)
                : .notHexadecimal(position: position, found: byte)
        }
        return .length(characters)
    }

    /// Formats `uuid` into 36 bytes on the stack and passes them to `body`.
    @inline(__always)
    static func withFormatted<R>(
        _ uuid: UUID, uppercase: Bool, _ body: (UnsafeRawBufferPointer) throws -> R
    ) rethrows -> R {
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            let letters = uppercase ? UInt8(ascii: "A") &- 10 : UInt8(ascii: "a") &- 10
            withUnsafeBytes(of: uuid.uuid) { input in
                var offset = 0
                for index in 0..<16 {
                    if isDashOffset(offset) {
                        buffer[offset] = UInt8(ascii: "-")
                        offset += 1
                    }
                    let byte = input[index]
                    let high = byte >> 4, low = byte & 0x0F
                    buffer[offset] = high < 10 ? UInt8(ascii: "0") &+ high : letters &+ high
                    buffer[offset + 1] = low < 10 ? UInt8(ascii: "0") &+ low : letters &+ low
                    offset += 2
                }
            }
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }
}

extension SQLColumnReader {
    /// Reads column `index` as the text form of a UUID, without copying it.
    ///
    /// Inlinable, so that it specializes for the caller's reader: a row decodes its UUID
    /// with direct calls into the statement.
    @inlinable
    func readUUIDText(at index: Int, as type: Any.Type) throws -> UUID {
        if let parsed = withUnsafeTextBytesIfText(at: index, { UUIDText.uuid($0) }), let uuid = parsed {
            return uuid
        }
        if case .uuid(let uuid)? = readNative(at: index) { return uuid }
        throw uuidTextError(at: index, as: type)
    }

    /// Why column `index` is not the text form of a UUID: the error path of ``readUUIDText(at:as:)``.
    @usableFromInline
    func uuidTextError(at index: Int, as type: Any.Type) -> SQLDecodingError {
        guard storage(at: index) == .text else {
            return uuidError(
                at: index, as: type, expected: .text,
                reason: storage(at: index) == .null ? .unexpectedNull : .storageMismatch)
        }
        switch withUnsafeTextBytes(at: index, { UUIDText.parse($0) }) {
        case .success:
            // Unreachable: parse and uuid accept the same texts.
            return uuidError(at: index, as: type, expected: .text, reason: .invalidValue("not a UUID"))
        case .failure(let failure):
            return uuidError(at: index, as: type, expected: .text, reason: .invalidValue(failure.message))
        }
    }

    /// An error that names the representation as written (`UUID.BlobRepresentation`).
    func uuidError(at index: Int, as type: Any.Type, expected: SQLStorage, reason: SQLDecodingError.Reason)
        -> SQLDecodingError
    {
        var error = decodingError(at: index, for: UUID.self, expected: [expected], reason: reason)
        error.type = SQLTypeName.of(type)
        return error
    }
}
