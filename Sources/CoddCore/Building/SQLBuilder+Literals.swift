extension SQLBuilder {
    /// Appends `NULL`.
    public mutating func null() {
        keyword("NULL")
    }

    /// Appends an INTEGER literal.
    ///
    /// `Int64.min` renders as `(-9223372036854775807 - 1)`: SQLite reads the digits of
    /// `-9223372036854775808` as a REAL before negating them.
    public mutating func integer(_ value: Int64) {
        if value == .min {
            keyword("(-9223372036854775807 - 1)")
        } else {
            appendDecimal(value)
        }
    }

    /// Appends the decimal digits of `value` (not `Int64.min`) as a token, with no `String`.
    private mutating func appendDecimal(_ value: Int64) {
        separateToken()
        if value < 0 { sqlBuffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = sqlBuffer.count
        repeat {
            sqlBuffer.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        sqlBuffer.reverse(from: start)
    }

    /// Appends a REAL literal that SQLite reads back as exactly `value`.
    ///
    /// A value with at most 15 significant digits and a magnitude between 1e-22 and 1e22
    /// renders as Swift prints it (`0.1`, `-2.5`, `1000000.0`): SQLite parses those
    /// exactly. Any other value renders as its exact binary form, an integer significand
    /// scaled by powers of two, which is exact in IEEE arithmetic:
    /// `(4503599627370497.0 / 4503599627370496)`. (SQLite 3.40's decimal parser is off
    /// by one unit in the last place for some values with 16 or 17 digits or large
    /// exponents.)
    ///
    /// - Throws: ``SQLEncodingError`` for NaN and infinities, which have no SQL literal.
    public mutating func real(_ value: Double) throws {
        guard value.isFinite else {
            throw SQLEncodingError(value, reason: "NaN and infinity have no SQL literal")
        }
        appendToken(Self.realLiteral(value))
    }

    /// The literal for a finite real (see ``real(_:)``).
    static func realLiteral(_ value: Double) -> String {
        let decimal = value.description
        let magnitude = value.magnitude
        if value == 0 || (magnitude >= 1e-22 && magnitude < 1e22 && significantDigits(decimal) <= 15) {
            return decimal
        }
        // value = significand × 2^exponent, with an integer significand below 2^53.
        var significand =
            value.significandBitPattern
            + (value.isNormal ? (1 << UInt64(Double.significandBitCount)) : 0)
        var exponent = value.isNormal ? Int(value.exponentBitPattern) - 1075 : -1074
        while significand & 1 == 0 {
            significand >>= 1
            exponent += 1
        }
        var literal = "(" + (value.sign == .minus ? "-" : "") + String(significand) + ".0"
        while exponent > 0 {
            let step = min(exponent, 62)
            literal += " * " + String(1 << step)
            exponent -= step
        }
        while exponent < 0 {
            let step = min(-exponent, 62)
            literal += " / " + String(1 << step)
            exponent += step
        }
        return literal + ")"
    }

    /// The number of significant decimal digits in Swift's description of a double.
    private static func significantDigits(_ description: String) -> Int {
        let mantissa = description.prefix { $0 != "e" && $0 != "E" }
        let digits = mantissa.filter(\.isWholeNumber).drop { $0 == "0" }
        return digits.reversed().drop { $0 == "0" }.count
    }

    /// Appends a TEXT literal: `'…'` with embedded quotes doubled.
    ///
    /// Text containing NUL renders as `CAST(X'…' AS TEXT)`: SQLite's tokenizer stops at
    /// NUL, so no quoted literal can carry one.
    public mutating func text(_ value: String) {
        if value.utf8.contains(0) {
            keyword("CAST(")
            blob(value.utf8)
            keyword("AS TEXT)")
            return
        }
        var literal = "'"
        literal.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            if scalar == "'" { literal += "''" } else { literal.unicodeScalars.append(scalar) }
        }
        literal += "'"
        appendToken(literal)
    }

    /// Appends a BLOB literal: `X'00FF'`; `X''` for an empty blob.
    public mutating func blob(_ bytes: some Sequence<UInt8>) {
        var literal = "X'"
        for byte in bytes {
            literal += SQLHex.byte(byte)
        }
        literal += "'"
        appendToken(literal)
    }

    /// Appends `value` as a literal.
    ///
    /// - Throws: ``SQLEncodingError`` for a non-finite real.
    public mutating func literal(_ value: SQLValue) throws {
        switch value {
        case .null: null()
        case .integer(let value): integer(value)
        case .real(let value): try real(value)
        case .text(let value): text(value)
        case .blob(let value): blob(value)
        }
    }
}
