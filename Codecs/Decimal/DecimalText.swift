import Foundation

/// Decimal numbers as text: the scan both the codec and the collation read, the exact
/// conversion to `Decimal`, and the canonical text the codec writes. No `String`, no
/// `NumberFormatter`, no `Decimal(string:)` (which rounds past 38 digits in silence).
package enum DecimalText {
    /// Where the parts of a decimal number's text are: `[+-]digits[.digits][(e|E)[+-]digits]`,
    /// at least one digit before the exponent.
    package struct Scan {
        package var isNegative = false
        /// The digits before the point, leading zeros included.
        package var integerDigits: Range<Int> = 0..<0
        /// The digits after the point, trailing zeros included.
        package var fractionDigits: Range<Int> = 0..<0
        /// The exponent, clamped to ±100,000,000 (far past any `Decimal`, and any order).
        package var exponent = 0
    }

    /// The parts of `bytes`, or a description of what is wrong with them.
    package static func scan(_ bytes: UnsafeRawBufferPointer) -> Result<Scan, DecimalTextError> {
        var scan = Scan()
        var index = 0
        let count = bytes.count
        guard count > 0 else { return .failure(.empty) }
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            scan.isNegative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        let integerStart = index
        while index < count, isDigit(bytes[index]) { index += 1 }
        scan.integerDigits = integerStart..<index
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < count, isDigit(bytes[index]) { index += 1 }
            scan.fractionDigits = fractionStart..<index
        }
        guard !scan.integerDigits.isEmpty || !scan.fractionDigits.isEmpty else {
            return .failure(.unexpected(byte: index < count ? bytes[index] : nil, at: index))
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            var negative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            var exponent = 0
            while index < count, isDigit(bytes[index]) {
                exponent = min(exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")), 100_000_000)
                index += 1
            }
            guard index > exponentStart else {
                return .failure(.unexpected(byte: index < count ? bytes[index] : nil, at: index))
            }
            scan.exponent = negative ? -exponent : exponent
        }
        guard index == count else { return .failure(.unexpected(byte: bytes[index], at: index)) }
        return .success(scan)
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// The `Decimal` `bytes` write, exactly, or why there is none: more significant digits
    /// than `Decimal`'s 128-bit significand holds (38, and some of 39), or a magnitude
    /// beyond its exponents (10^-128 … 10^127 times the significand).
    package static func decimal(_ bytes: UnsafeRawBufferPointer) -> Result<Decimal, DecimalTextError> {
        switch scan(bytes) {
        case .failure(let error): return .failure(error)
        case .success(let scan): return decimal(scan, bytes)
        }
    }

    static func decimal(_ scan: Scan, _ bytes: UnsafeRawBufferPointer) -> Result<Decimal, DecimalTextError> {
        var significand = UInt128Parts()
        var pendingZeros = 0
        func append(_ digit: UInt8) -> Bool {
            if digit == 0 {
                if !significand.isZero { pendingZeros += 1 }
                return true
            }
            while pendingZeros > 0 {
                guard significand.multiplyAdding(10, 0) else { return false }
                pendingZeros -= 1
            }
            return significand.multiplyAdding(10, UInt64(digit))
        }
        for index in scan.integerDigits {
            guard append(bytes[index] &- UInt8(ascii: "0")) else { return .failure(.tooManyDigits) }
        }
        for index in scan.fractionDigits {
            guard append(bytes[index] &- UInt8(ascii: "0")) else { return .failure(.tooManyDigits) }
        }
        if significand.isZero { return .success(Decimal.zero) }
        var exponent = scan.exponent - scan.fractionDigits.count + pendingZeros
        var isCompact = true
        // A large exponent folds into the significand while it holds more digits: 1e130 is
        // 1000 × 10^127.
        while exponent > Int(Int8.max) {
            guard significand.multiplyAdding(10, 0) else { return .failure(.outOfRange) }
            exponent -= 1
            isCompact = false
        }
        guard exponent >= Int(Int8.min) else { return .failure(.tooManyDecimalPlaces) }
        guard
            let value = significand.decimal(
                exponent: Int32(exponent), isNegative: scan.isNegative, isCompact: isCompact)
        else {
            return .failure(.outOfRange)
        }
        return .success(value)
    }

    /// The canonical text of `value`: plain digits (no exponent), `-` for a negative, a
    /// point only before fraction digits, no trailing zero after it, `0` for zero:
    /// `1.10` is `1.1`, `1e3` is `1000`, `-0.050` is `-0.05`. One text per value, so equal
    /// values are equal texts. `nil` for NaN.
    package static func withCanonicalText<R>(_ value: Decimal, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows
        -> R?
    {
        guard !value.isNaN else { return nil }
        var significand = UInt128Parts(value)
        if significand.isZero { return try withUnsafeBytes(of: UInt8(ascii: "0")) { try body($0) } }
        // The significand's digits, least significant first, trailing zeros dropped into
        // the exponent.
        var exponent = DecimalLayout.current.fields(of: value)?.exponent ?? value.exponent
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 48) { digits in
            var digitCount = 0
            while !significand.isZero {
                let digit = significand.divide(by: 10)
                if digitCount == 0 && digit == 0 {
                    exponent += 1
                    continue
                }
                digits[digitCount] = UInt8(ascii: "0") &+ UInt8(digit)
                digitCount += 1
            }
            // At most 1 + 39 + 127 bytes (a large exponent), or 3 + 128 + 39 (a small one).
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 192) { text in
                var length = 0
                func put(_ byte: UInt8) {
                    text[length] = byte
                    length += 1
                }
                if value.sign == .minus { put(UInt8(ascii: "-")) }
                let pointPosition = digitCount + exponent  // digits before the point
                if exponent >= 0 {
                    for index in stride(from: digitCount - 1, through: 0, by: -1) { put(digits[index]) }
                    for _ in 0..<exponent { put(UInt8(ascii: "0")) }
                } else if pointPosition > 0 {
                    for (position, index) in stride(from: digitCount - 1, through: 0, by: -1).enumerated() {
                        if position == pointPosition { put(UInt8(ascii: ".")) }
                        put(digits[index])
                    }
                } else {
                    put(UInt8(ascii: "0"))
                    put(UInt8(ascii: "."))
                    for _ in 0..<(-pointPosition) { put(UInt8(ascii: "0")) }
                    for index in stride(from: digitCount - 1, through: 0, by: -1) { put(digits[index]) }
                }
                return try body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: text[0..<length])))
            }
        }
    }

    /// The canonical text of `value` as a `String`; `nil` for NaN.
    package static func canonicalText(_ value: Decimal) -> String? {
        withCanonicalText(value) { String(decoding: $0, as: UTF8.self) }
    }
}

