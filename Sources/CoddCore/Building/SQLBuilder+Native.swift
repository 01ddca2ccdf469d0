extension SQLBuilder {
    /// Appends a native value (PostgreSQL) as a placeholder with a cast, binding its text:
    /// `$1::uuid` with `'0d6c…'`, or as a literal (``nativeLiteral(_:)``), by ``mode``.
    package mutating func nativePlaceholder(_ value: SQLNativeValue) throws {
        switch mode {
        case .parameters:
            try placeholder(.text(value.text))
            appendCast(value)
        case .inlineLiterals:
            try nativeLiteral(value)
        }
    }

    /// Appends a native value as a literal: `'0d6c…'::uuid`,
    /// `'2024-01-02 03:04:05.000000+00'::timestamptz`, `'{"a":1}'::jsonb`, `TRUE`.
    package mutating func nativeLiteral(_ value: SQLNativeValue) throws {
        if case .boolean(let flag) = value {
            if flag { keyword("TRUE") } else { keyword("FALSE") }
            return
        }
        text(value.text)
        appendCast(value)
    }

    private mutating func appendCast(_ value: SQLNativeValue) {
        sqlBytes.append(UInt8(ascii: ":"))
        sqlBytes.append(UInt8(ascii: ":"))
        appendBytes(of: value.castName)
    }
}
