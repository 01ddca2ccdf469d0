extension SQLBuilder {
    /// Appends `NULL`.
    public mutating func null() {
        appendToken("NULL")
    }

    /// Appends an INTEGER literal.
    ///
    /// `Int64.min` renders as `(-9223372036854775807 - 1)`: SQLite reads the digits of
    /// `-9223372036854775808` as a REAL before negating them.
    public mutating func integer(_ value: Int64) {
        if value == .min {
            appendToken("(-9223372036854775807 - 1)")
        } else {
            appendToken(String(value))
        }
    }

    /// Appends a REAL literal that reads back as exactly `value` (`0.1`, `1e+300`, `-0.0`).
    ///
    /// - Throws: ``SQLEncodingError`` for NaN and infinities, which have no SQL literal.
    public mutating func real(_ value: Double) throws {
        guard value.isFinite else {
            throw SQLEncodingError(value, reason: "NaN and infinity have no SQL literal")
        }
        // Swift prints the shortest digits that read back exactly, always with a `.` or
        // an exponent, so SQLite reads a REAL.
        appendToken(value.description)
    }

    /// Appends a TEXT literal: `'…'` with embedded quotes doubled.
    ///
    /// Text containing NUL renders as `CAST(X'…' AS TEXT)`: SQLite's tokenizer stops at
    /// NUL, so no quoted literal can carry one.
    public mutating func text(_ value: String) {
        if value.utf8.contains(0) {
            appendToken("CAST(")
            blob(value.utf8)
            appendToken("AS TEXT)")
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