/// What is wrong with a decimal number's text.
package enum DecimalTextError: Error, Equatable, CustomStringConvertible {
    case empty
    case unexpected(byte: UInt8?, at: Int)
    case tooManyDigits
    case tooManyDecimalPlaces
    case outOfRange

    package var description: String {
        switch self {
        case .empty:
            "empty text is not a decimal number"
        case .unexpected(let byte?, let index) where (0x20..<0x7F).contains(byte):
            "unexpected '\(Character(Unicode.Scalar(byte)))' at character \(index + 1) of a decimal number ([-]digits[.digits][e[-]digits])"
        case .unexpected(let byte?, let index):
            "unexpected byte 0x\(String(byte, radix: 16, uppercase: true)) at byte \(index + 1) of a decimal number ([-]digits[.digits][e[-]digits])"
        case .unexpected(nil, _):
            "the text ends before a digit: a decimal number is [-]digits[.digits][e[-]digits]"
        case .tooManyDigits:
            "more significant digits than Decimal holds (38): reading it would round"
        case .tooManyDecimalPlaces:
            "more decimal places than Decimal holds (its smallest unit is 10^-128): reading it would round"
        case .outOfRange:
            "the number is beyond Decimal's range (about 3.4 × 10^165)"
        }
    }
}

/// `Decimal`'s 128-bit significand as two words, for exact digit-by-digit arithmetic.
struct UInt128Parts {
    var high: UInt64 = 0
    var low: UInt64 = 0

