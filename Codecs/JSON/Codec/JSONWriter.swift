import CoddCore

/// Appends JSON text to a byte buffer: strings escaped as RFC 8259 requires, doubles in
/// Swift's shortest round-tripping form.
struct JSONWriter {
    var bytes: [UInt8] = []

    mutating func null() { append("null") }

    mutating func bool(_ value: Bool) { append(value ? "true" : "false") }

    mutating func integer(_ value: some FixedWidthInteger) { bytes.append(contentsOf: String(value).utf8) }

    mutating func double(_ value: Double, path: [any CodingKey]) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: path, debugDescription: "JSON has no form for \(value)")
            )
        }
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { string($0) }
    }

    mutating func string(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func hexString(_ blob: [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in blob {
            bytes.append(Self.upperHexDigits[Int(byte >> 4)])
            bytes.append(Self.upperHexDigits[Int(byte & 0xF)])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An SQL value in JSON: what `json_object` renders for it, a BLOB as `hex()` does.
    mutating func sqlValue(_ value: SQLValue, path: [any CodingKey]) throws {
        switch value {
        case .null: null()
        case .integer(let integer): self.integer(integer)
        case .real(let real): try double(real, path: path)
        case .text(let text): string(text)
        case .blob(let blob): hexString(blob)
        }
    }

    mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    private static let upperHexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)
}
