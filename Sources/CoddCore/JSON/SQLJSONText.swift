/// The byte-level pieces of reading JSON scalars: hex digits, string unescaping and numbers.
@usableFromInline
enum SQLJSONText {
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Unescapes the body of a JSON string into `output` (at least as long as `input`) and
    /// returns the number of bytes written.
    ///
    /// A lone surrogate (`\uD800` without its pair) is written as the bytes UTF-8 forbids,
    /// so reading the text as a `String` fails with a typed error instead of substituting
    /// U+FFFD for it.
    static func unescape(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int {
        var read = 0
        var written = 0
        func put(_ byte: UInt8) {
            output[written] = byte
            written += 1
        }
        func hex4(at offset: Int) -> UInt32 {
            var value: UInt32 = 0
            for index in offset..<(offset + 4) {
                value = value << 4 | UInt32(hexValue(input[index]) ?? 0)
            }
            return value
        }
        while read < input.count {
            let byte = input[read]
            guard byte == UInt8(ascii: "\\"), read + 1 < input.count else {
                put(byte)
                read += 1
                continue
            }
            let escape = input[read + 1]
            read += 2
            switch escape {
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u") where read + 4 <= input.count:
                var scalar = hex4(at: read)
                read += 4
                if scalar >= 0xD800, scalar < 0xDC00, read + 6 <= input.count,
                    input[read] == UInt8(ascii: "\\"), input[read + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(at: read + 2)
                    if low >= 0xDC00, low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        read += 6
                    }
                }
                // A surrogate left over here is lone: its three-byte form is not UTF-8.
                if scalar < 0x80 {
                    put(UInt8(scalar))
                } else if scalar < 0x800 {
                    put(UInt8(0xC0 | scalar >> 6))
                    put(UInt8(0x80 | scalar & 0x3F))
                } else if scalar < 0x10000 {
                    put(UInt8(0xE0 | scalar >> 12))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                } else {
                    put(UInt8(0xF0 | scalar >> 18))
                    put(UInt8(0x80 | scalar >> 12 & 0x3F))
                    put(UInt8(0x80 | scalar >> 6 & 0x3F))
                    put(UInt8(0x80 | scalar & 0x3F))
                }
            default: put(escape)  // \" \\ \/
            }
        }
        return written
    }

    /// The integer a JSON integer's bytes spell, or `nil` when it does not fit in `Int64`.
    static func int64(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        integer(bytes, as: Int64.self)
    }

    /// The double a JSON number's bytes spell, correctly rounded and independent of the C
    /// locale (`Double(String)`; a number of up to 15 bytes is a small string, not an
    /// allocation).
    static func double(_ bytes: UnsafeRawBufferPointer) -> Double {
        Double(String(decoding: bytes, as: UTF8.self)) ?? .nan
    }

    /// The integer a JSON integer's bytes spell, exactly, or `nil` when `T` cannot hold it.
    @inlinable
    static func integer<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as type: T.Type) -> T? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var value: T = 0
        while index < bytes.count {
            guard appendDigit(bytes[index] &- UInt8(ascii: "0"), to: &value, negative: negative) else { return nil }
            index += 1
        }
        return value
    }

    /// `value × 10 ± digit` (minus for a negative number, so that `T.min` is reached), or
    /// `false` when `T` cannot hold it.
    @inlinable
    static func appendDigit<T: FixedWidthInteger>(_ digit: UInt8, to value: inout T, negative: Bool) -> Bool {
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (next, o2) =
            negative ? times10.subtractingReportingOverflow(T(digit)) : times10.addingReportingOverflow(T(digit))
        if o1 || o2 { return false }
        value = next
        return true
    }

    /// The integer a JSON number token with a fraction or an exponent spells, exactly
    /// (`4e18`, `-4.5e1`, `12.0`), or `nil` when it is not a whole number or `T` cannot
    /// hold it.
    @usableFromInline
    static func wholeNumber<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as type: T.Type) -> T? {
        let negative = bytes.first == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        // The mantissa: digits, and at most one point among them.
        let mantissaStart = index
        var digitCount = 0
        var fractionCount = 0
        var inFraction = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digitCount += 1
                if inFraction { fractionCount += 1 }
            } else {
                break
            }
            index += 1
        }
        let mantissaEnd = index
        var exponent = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count else { return nil }
            while index < bytes.count {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                // Beyond any integer's digits either way: not exact here.
                guard exponent < 10_000 else { return nil }
                exponent = exponent * 10 + Int(byte &- UInt8(ascii: "0"))
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        guard index == bytes.count else { return nil }
        // The digits the value keeps: all but those after the point that the exponent does
        // not cover, which must be zeros. Read in place, nothing copied.
        let scale = exponent - fractionCount
        let keptCount = Swift.max(0, digitCount + Swift.min(scale, 0))
        var value: T = 0
        var significantCount = 0
        var position = 0
        for byteIndex in mantissaStart..<mantissaEnd where bytes[byteIndex] != UInt8(ascii: ".") {
            let digit = bytes[byteIndex] &- UInt8(ascii: "0")
            if position < keptCount {
                if significantCount > 0 || digit != 0 { significantCount += 1 }
                guard appendDigit(digit, to: &value, negative: negative) else { return nil }
            } else if digit != 0 {
                return nil
            }
            position += 1
        }
        // Leading zeros say nothing; with no other digit the number is zero.
        if significantCount == 0 { return 0 }
        guard significantCount + Swift.max(scale, 0) <= 40 else { return nil }
        for _ in 0..<Swift.max(scale, 0) {
            guard appendDigit(0, to: &value, negative: negative) else { return nil }
        }
        return value
    }

    /// Whether `bytes` are an even number of hex digits: a BLOB's JSON form.
    static func isHex(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count % 2 == 0 && bytes.allSatisfy { hexValue($0) != nil }
    }
}
