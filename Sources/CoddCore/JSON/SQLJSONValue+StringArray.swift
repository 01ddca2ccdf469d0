extension SQLJSONValue {
    /// The strings of JSON text that is an array of plain strings (`["home","urgent"]`),
    /// read in one pass without building a parse tape; `nil` for anything else, including
    /// strings with escapes, which the caller then parses the general way (with its errors).
    ///
    /// The common JSON column decodes here at the cost of a hand-written parser.
    public static func plainStringArray(_ bytes: UnsafeRawBufferPointer) -> [String]? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var position = 0
        @inline(__always) func skipWhitespace() {
            while position < count {
                switch base.load(fromByteOffset: position, as: UInt8.self) {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }
        @inline(__always) func byte() -> UInt8? {
            position < count ? base.load(fromByteOffset: position, as: UInt8.self) : nil
        }
        skipWhitespace()
        guard byte() == UInt8(ascii: "[") else { return nil }
        position += 1
        skipWhitespace()
        // One allocation for the array: in the text this parser accepts (no escapes), every
        // string is two quotes, so their count is the element count. Appending to an empty
        // array would allocate again at each doubling (two allocations for two tags). The
        // reservation is capped: the text is not validated yet, and a huge one (a million
        // quotes) must not reserve in proportion before it is refused.
        var quotes = 0
        for index in position..<count where base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "\"") {
            quotes += 1
        }
        var strings: [String] = []
        strings.reserveCapacity(Swift.min(quotes / 2, 1_024))
        if byte() == UInt8(ascii: "]") {
            position += 1
        } else {
            while true {
                guard byte() == UInt8(ascii: "\"") else { return nil }
                position += 1
                let start = position
                var ascii: UInt8 = 0
                while true {
                    guard let next = byte() else { return nil }
                    if next == UInt8(ascii: "\"") { break }
                    // An escape or a control character: leave it to the general parser.
                    if next == UInt8(ascii: "\\") || next < 0x20 { return nil }
                    ascii |= next
                    position += 1
                }
                let text = UnsafeRawBufferPointer(start: base + start, count: position - start)
                if ascii < 0x80 {
                    strings.append(String(decoding: text, as: UTF8.self))
                } else {
                    guard let decoded = SQLUTF8.decodeUTF8(text) else { return nil }
                    strings.append(decoded)
                }
                position += 1
                skipWhitespace()
                guard let separator = byte() else { return nil }
                position += 1
                if separator == UInt8(ascii: "]") { break }
                guard separator == UInt8(ascii: ",") else { return nil }
                skipWhitespace()
            }
        }
        skipWhitespace()
        return position == count ? strings : nil
    }
}
