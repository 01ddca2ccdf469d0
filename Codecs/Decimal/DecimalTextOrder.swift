import CoddCore

/// The numeric order of decimal numbers written as text: what the `codd_decimal` collation
/// compares, so SQLite orders a TEXT column of decimals as numbers (`9 < 10 < 100`,
/// `-0.5 < 0`, `1.10 = 1.1`), in place, without parsing them into `Decimal` or allocating.
///
/// Any decimal text compares (`1e3 = 1000`, `+5 = 5.000`, any number of digits), so rows
/// other software wrote order too. Text that is not a decimal number sorts after every
/// number, by its bytes: the order stays total, as an index needs.
package enum DecimalTextOrder {
    /// Negative, zero or positive as `lhs` is less than, equal to or greater than `rhs`.
    package static func compare(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        let left = Number(lhs)
        let right = Number(rhs)
        switch (left, right) {
        case (nil, nil): return bytewise(lhs, rhs)
        case (nil, _): return 1
        case (_, nil): return -1
        case (let left?, let right?):
            if left.sign != right.sign { return left.sign < right.sign ? -1 : 1 }
            if left.sign == 0 { return 0 }
            let magnitude = compareMagnitudes(left, right, lhs, rhs)
            return left.sign > 0 ? magnitude : -magnitude
        }
    }

    /// A decimal text's sign, the position of its first significant digit and where its
    /// digits are.
    struct Number {
        /// -1, 0 (zero, however written) or 1.
        var sign: Int
        /// The power of ten of the first significant digit: 2 for 123.4, -2 for 0.012.
        var leadingPower = 0
        var scan: DecimalText.Scan
        /// The index of the first significant digit among the integer digits followed by the
        /// fraction digits.
        var first = 0

        init?(_ bytes: UnsafeRawBufferPointer) {
            guard case .success(let scan) = DecimalText.scan(bytes) else { return nil }
            self.scan = scan
            let total = scan.integerDigits.count + scan.fractionDigits.count
            var position = 0
            while position < total, Self.digit(at: position, scan, bytes) == 0 { position += 1 }
            guard position < total else {
                sign = 0
                return
            }
            sign = scan.isNegative ? -1 : 1
            first = position
            leadingPower = scan.integerDigits.count - position - 1 + scan.exponent
        }

        /// The digit at `position` of the integer digits followed by the fraction digits.
        @inline(__always)
        static func digit(at position: Int, _ scan: DecimalText.Scan, _ bytes: UnsafeRawBufferPointer) -> UInt8 {
            let integerCount = scan.integerDigits.count
            let index =
                position < integerCount
                ? scan.integerDigits.lowerBound + position
                : scan.fractionDigits.lowerBound + (position - integerCount)
            return bytes[index] &- UInt8(ascii: "0")
        }

        var digitCount: Int { scan.integerDigits.count + scan.fractionDigits.count }
    }

    /// Compares |lhs| and |rhs|, both nonzero: by the power of the first significant digit,
    /// then digit by digit (a missing digit is a zero).
    static func compareMagnitudes(
        _ lhs: Number, _ rhs: Number, _ lhsBytes: UnsafeRawBufferPointer, _ rhsBytes: UnsafeRawBufferPointer
    ) -> Int {
        if lhs.leadingPower != rhs.leadingPower { return lhs.leadingPower < rhs.leadingPower ? -1 : 1 }
        var left = lhs.first
        var right = rhs.first
        let leftEnd = lhs.digitCount
        let rightEnd = rhs.digitCount
        while left < leftEnd || right < rightEnd {
            let a = left < leftEnd ? Number.digit(at: left, lhs.scan, lhsBytes) : 0
            let b = right < rightEnd ? Number.digit(at: right, rhs.scan, rhsBytes) : 0
            if a != b { return a < b ? -1 : 1 }
            left += 1
            right += 1
        }
        return 0
    }

    /// Byte order, a shorter prefix first: the order of texts that are not numbers.
    static func bytewise(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
        for (a, b) in zip(lhs, rhs) where a != b { return a < b ? -1 : 1 }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }
}

extension SQLCollation {
    /// `codd_decimal`: decimal numbers stored as text, in numeric order (see
    /// `DecimalTextOrder`). The `Decimal` codec compares and orders through it; a column or
    /// an index may declare it (`"price" TEXT COLLATE "codd_decimal"`), after
    /// `Configuration.add(collation: .decimal)`.
    public static let decimal = SQLCollation("codd_decimal", comparingUTF8: DecimalTextOrder.compare)
}