    init() {}

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The significand of `value`: its eight 16-bit words, least significant first.
    init(_ value: Decimal) {
        guard let fields = DecimalLayout.current.fields(of: value) else {
            self = Self.parsingDescription(of: value)
            return
        }
        self = fields.significand
    }

    var isZero: Bool { high == 0 && low == 0 }

    /// The 16-bit word `index` (0 least significant).
    func word(_ index: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: (index < 4 ? low : high) >> (UInt64(index % 4) * 16))
    }

    /// `self = self × factor + addend`; `false` (and `self` unchanged) when it overflows.
    mutating func multiplyAdding(_ factor: UInt64, _ addend: UInt64) -> Bool {
        let lowProduct = low.multipliedFullWidth(by: factor)
        let highProduct = high.multipliedFullWidth(by: factor)
        guard highProduct.high == 0 else { return false }
        let (newLow, carry1) = lowProduct.low.addingReportingOverflow(addend)
        let (highSum, carry2) = highProduct.low.addingReportingOverflow(lowProduct.high)
        let (newHigh, carry3) = highSum.addingReportingOverflow(carry1 ? 1 : 0)
        guard !carry2, !carry3 else { return false }
        low = newLow
        high = newHigh
        return true
    }

    /// Divides by `divisor` (below 2^32) and returns the remainder.
    mutating func divide(by divisor: UInt64) -> UInt64 {
        let (highQuotient, highRemainder) = high.quotientAndRemainder(dividingBy: divisor)
        let (lowQuotient, remainder) = divisor.dividingFullWidth((highRemainder, low))
        high = highQuotient
        low = lowQuotient
        return remainder
    }

    /// `± self × 10^exponent`, exactly (the significand fits `Decimal`'s 128 bits, the
    /// exponent its -128…127); `nil` where only `Decimal`'s public API is there and it cannot
    /// build the value exactly.
    func decimal(exponent: Int32, isNegative: Bool, isCompact: Bool) -> Decimal? {
        if let value = DecimalLayout.current.decimal(
            significand: self, exponent: exponent, isNegative: isNegative, isCompact: isCompact)
        {
            return value
        }
        // Public API: the digits and exponent as text, which Foundation reads exactly up to
        // 38 digits; anything it rounds or refuses is refused.
        var digits = self
        var text = ""
        repeat {
            text.insert(
                Character(Unicode.Scalar(UInt8(ascii: "0") &+ UInt8(digits.divide(by: 10)))), at: text.startIndex)
        } while !digits.isZero
        let literal = (isNegative ? "-" : "") + text + "e\(exponent)"
        func significantDigits(_ digits: String) -> Substring {
            Substring(digits).drop { $0 == "0" }.reversed().drop { $0 == "0" }.reversed().map(String.init).joined()[...]
        }
        guard let value = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN,
            significantDigits(value.significand.description) == significantDigits(text)
        else { return nil }
        return value
    }

    /// The significand of `value` from its `description`, where `Decimal`'s memory layout is
    /// not one `DecimalLayout` knows.
    static func parsingDescription(of value: Decimal) -> UInt128Parts {
        var parts = UInt128Parts()
        for byte in value.significand.description.utf8 where DecimalText.isDigit(byte) {
            _ = parts.multiplyAdding(10, UInt64(byte &- UInt8(ascii: "0")))
        }
        return parts
    }
}

/// How `Decimal` lays out its fields in memory: its exponent byte, a byte of length and
/// flags, two reserved bytes, then eight 16-bit words of significand. Foundation on Darwin
/// (the C struct `NSDecimal`, whose bit fields fill a byte from its low bits) and
/// swift-foundation elsewhere (from its high bits) order the length and flags differently,
/// so the layout is recognized once, from values built through the public API, and the
/// codec reads and writes the fields directly; with a layout it does not recognize it goes
/// through `Decimal`'s public API (slower, as exact).
enum DecimalLayout {
    /// swift-foundation: length in bits 4–7, negative bit 3, compact bit 2.
    case lengthHigh
    /// `NSDecimal`'s C bit fields: length in bits 0–3, negative bit 4, compact bit 5.
    case lengthLow
    case unknown

    static let current: DecimalLayout = {
        for layout in [DecimalLayout.lengthHigh, .lengthLow] where layout.recognizes() { return layout }
        return .unknown
    }()

    struct Fields {
        var exponent: Int
        var isNegative: Bool
        var significand: UInt128Parts
    }

    /// Whether values built by the public API read back through this layout, and values
    /// built through it equal them.
    private func recognizes() -> Bool {
        let probes: [(Decimal, Int, Bool, UInt128Parts)] = [
            (Decimal(sign: .minus, exponent: -2, significand: 12_345), -2, true, UInt128Parts(high: 0, low: 12_345)),
            (Decimal(sign: .plus, exponent: 30, significand: 70_001), 30, false, UInt128Parts(high: 0, low: 70_001)),
            (
                Decimal(string: "340282366920938463463374607431768211455") ?? .nan, 0, false,
                UInt128Parts(high: .max, low: .max)
            ),
        ]
        for (value, exponent, isNegative, significand) in probes {
            guard let fields = fields(of: value), fields.exponent == exponent, fields.isNegative == isNegative,
                fields.significand.high == significand.high, fields.significand.low == significand.low,
                decimal(significand: significand, exponent: Int32(exponent), isNegative: isNegative, isCompact: true)
                    == value
            else { return false }
        }
        return true
    }

    func fields(of value: Decimal) -> Fields? {
        guard self != .unknown else { return nil }
        return withUnsafeBytes(of: value) { bytes -> Fields? in
            guard bytes.count == 20 else { return nil }
            let flags = bytes[1]
            let length = Int(self == .lengthHigh ? flags >> 4 : flags & 0x0F)
            let isNegative = (self == .lengthHigh ? flags & 0x08 : flags & 0x10) != 0
            var parts = UInt128Parts()
            for index in 0..<min(length, 8) {
                let word = UInt64(bytes[4 + 2 * index]) | UInt64(bytes[5 + 2 * index]) << 8
                if index < 4 {
                    parts.low |= word << (UInt64(index) * 16)
                } else {
                    parts.high |= word << (UInt64(index - 4) * 16)
                }
            }
            return Fields(exponent: Int(Int8(bitPattern: bytes[0])), isNegative: isNegative, significand: parts)
        }
    }

    func decimal(significand: UInt128Parts, exponent: Int32, isNegative: Bool, isCompact: Bool) -> Decimal? {
        guard self != .unknown, let exponentByte = Int8(exactly: exponent) else { return nil }
        var length: UInt8 = 0
        for index in 0..<8 where significand.word(index) != 0 { length = UInt8(index + 1) }
        var value = Decimal()
        withUnsafeMutableBytes(of: &value) { bytes in
            bytes[0] = UInt8(bitPattern: exponentByte)
            let negative = isNegative && length > 0
            bytes[1] =
                self == .lengthHigh
                ? length << 4 | (negative ? 0x08 : 0) | (isCompact ? 0x04 : 0)
                : length | (negative ? 0x10 : 0) | (isCompact ? 0x20 : 0)
            bytes[2] = 0
            bytes[3] = 0
            for index in 0..<8 {
                let word = significand.word(index)
                bytes[4 + 2 * index] = UInt8(truncatingIfNeeded: word)
                bytes[5 + 2 * index] = UInt8(truncatingIfNeeded: word >> 8)
            }
        }
        return value
    }
}
